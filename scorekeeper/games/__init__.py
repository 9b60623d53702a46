"""The registry of titles: one literal tuple, found by id or alias with find_game().

Each title's identity is its package's `TITLE` (the package's `__init__.py` holds nothing else);
its engine module is imported only when that title is needed, so scoring a Hungry file does
not pay for the Creature Comforts catalogue. `GAMES` (every title, loaded) is computed on
first use.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import InputError, UnknownGameError, not_found
from scorekeeper.games import (
    before_the_guests_arrive,
    creature_comforts,
    first_snow,
    happy_home,
    hungry,
)
from scorekeeper.games.title import Title, UserFiles

if TYPE_CHECKING:
    from scorekeeper.core.rulings import Ruling
    from scorekeeper.games.base import Game

TITLES: tuple[Title, ...] = (
    before_the_guests_arrive.TITLE,
    creature_comforts.TITLE,
    first_snow.TITLE,
    happy_home.TITLE,
    hungry.TITLE,
)


def register(title: Title) -> None:
    """Add a title to the registry (a title kept outside this package: a plug-in, a test's).

    Its id, name and aliases must not name a title already registered.
    """
    global TITLES
    taken = {key for known in TITLES for key in (known.id, normalize(known.name), *known.aliases)}
    clash = sorted(taken & {title.id, normalize(title.name), *title.aliases})
    if clash:
        raise ValueError(f"title {title.id!r}: {clash[0]!r} already names a registered title")
    TITLES = (*TITLES, title)
    _all_games.cache_clear()


def normalize(name: str) -> str:
    """'Before the Guests Arrive' -> 'before-the-guests-arrive'."""
    return "-".join(name.strip().lower().replace("_", " ").split())


def find_title(name: str) -> Title:
    """The title whose id, alias or name matches, ignoring case, spaces and underscores, and
    written with its words run together or not ("firstsnow", "first snow", "First-Snow")."""
    wanted = normalize(name).replace("-", "")
    for title in TITLES:
        if wanted in (
            n.replace("-", "") for n in (title.id, normalize(title.name), *title.aliases)
        ):
            return title
    known = ", ".join(title.id for title in TITLES)
    raise not_found(
        UnknownGameError,
        "game",
        name,
        f"unknown game {name!r}",
        f"known games: {known}",
        [alias for title in TITLES for alias in (title.id, *title.aliases)],
    )


def find_game(name: str, user_files: UserFiles | None = None) -> Game[Any, Any]:
    """The loaded game for an id, alias or name (see find_title).

    With a data directory's user files (handed in by storage: titles never read the disk), a
    title that has user data (Creature Comforts' `catalogue.toml`) comes bound to it; without
    them, to the shipped data only.
    """
    game = find_title(name).load()
    if user_files is None or game.with_user_files is None:
        return game
    return game.with_user_files(user_files)


def find_ruling(ruling_id: str) -> tuple[Title, Ruling]:
    """The title and house ruling of a full id ("creature-comforts.hearth-vp"); an unknown
    one is an InputError naming every known id. No engine is loaded (Title.rulings)."""
    game_id, _, local = ruling_id.partition(".")
    for title in TITLES:
        for ruling in title.rulings:
            if title.id == game_id and ruling.id == local:
                return title, ruling
    known = ", ".join(ruling_ids())
    raise InputError(f"unknown house ruling {ruling_id!r}; known: {known}")


def ruling_ids() -> list[str]:
    """Every house ruling's full id, title by title."""
    return [f"{title.id}.{ruling.id}" for title in TITLES for ruling in title.rulings]


@cache
def _all_games() -> tuple[Game[Any, Any], ...]:
    return tuple(title.load() for title in TITLES)


def __getattr__(name: str) -> tuple[Game[Any, Any], ...]:
    if name == "GAMES":
        return _all_games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
