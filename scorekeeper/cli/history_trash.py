"""`scorekeeper history delete` and `restore`, and `history list --trash`: saved sessions
moved to the trash and back, never destroyed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from scorekeeper.cli.common import AppState, user_errors
from scorekeeper.cli.records import SessionIds, print_json, report_unreadable

if TYPE_CHECKING:
    from scorekeeper.history.plays import Play


def delete(ctx: typer.Context, session_ids: SessionIds) -> None:
    """Move sessions to the trash (<data dir>/trash/); `history restore` or `undo` brings
    them back."""
    from scorekeeper import render
    from scorekeeper.history.archive import delete_played
    from scorekeeper.storage.sessions import short_id

    state: AppState = ctx.obj
    with user_errors():
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


def list_trash(state: AppState, as_json: bool) -> None:
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
