"""`scorekeeper history rescore`: every saved game scored again with the current rules."""

import typer

from scorekeeper import render
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import report_unreadable
from scorekeeper.history.rescore import rescore as rescore_all
from scorekeeper.render.rescore import rescore_summary, rescore_table, ruling_effects_table

app = command_app()


@app.command("rescore")
def rescore(ctx: typer.Context) -> None:
    """Score every session again with the current rules; report results that changed, and
    the games a different house ruling would change."""

    state: AppState = ctx.obj
    with user_errors():
        rescored = rescore_all(state.home)
    report_unreadable(rescored.unreadable)
    console = render.make_console()
    if rescored.changed:
        console.print(rescore_table(rescored.changed))
    console.print(rescore_summary(rescored))
    if rescored.effects:
        console.print(ruling_effects_table(rescored.effects))
