"""`scorekeeper players rename OLD NEW`: a player renamed in every session file."""

from typing import Annotated

import typer

from scorekeeper import render
from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import report_unreadable
from scorekeeper.history.players import check_new_name
from scorekeeper.history.renames import rename_player
from scorekeeper.text import plural

app = command_app()


@app.command("rename")
def rename(
    ctx: typer.Context,
    old: Annotated[
        str,
        typer.Argument(
            metavar="OLD", help="The name now (any case).", autocompletion=complete.players
        ),
    ],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The new name.")],
) -> None:
    """Rename a player in every session file: all files change, or none do."""
    state: AppState = ctx.obj
    with user_errors():
        done = rename_player(state.home, old, check_new_name(new))
    report_unreadable(list(done.skipped))
    console = render.make_console()
    count = len(done.edited) + len(done.rebuilt)
    files = plural(count, "session file")
    console.print(render.user(f"Renamed {old} to {new.strip()} in {files}."))
    for path in done.rebuilt:
        console.print(
            render.user(f"Rewritten from its data (comments and layout not kept): {path}", "yellow")
        )
    if done.skipped:
        console.print(
            render.user(f"Not changed: {plural(len(done.skipped), 'unreadable file')}.", "yellow")
        )
