"""`scorekeeper players`: everyone in the history (players_list.py), and renaming a player in
every file (players_rename.py, imported only to rename)."""

import typer

from scorekeeper.cli.common import command_app, lazy_group
from scorekeeper.cli.players_list import JsonOption, print_players

SUBCOMMANDS = {
    "list": (
        "players_list",
        "List players with their play counts, as `scorekeeper players` does.",
    ),
    "rename": (
        "players_rename",
        "Rename a player in every session file: all files change, or none do.",
    ),
}
"""Each subcommand with the module under scorekeeper.cli that defines it and its summary."""

app = command_app(
    help="Players in the history: list them, rename one everywhere.",
    cls=lazy_group(SUBCOMMANDS),
)


@app.callback(invoke_without_command=True)
def players(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List players with their play counts (names match in any case)."""
    if ctx.invoked_subcommand is None:
        print_players(ctx.obj, as_json)
