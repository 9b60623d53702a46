"""The registry of titles: one literal tuple, found by id or alias with find_game()."""

from __future__ import annotations

from typing import Any

from scorekeeper.errors import UnknownGameError
from scorekeeper.games import (
    before_the_guests_arrive,
    creature_comforts,
    first_snow,
    happy_home,
    hungry,
)
from scorekeeper.games.base import Game

GAMES: tuple[Game[Any, Any], ...] = (
    before_the_guests_arrive.GAME,
    creature_comforts.GAME,
    first_snow.GAME,
    happy_home.GAME,
    hungry.GAME,
)


def normalize(name: str) -> str:
    """'Before the Guests Arrive' -> 'before-the-guests-arrive'."""
    return "-".join(name.strip().lower().replace("_", " ").split())


def find_game(name: str) -> Game[Any, Any]:
    """The title whose id, alias or name matches, ignoring case, spaces and underscores."""
    wanted = normalize(name)
    for game in GAMES:
        if wanted in (game.id, normalize(game.name), *game.aliases):
            return game
    known = ", ".join(game.id for game in GAMES)
    raise UnknownGameError(f"unknown game {name!r}; known games: {known}")
