"""`scorekeeper history`: list, show, re-score and export the saved sessions; delete them to
the trash and restore them."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.records import SessionIds, day, game_id, report_unreadable
from scorekeeper.errors import ExitStatus
from scorekeeper.history.archive import load
from scorekeeper.render.export import FORMATS

if TYPE_CHECKING:
    from scorekeeper.history.plays import Play
    from scorekeeper.render.qr import ImageKind

app = command_app(
    no_args_is_help=True,
    help="The sessions in the data directory: list, show, re-score, export, delete, restore.",
)

GameOption = Annotated[
    str | None,
    typer.Option(
        "--game", help="Only this title (id, alias or name).", autocompletion=complete.games
    ),
]
PlayerOption = Annotated[
    str | None,
    typer.Option(
        "--player",
        help="Only sessions with this player (any case).",
        autocompletion=complete.players,
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for scripts (docs/commands.md: its shape).")
]


def _print_json(data: object) -> None:
    """JSON on standard output: data, never markup, with control characters escaped."""
    from scorekeeper.history.plays import json_text

    sys.stdout.write(json_text(data))


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
    trash: Annotated[
        bool, typer.Option("--trash", help="List the deleted sessions in the trash instead.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """List sessions, newest first."""
    from scorekeeper import render
    from scorekeeper.history.plays import newest_first, select
    from scorekeeper.render.export import session_json
    from scorekeeper.render.history import history_table

    state: AppState = ctx.obj
    if trash:
        _list_trash(state, as_json)
        return
    with user_errors():
        loaded = load(state.home)
        wanted = select(
            loaded.plays, game=game_id(game), player=player, since=day(since, "--since")
        )
    report_unreadable(loaded.unreadable)
    if as_json:
        _print_json([session_json(p) for p in newest_first(wanted)[: limit or None]])
        return
    console = render.make_console()
    if not wanted:
        console.print("No sessions." if not loaded.plays else "No sessions match.")
        return
    shown = newest_first(wanted)[: limit or None]
    console.print(history_table(shown, "Sessions, newest first"))
    if len(shown) < len(wanted):
        console.print(f"{len(shown)} of {len(wanted)} sessions shown; --limit 0 shows all.")


IdArgument = Annotated[
    str,
    typer.Argument(
        metavar="ID",
        help="Short id or file name (a unique prefix is fine).",
        autocompletion=complete.sessions,
    ),
]


@app.command("show")
def show(
    ctx: typer.Context,
    session_id: IdArgument,
    bgstats: Annotated[
        bool, typer.Option("--bgstats", help="Print the BG Stats link and its QR code instead.")
    ] = False,
    qr_file: Annotated[
        Path | None,
        typer.Option(
            "--qr",
            metavar="FILE.png|FILE.svg",
            dir_okay=False,
            help="Write the BG Stats link's QR code to a new PNG or SVG image instead of "
            "drawing it (implies --bgstats).",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Show one session: its facts, scores, breakdown and how any tie was settled."""

    from scorekeeper import render
    from scorekeeper.history.plays import find_play
    from scorekeeper.render.export import session_json
    from scorekeeper.render.history import play_facts
    from scorekeeper.render.score import print_outcome
    from scorekeeper.storage import read_session

    state: AppState = ctx.obj
    if as_json and (bgstats or qr_file is not None):
        raise fail("--json cannot be combined with --bgstats or --qr; choose one")
    kind = _image_kind(qr_file)
    with user_errors(state):
        loaded = load(state.home)
        play = find_play(loaded.plays, session_id)
        if as_json:
            _print_json(session_json(play))
            return
        if bgstats or qr_file is not None:
            _show_bgstats(play, loaded.plays, qr_file, kind)
            return
        session = read_session(Path(play.file), state.home)
        outcome = session.score()
    console = render.make_console()
    console.print(play_facts(play))
    print_outcome(console, outcome, session.game.name)


@app.command("edit")
def edit(
    ctx: typer.Context,
    session_id: IdArgument,
    editor: Annotated[
        bool,
        typer.Option("--editor", help="Edit the file in $VISUAL or $EDITOR instead."),
    ] = False,
) -> None:
    """Correct a saved game: its answers at the walk-through's review, or the file in an
    editor; it is saved again under the same id, the previous version kept in the trash."""
    from scorekeeper.cli.edit import edit as correct
    from scorekeeper.history.archive import replace_played

    state: AppState = ctx.obj
    correct(
        state,
        session_id,
        editor,
        lambda path, session, outcome, text: replace_played(
            state.home, path, session, outcome, text
        ),
    )


@app.command("delete")
def delete(ctx: typer.Context, session_ids: SessionIds) -> None:
    """Move sessions to the trash (<data dir>/trash/); `history restore` or `undo` brings
    them back."""
    from scorekeeper import render
    from scorekeeper.history.archive import delete_played
    from scorekeeper.storage.sessions import short_id

    state: AppState = ctx.obj
    with user_errors(state):
        deleted = delete_played(state.home, session_ids)
    console = render.make_console()
    for play, item in deleted:
        console.print(
            render.user(f"Deleted {play.id} ({play.title}, {_day(play)}): moved to {item.target}"),
            soft_wrap=True,
        )
    ids = " ".join(short_id(item.target.stem) for _, item in deleted)
    console.print(
        render.user(f"To bring it back: scorekeeper history restore {ids}"), soft_wrap=True
    )


def _day(play: Play) -> str:
    return play.day.isoformat() if play.day is not None else "no date"


@app.command("restore")
def restore(ctx: typer.Context, session_ids: SessionIds) -> None:
    """Put sessions back from the trash under their names (`history list --trash` shows them)."""
    from scorekeeper import render
    from scorekeeper.history.archive import restore_trashed

    state: AppState = ctx.obj
    with user_errors():
        moved = restore_trashed(state.home, session_ids)
    console = render.make_console()
    for item in moved:
        console.print(render.user(f"Restored {item.target.stem} to {item.target}"), soft_wrap=True)


def _list_trash(state: AppState, as_json: bool) -> None:
    """The trash as a table like the history's, named by file (the name `restore` takes)."""
    from scorekeeper import render
    from scorekeeper.history.archive import trashed_plays
    from scorekeeper.history.plays import newest_first
    from scorekeeper.render.export import session_json
    from scorekeeper.render.history import history_table

    with user_errors():
        trashed = trashed_plays(state.home)
    report_unreadable(trashed.unreadable)
    if as_json:
        _print_json([session_json(p) for p in newest_first(trashed.plays)])
        return
    console = render.make_console()
    if not trashed.plays:
        empty = (
            "The trash is empty."
            if not trashed.unreadable
            else "No readable sessions in the trash."
        )
        console.print(empty)
        return
    console.print(history_table(newest_first(trashed.plays), "Trash, newest first"))
    console.print("`scorekeeper history restore ID` puts one back.")


def _image_kind(path: Path | None) -> ImageKind | None:
    """The image format `--qr` asks for, by the file name's ending."""
    if path is None:
        return None
    kind = path.suffix.lower()
    if kind == ".png":
        return "png"
    if kind == ".svg":
        return "svg"
    raise fail(f"--qr: {str(path)!r} does not end in .png or .svg; name a PNG or SVG file")


def _show_bgstats(
    play: Play, history: list[Play], qr_file: Path | None, kind: ImageKind | None
) -> None:
    """The play's facts to check, its BG Stats link, and the link's QR code drawn (or
    written to `qr_file`). A code that could not be drawn is a failure (exit 1)."""
    from scorekeeper import render
    from scorekeeper.history.bgstats import play_link
    from scorekeeper.render.history import play_facts
    from scorekeeper.render.qr import print_link_and_code, qr_image

    console = render.make_console()
    errors = render.make_console(stderr=True)
    console.print(play_facts(play))
    link = play_link(play, history, saved_on)
    if qr_file is None or kind is None:
        if not print_link_and_code(console, link, errors, "--qr FILE.png"):
            raise typer.Exit(ExitStatus.FAILURE)
        return
    console.print(render.user(link), soft_wrap=True)
    _write_new(qr_file, qr_image(link, kind))
    errors.print(render.user(f"Wrote the QR code to {qr_file}."), soft_wrap=True)


def _write_new(path: Path, data: bytes) -> None:
    """A new file, written whole or not at all; an existing one is never replaced."""
    from scorekeeper.storage.files import link_new, reason, write_temp

    try:
        temp = write_temp(path.parent, data)
    except OSError as error:
        raise fail(f"cannot write {path}: {reason(error)}", ExitStatus.FAILURE) from None
    try:
        link_new(temp, path)
    except FileExistsError:
        raise fail(
            f"{path} exists already; not replaced (name a new file)", ExitStatus.FAILURE
        ) from None
    except OSError as error:
        raise fail(f"cannot write {path}: {reason(error)}", ExitStatus.FAILURE) from None
    finally:
        temp.unlink(missing_ok=True)


def saved_on(play: Play) -> date:
    """The day a play's file was last saved: its date for BG Stats when it gives none."""
    try:
        return date.fromtimestamp(Path(play.file).stat().st_mtime)
    except OSError:
        return date.today()


@app.command("rescore")
def rescore(ctx: typer.Context) -> None:
    """Score every session again with the current rules; report results that changed."""

    from scorekeeper import render
    from scorekeeper.history.rescore import rescore as rescore_all
    from scorekeeper.render.history import rescore_summary, rescore_table

    state: AppState = ctx.obj
    with user_errors():
        rescored = rescore_all(state.home)
    report_unreadable(rescored.unreadable)
    console = render.make_console()
    if rescored.changed:
        console.print(rescore_table(rescored.changed))
    console.print(rescore_summary(rescored))


@app.command("export")
def export(
    ctx: typer.Context,
    output_format: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="|".join(FORMATS),
            help="; ".join(f"{name}: {what}" for name, what in FORMATS.items()) + ".",
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
    from scorekeeper.games import GAMES
    from scorekeeper.history.bgstats import plays_file
    from scorekeeper.history.plays import oldest_first, select
    from scorekeeper.render.export import (
        LONG_COLUMNS,
        long_rows,
        session_json,
        wide_columns,
        wide_rows,
    )

    state: AppState = ctx.obj
    output_format = output_format.lower()
    if output_format not in FORMATS:
        raise fail(f"{output_format!r} is not an export format; use --format csv, json or bgstats")
    if long and output_format != "csv":
        raise fail(f"--long is for --format csv, not {output_format}")
    with user_errors():
        loaded = load(state.home)
        plays = oldest_first(select(loaded.plays, game=game_id(game), player=player))
    report_unreadable(loaded.unreadable)
    if output_format == "bgstats":
        _print_json(plays_file(plays, loaded.plays, saved_on))
        return
    if output_format == "json":
        _print_json([session_json(p) for p in plays])
        return
    if long:
        _write_csv(LONG_COLUMNS, long_rows(plays))
        return
    titles = {p.game for p in plays}
    categories = list(dict.fromkeys(c for g in GAMES if g.id in titles for c in g.categories))
    _write_csv(wide_columns(categories), wide_rows(plays, categories))


def _write_csv(columns: Sequence[str], rows: Sequence[dict[str, object]]) -> None:
    import csv

    writer = csv.DictWriter(sys.stdout, fieldnames=columns)
    writer.writeheader()
    writer.writerows(rows)
