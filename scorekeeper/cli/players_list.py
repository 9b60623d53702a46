"""`scorekeeper players` and `players list`: everyone in the history, with their play counts."""

import sys
from typing import Annotated

import typer

from scorekeeper import render
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import report_unreadable
from scorekeeper.errors import StorageError
from scorekeeper.history.archive import load
from scorekeeper.history.players import player_counts, with_former
from scorekeeper.history.plays import json_text
from scorekeeper.render.export import players_json
from scorekeeper.render.stats import players_table
from scorekeeper.storage.renamelog import Aliases, aliases, read
from scorekeeper.text import visible

app = command_app()

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for scripts (docs/commands.md: its shape).")
]


@app.command("list")
def list_players(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List players with their play counts, as `scorekeeper players` does."""
    print_players(ctx.obj, as_json)


def print_players(state: AppState, as_json: bool) -> None:
    with user_errors():
        loaded = load(state.home)
    report_unreadable(loaded.unreadable)
    rows = with_former(player_counts(loaded.plays), _aliases(state))
    if as_json:
        sys.stdout.write(json_text(players_json(rows)))
        return
    console = render.make_console()
    if not rows:
        console.print("No players yet.")
        return
    console.print(players_table(rows))


def _aliases(state: AppState) -> Aliases:
    """The group's renames, for the old names beside each player; a broken log is one line
    on stderr, and the list is shown without them."""
    try:
        return aliases(read(state.home).entries)
    except StorageError as error:
        typer.echo(visible(f"note: {error}; renames are not shown"), err=True)
        return Aliases()
