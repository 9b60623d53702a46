"""`scorekeeper history`: list, show and edit the saved sessions. Its other commands live
beside it: `delete`, `restore` and the trash in history_trash.py, `rescore` and `export` in
history_files.py, the BG Stats link in bgstats.py."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli import complete, history_files, history_trash
from scorekeeper.cli.bgstats import image_kind, show_bgstats
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.records import (
    GameOption,
    JsonOption,
    PlayerOption,
    day,
    game_id,
    print_json,
    report_unreadable,
)
from scorekeeper.history.archive import load

if TYPE_CHECKING:
    pass

app = command_app(
    no_args_is_help=True,
    help="The sessions in the data directory: list, show, re-score, export, delete, restore.",
)


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
        history_trash.list_trash(state, as_json)
        return
    with user_errors():
        loaded = load(state.home)
        wanted = select(
            loaded.plays, game=game_id(game), player=player, since=day(since, "--since")
        )
    report_unreadable(loaded.unreadable)
    if as_json:
        print_json([session_json(p) for p in newest_first(wanted)[: limit or None]])
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
    from scorekeeper.storage.sessions import read_session

    state: AppState = ctx.obj
    if as_json and (bgstats or qr_file is not None):
        raise fail("--json cannot be combined with --bgstats or --qr; choose one")
    kind = image_kind(qr_file)
    with user_errors():
        loaded = load(state.home)
        play = find_play(loaded.plays, session_id)
        if as_json:
            print_json(session_json(play))
            return
        if bgstats or qr_file is not None:
            show_bgstats(play, loaded.plays, qr_file, kind)
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


app.command("delete")(history_trash.delete)
app.command("restore")(history_trash.restore)
app.command("rescore")(history_files.rescore)
app.command("export")(history_files.export)
