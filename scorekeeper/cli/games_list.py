"""`scorekeeper games` and `games list`: the titles, their ids, aliases and player counts."""

from scorekeeper import render
from scorekeeper.cli.common import command_app
from scorekeeper.games import TITLES

app = command_app()


@app.command("list")
def list_games() -> None:
    """List the titles scorekeeper knows, as `scorekeeper games` does."""
    print_games()


def print_games() -> None:
    rows = [[g.id, g.name, ", ".join(g.aliases) or "-", g.players_text] for g in TITLES]
    render.make_console().print(
        render.review_table("Games", ["Id", "Title", "Aliases", "Players"], rows)
    )
