"""`scorekeeper history export`: every saved game written out for spreadsheets, scripts and
BG Stats."""

import csv
import sys
from collections.abc import Sequence
from typing import Annotated

import typer

from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.records import (
    GameOption,
    PlayerOption,
    game_id,
    print_json,
    report_unreadable,
    saved_on,
)
from scorekeeper.games import GAMES
from scorekeeper.history.archive import load
from scorekeeper.history.bgstats import plays_file
from scorekeeper.history.plays import oldest_first, select
from scorekeeper.render.export import (
    LONG_COLUMNS,
    long_rows,
    session_json,
    wide_columns,
    wide_rows,
)

app = command_app()


@app.command("export")
def export(
    ctx: typer.Context,
    output_format: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="|".join(complete.FORMATS),
            help="; ".join(f"{name}: {what}" for name, what in complete.FORMATS.items()) + ".",
            autocompletion=complete.export_formats,
        ),
    ] = "csv",
    long: Annotated[
        bool,
        typer.Option(
            "--long",
            help="CSV: one row per session, player and category (the same columns for every "
            "title) instead of one per player with a column per category.",
        ),
    ] = False,
    game: GameOption = None,
    player: PlayerOption = None,
) -> None:
    """Write every session's results to stdout, oldest first, as CSV, JSON or a BG Stats
    import file (text that a spreadsheet would run as a formula is prefixed with ', control
    characters are escaped)."""

    state: AppState = ctx.obj
    output_format = output_format.lower()
    if output_format not in complete.FORMATS:
        raise fail(f"{output_format!r} is not an export format; use --format csv, json or bgstats")
    if long and output_format != "csv":
        raise fail(f"--long is for --format csv, not {output_format}")
    with user_errors():
        loaded = load(state.home)
        plays = oldest_first(select(loaded.plays, game=game_id(game), player=player))
    report_unreadable(loaded.unreadable)
    if output_format == "bgstats":
        print_json(plays_file(plays, loaded.plays, saved_on))
        return
    if output_format == "json":
        print_json([session_json(p) for p in plays])
        return
    if long:
        _write_csv(LONG_COLUMNS, long_rows(plays))
        return
    titles = {p.game for p in plays}
    categories = list(dict.fromkeys(c for g in GAMES if g.id in titles for c in g.categories))
    _write_csv(wide_columns(categories), wide_rows(plays, categories))


def _write_csv(columns: Sequence[str], rows: Sequence[dict[str, object]]) -> None:
    writer = csv.DictWriter(sys.stdout, fieldnames=columns)
    writer.writeheader()
    writer.writerows(rows)
