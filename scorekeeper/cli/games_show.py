"""`scorekeeper games show GAME`: one title's facts, rule notes and card catalogue."""

import json
from typing import Annotated, Any

import typer

from scorekeeper import render
from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.games import find_game
from scorekeeper.games.base import Game
from scorekeeper.games.catalogue_rows import CardRow, card_rows
from scorekeeper.render.games import cards_table, game_facts
from scorekeeper.rulebook import open_notes
from scorekeeper.storage.userfiles import user_files

app = command_app()


@app.command("show")
def show(
    ctx: typer.Context,
    game: Annotated[
        str,
        typer.Argument(
            metavar="GAME", help="Game id, alias or name.", autocompletion=complete.games
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """A title's facts: players, aliases, what is asked, its rule notes, and its card
    catalogue (with your own cards marked) when it has one."""
    state: AppState = ctx.obj
    with user_errors():
        found = find_game(game)
        notes = [(n.id, n.title) for n in open_notes().title(found.id).notes]
        cards = card_rows(found, user_files(state.home))
    if as_json:
        typer.echo(json.dumps(_to_json(found, notes, cards), ensure_ascii=False, indent=2))
        return
    console = render.make_console()
    console.print(game_facts(found, notes))
    if cards is not None:
        own = found.title.user_files[0] if found.title.user_files else "catalogue.toml"
        console.print(cards_table(cards, str(state.home / own)))


def _to_json(
    game: Game[Any, Any], notes: list[tuple[str, str]], cards: tuple[CardRow, ...] | None
) -> dict[str, Any]:
    asked = [
        {
            "key": field.key,
            "label": field.label,
            "help": field.help,
            "allowed": field.allowed(),
            "required": field.required,
            "rule": field.rule,
            "asked": asked_for,
        }
        for asked_for, fields in (("game", game.settings_fields), ("player", game.player_fields))
        for field in fields
    ]
    out: dict[str, Any] = {
        "id": game.id,
        "name": game.name,
        "aliases": list(game.aliases),
        "players": {"min": game.min_players, "max": game.max_players},
        "asked": asked,
        "rules": [{"id": note_id, "title": title} for note_id, title in notes],
    }
    if cards is not None:
        out["cards"] = [
            {
                "name": row.name,
                "kind": row.kind,
                "type": row.type,
                "vp": row.vp,
                "bonus": row.bonus,
                "stores": row.stores,
                "yours": row.yours,
            }
            for row in cards
        ]
    return out
