"""`scorekeeper history list`: the saved sessions (or the trash's), newest first."""

from typing import Annotated

import typer

from scorekeeper import render
from scorekeeper.cli.common import AppState, command_app, user_errors
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
from scorekeeper.history.plays import newest_first, select
from scorekeeper.render.export import session_json
from scorekeeper.render.history import history_table

app = command_app()


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
    state: AppState = ctx.obj
    if trash:
        list_trash(state, as_json)
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


def list_trash(state: AppState, as_json: bool) -> None:
    """The trash as a table like the history's, named by file (the name `restore` takes)."""
    # only --trash scores files (the trash's): a plain list, read from the play cache, never
    # loads the scoring
    from scorekeeper.history.trash import trashed_plays  # noqa: PLC0415

    with user_errors():
        trashed = trashed_plays(state.home)
    report_unreadable(trashed.unreadable)
    if as_json:
        print_json([session_json(p) for p in newest_first(trashed.plays)])
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
