"""`scorekeeper games`: the titles (games_list.py), and one title's facts (games_show.py,
imported only to show one)."""

import typer

from scorekeeper.cli.common import command_app, lazy_group
from scorekeeper.cli.games_list import print_games

SUBCOMMANDS = {
    "list": ("games_list", "List the titles scorekeeper knows, as `scorekeeper games` does."),
    "show": (
        "games_show",
        "A title's facts: players, aliases, what is asked, its rule notes, and its card "
        "catalogue (with your own cards marked) when it has one.",
    ),
}
"""Each subcommand with the module under scorekeeper.cli that defines it and its summary."""

app = command_app(
    help="The titles scorekeeper knows: list them, or show one's facts.",
    cls=lazy_group(SUBCOMMANDS),
)


@app.callback(invoke_without_command=True)
def games(ctx: typer.Context) -> None:
    """List the titles scorekeeper knows."""
    if ctx.invoked_subcommand is None:
        print_games()
