"""`scorekeeper history`: list, show, re-score and export the saved sessions."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Annotated

import typer

from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import day, game_id, load, report_unreadable

app = command_app(
    no_args_is_help=True, help="The sessions in the data directory: list, show, re-score, export."
)

GameOption = Annotated[
    str | None, typer.Option("--game", help="Only this title (id, alias or name).")
]
PlayerOption = Annotated[
    str | None, typer.Option("--player", help="Only sessions with this player (any case).")
]


@app.command("list")
def list_sessions(
    ctx: typer.Context,
    game: GameOption = None,
    player: PlayerOption = None,
    since: Annotated[
        str | None, typer.Option("--since", help="Only sessions on or after YYYY-MM-DD.")
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", min=0, help="Show at most N sessions (0: all).")
    ] = 20,
) -> None:
    """List sessions, newest first."""
    from scorekeeper import render
    from scorekeeper.history import newest_first, select
    from scorekeeper.render.history import history_table

    state: AppState = ctx.obj
    with user_errors():
        loaded = load(state.home)
        wanted = select(
            loaded.plays, game=game_id(game), player=player, since=day(since, "--since")
        )
    report_unreadable(loaded.unreadable)
    console = render.make_console()
    if not wanted:
        console.print("No sessions." if not loaded.plays else "No sessions match.")
        return
    shown = newest_first(wanted)[: limit or None]
    console.print(history_table(shown, "Sessions, newest first"))
    if len(shown) < len(wanted):
        console.print(f"{len(shown)} of {len(wanted)} sessions shown; --limit 0 shows all.")


@app.command("show")
def show(
    ctx: typer.Context,
    session_id: Annotated[
        str, typer.Argument(metavar="ID", help="Short id or file name (a unique prefix is fine).")
    ],
) -> None:
    """Show one session: its facts, scores, breakdown and how any tie was settled."""
    from pathlib import Path

    from scorekeeper import render
    from scorekeeper.history import find_play
    from scorekeeper.render.history import play_facts
    from scorekeeper.render.score import print_outcome
    from scorekeeper.storage import read_session

    state: AppState = ctx.obj
    with user_errors():
        loaded = load(state.home)
        play = find_play(loaded.plays, session_id)
        session = read_session(Path(play.file))
        outcome = session.score()
    console = render.make_console()
    console.print(play_facts(play))
    print_outcome(console, outcome, session.game.name)


@app.command("rescore")
def rescore(ctx: typer.Context) -> None:
    """Score every session again with the current rules; report results that changed."""
    from pathlib import Path

    from scorekeeper import render
    from scorekeeper.history import oldest_first, result_changes
    from scorekeeper.render.history import rescore_table
    from scorekeeper.storage import read_stored_result

    state: AppState = ctx.obj
    with user_errors():
        loaded = load(state.home, rescore=True)
    report_unreadable(loaded.unreadable)
    changed = []
    without = 0
    for play in oldest_first(loaded.plays):
        stored = read_stored_result(Path(play.file))
        if stored is None:
            without += 1
            continue
        changes = result_changes(stored, play)
        if changes:
            changed.append((play, changes))
    console = render.make_console()
    if changed:
        console.print(rescore_table(changed))
    summary = f"Re-scored {len(loaded.plays)} sessions: {len(changed)} changed"
    if without:
        summary += f", {without} without a stored result to compare (written by hand)"
    console.print(summary + ".")


class ExportFormat(StrEnum):
    csv = "csv"
    json = "json"


@app.command("export")
def export(
    ctx: typer.Context,
    output_format: Annotated[
        ExportFormat, typer.Option("--format", help="csv: one row per player per session.")
    ] = ExportFormat.csv,
    game: GameOption = None,
    player: PlayerOption = None,
) -> None:
    """Write every session's results to stdout, oldest first, as CSV or JSON (text that a
    spreadsheet would run as a formula is prefixed with ', control characters are escaped)."""
    import csv

    from scorekeeper.games import GAMES
    from scorekeeper.history import export_columns, export_json, export_rows, oldest_first, select

    state: AppState = ctx.obj
    with user_errors():
        loaded = load(state.home)
        plays = oldest_first(select(loaded.plays, game=game_id(game), player=player))
    report_unreadable(loaded.unreadable)
    if output_format is ExportFormat.json:
        sys.stdout.write(export_json(plays))
        return
    titles = {p.game for p in plays}
    categories = list(dict.fromkeys(c for g in GAMES if g.id in titles for c in g.categories))
    writer = csv.DictWriter(sys.stdout, fieldnames=export_columns(categories))
    writer.writeheader()
    writer.writerows(export_rows(plays, categories))
