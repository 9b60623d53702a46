"""Series in the saved history: their definitions and standings, and whether a game may join
one (changing them is series_changes.py).

The `series` and `score` commands call these; the rules of a series (who may join, standings)
are in `series.py`, its files in `storage/`. Series files that cannot be read are returned
beside what was found, for the caller to report, never raised.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import InputError, Where
from scorekeeper.games import find_game
from scorekeeper.history.archive import load
from scorekeeper.history.plays import Play
from scorekeeper.history.series import (
    SeriesDef,
    SeriesReport,
    all_series,
    check_join,
    no_series,
    open_series,
    series_from_dict,
    series_id,
)
from scorekeeper.storage.seriesfiles import series_documents
from scorekeeper.storage.sessions import Unreadable

if TYPE_CHECKING:
    from scorekeeper.games.base import Game


@dataclass(frozen=True)
class Definitions:
    """The series files of a data directory: those read, and those that could not be."""

    found: list[SeriesDef]
    broken: list[Unreadable]

    def named(self, name: str) -> SeriesDef | None:
        return next((d for d in self.found if d.name == name), None)


def definitions(home: Path) -> Definitions:

    found: list[SeriesDef] = []
    broken: list[Unreadable] = []
    for entry in series_definitions(home):
        if isinstance(entry, Unreadable):
            broken.append(entry)
        else:
            found.append(entry)
    return Definitions(found, broken)


def reports(home: Path) -> tuple[list[SeriesReport], list[Unreadable]]:
    """Every series, defined or named by sessions, and every file that could not be used."""

    loaded = load(home)
    defined = definitions(home)
    return all_series(defined.found, loaded.plays), [*loaded.unreadable, *defined.broken]


def series_names(defined: Definitions, plays: list[Play]) -> list[str]:
    """Every series there is, defined by a file or named only by sessions."""
    return [*(d.name for d in defined.found), *(p.series for p in plays if p.series)]


def report(home: Path, name: str) -> tuple[SeriesReport, list[Unreadable]]:
    """One series by id, or the error naming it with the closest ids."""

    name = series_id(name)
    found, unreadable = reports(home)
    chosen = next((r for r in found if r.definition.name == name), None)
    if chosen is None:
        raise no_series(name, [r.definition.name for r in found])
    return chosen, unreadable


@dataclass(frozen=True)
class Joining:
    """A new session's series, checked: its id, the game to play, and the series files that
    could not be read on the way (to report)."""

    name: str
    game: Game[Any, Any] | None
    broken: list[Unreadable]


def checked_series(home: Path, name: str, game: Game[Any, Any] | None) -> Joining:
    """Check a new session may join the series (raise SeriesError if not).

    With no game given, a series of one title supplies its title.
    """

    name = series_id(name)
    defined = definitions(home)
    definition = defined.named(name) or SeriesDef(name)
    if game is None and definition.game is not None:
        game = find_game(definition.game)
    check_join(definition, load(home).plays, game.id if game else None)
    return Joining(name, game, defined.broken)


def open_to(home: Path, plays: list[Play], game: Game[Any, Any]) -> list[tuple[str, str]]:
    """The open series a game can join, as (id, description), given the history's plays."""

    found = open_series(definitions(home).found, plays, game.id)
    return [(r.definition.name, f"{r.definition.name} (game {r.next_number})") for r in found]


def series_definitions(home: Path) -> Iterator[SeriesDef | Unreadable]:
    """Every series file's definition, by name; a file that cannot be used is reported, not
    fatal. A definition's `name` must be its file name, as sessions link by that name."""

    for entry in series_documents(home):
        if isinstance(entry, Unreadable):
            yield entry
            continue
        path, raw = entry
        try:
            definition = series_from_dict(raw, find_game)
            if definition.name != path.stem:
                raise InputError(
                    f"{definition.name!r} does not match the file name {path.stem!r}",
                    Where(key="name"),
                )
        except InputError as error:
            yield Unreadable(path, str(error.at(file=str(path))))
        else:
            yield definition
