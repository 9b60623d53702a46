"""`scorekeeper history delete` and `restore`: saved sessions moved to the trash and back, never
destroyed (`history list --trash` lists the trash)."""

from typing import TYPE_CHECKING

import typer

from scorekeeper import render
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import SessionIds
from scorekeeper.history.trash import delete_played, restore_trashed
from scorekeeper.storage.sessions import short_id

if TYPE_CHECKING:
    from scorekeeper.history.plays import Play


app = command_app()


@app.command("delete")
def delete(ctx: typer.Context, session_ids: SessionIds) -> None:
    """Move sessions to the trash (<data dir>/trash/); `history restore` or `undo` brings
    them back."""
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


def _day(play: "Play") -> str:
    return play.day.isoformat() if play.day is not None else "no date"


@app.command("restore")
def restore(ctx: typer.Context, session_ids: SessionIds) -> None:
    """Put sessions back from the trash under their names (`history list --trash` shows them)."""
    state: AppState = ctx.obj
    with user_errors():
        moved = restore_trashed(state.home, session_ids)
    console = render.make_console()
    for item in moved:
        console.print(render.user(f"Restored {item.target.stem} to {item.target}"), soft_wrap=True)
