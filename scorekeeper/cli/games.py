"""`scorekeeper games`: the titles, their ids, aliases and player counts."""

from __future__ import annotations

from scorekeeper.cli.common import command_app

app = command_app()


@app.command("games")
def list_games() -> None:
    """List the titles scorekeeper knows."""
    from scorekeeper import render
    from scorekeeper.games import TITLES

    rows = [[g.id, g.name, ", ".join(g.aliases) or "-", g.players_text] for g in TITLES]
    render.make_console().print(
        render.review_table("Games", ["Id", "Title", "Aliases", "Players"], rows)
    )
