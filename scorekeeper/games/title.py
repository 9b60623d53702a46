"""A title's identity, kept apart from its engine so that finding or listing titles is cheap."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from scorekeeper.core.rulings import Ruling
    from scorekeeper.games.base import Game


class UserFiles(Hashable, Protocol):
    """A data directory's user files as parsed TOML, by name (None: the file is absent).

    Storage makes one per data directory and hands it in: a title never reads the disk, and
    equal directories give equal (hashable) readers, so a title may cache what it derives."""

    def __call__(self, name: str) -> Mapping[str, Any] | None: ...

    def where(self, name: str) -> str:
        """The file's path as the user knows it, for messages."""
        ...


@dataclass(frozen=True, eq=False)
class Title:
    """What the registry knows before loading a title: its names, table size and package.

    Each title's package defines its `TITLE` in its `__init__.py`, which imports nothing else,
    so `games` lists the titles and `find_game` resolves a name without importing any engine.
    The engine is the package's `engine` module (its `GAME`); `user_files` are the files of a
    data directory that the title's scores depend on (so caches of scores can tell when they
    change); `has_rulings` says the package has a `rulings` module, whose `RULINGS` are the
    points the rulebook leaves open.
    """

    id: str
    name: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    package: str
    user_files: tuple[str, ...] = ()
    has_rulings: bool = False

    @property
    def players_text(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """The points the rulebook leaves open, from the package's small `rulings` module, so
        that `scorekeeper rulings` lists every title's without loading an engine."""
        if not self.has_rulings:
            return ()
        rulings: tuple[Ruling, ...] = import_module(f"{self.package}.rulings").RULINGS
        return rulings

    def load(self) -> Game[Any, Any]:
        game: Game[Any, Any] = import_module(f"{self.package}.engine").GAME
        return game


class TitleNames:
    """A title's names and table size read through its registry entry (`self.title`)."""

    title: Title

    @property
    def id(self) -> str:
        return self.title.id

    @property
    def name(self) -> str:
        return self.title.name

    @property
    def aliases(self) -> tuple[str, ...]:
        return self.title.aliases

    @property
    def min_players(self) -> int:
        return self.title.min_players

    @property
    def max_players(self) -> int:
        return self.title.max_players

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        return self.title.rulings

    @property
    def players_text(self) -> str:
        return self.title.players_text
