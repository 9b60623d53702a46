"""`scorekeeper undo`: reverse the last change made to the history, after saying what it was."""

import sys
from typing import Annotated

import typer

from scorekeeper import render
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.prompts.confirm import confirm
from scorekeeper.storage.changes import last_change
from scorekeeper.storage.changes import undo as undo_change

app = command_app()


@app.command("undo")
def undo(
    ctx: typer.Context,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Undo without asking first.")] = False,
) -> None:
    """Reverse the last change to the history (save, delete, restore, edit, rename, series).

    It shows the change and asks first. Run it again to undo the one before.
    """

    state: AppState = ctx.obj
    with user_errors():
        change = last_change(state.home)
    console = render.make_console()
    if change is None:
        console.print("Nothing to undo.")
        return
    files = len(change.files)
    when = change.time.replace("T", " ")[:16]
    what = render.user(f"Last change ({when}): {change.description}")
    console.print(what.append(f" ({files} file{'s' if files != 1 else ''})"), soft_wrap=True)
    if not yes:
        if not sys.stdin.isatty():
            raise fail("not a terminal to ask in; `scorekeeper undo --yes` undoes without asking")
        if not confirm("Undo it?"):
            console.print("Nothing was changed.")
            return
    with user_errors():
        undo_change(state.home, change.number)
    console.print(render.user(f"Undone: {change.description}"), soft_wrap=True)
