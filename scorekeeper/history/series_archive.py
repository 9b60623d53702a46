"""Series in the saved history: their definitions and standings, whether a game may join one,
and moving saved sessions into and out of them.

The `series` and `score` commands call these; the rules of a series (who may join, standings)
are in `series.py`, its files in `storage/`. Series files that cannot be read are returned
beside what was found, for the caller to report, never raised.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.history.archive import chosen_plays, load, series_definitions

if TYPE_CHECKING:
    from scorekeeper.games.base import Game
    from scorekeeper.history.plays import Play
    from scorekeeper.history.series import SeriesDef, SeriesReport
    from scorekeeper.storage.sessions import Unreadable


@dataclass(frozen=True)
class Definitions:
    """The series files of a data directory: those read, and those that could not be."""

    found: list[SeriesDef]
    broken: list[Unreadable]

    def named(self, name: str) -> SeriesDef | None:
        return next((d for d in self.found if d.name == name), None)


@dataclass(frozen=True)
class Moved:
    """Sessions put into or taken out of a series: how many changed, of how many asked."""

    changed: int
    asked: int


def definitions(home: Path) -> Definitions:
    from scorekeeper.storage.sessions import Unreadable

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
    from scorekeeper.history.series import all_series

    loaded = load(home)
    defined = definitions(home)
    return all_series(defined.found, loaded.plays), [*loaded.unreadable, *defined.broken]


def _series_names(defined: Definitions, plays: list[Play]) -> list[str]:
    """Every series there is, defined by a file or named only by sessions."""
    return [*(d.name for d in defined.found), *(p.series for p in plays if p.series)]


def report(home: Path, name: str) -> tuple[SeriesReport, list[Unreadable]]:
    """One series by id, or the error naming it with the closest ids."""
    from scorekeeper.history.series import no_series, series_id

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


def create(home: Path, definition: SeriesDef) -> Path:
    """Write a new series file; a series of that name is never replaced."""
    from scorekeeper.history.series import SeriesError, series_to_dict
    from scorekeeper.storage.seriesfiles import SeriesExistsError, save_series

    try:
        return save_series(home, definition.name, series_to_dict(definition))
    except SeriesExistsError as error:
        raise SeriesError(str(error)) from None


def checked_series(home: Path, name: str, game: Game[Any, Any] | None) -> Joining:
    """Check a new session may join the series (raise SeriesError if not).

    With no game given, a series of one title supplies its title.
    """
    from scorekeeper.games import find_game
    from scorekeeper.history.series import SeriesDef, check_join, series_id

    name = series_id(name)
    defined = definitions(home)
    definition = defined.named(name) or SeriesDef(name)
    if game is None and definition.game is not None:
        game = find_game(definition.game)
    check_join(definition, load(home).plays, game.id if game else None)
    return Joining(name, game, defined.broken)


def open_to(home: Path, plays: list[Play], game: Game[Any, Any]) -> list[tuple[str, str]]:
    """The open series a game can join, as (id, description), given the history's plays."""
    from scorekeeper.history.series import open_series

    found = open_series(definitions(home).found, plays, game.id)
    return [(r.definition.name, f"{r.definition.name} (game {r.next_number})") for r in found]


def add_sessions(home: Path, name: str, refs: list[str]) -> Moved:
    """Put saved sessions into a series (out of any other), refusing what `score --series`
    would refuse: another title, or no room left. Checked and changed under one lock."""
    from scorekeeper.history.series import SeriesDef, check_join, no_series, series_id
    from scorekeeper.storage.lock import locked
    from scorekeeper.storage.membership import set_series

    with locked(home):
        name = series_id(name)
        plays = load(home).plays
        chosen = chosen_plays(plays, refs)
        defined = definitions(home)
        definition = defined.named(name)
        if definition is None and not any(p.series == name for p in plays):
            raise no_series(
                name, _series_names(defined, plays), "create it with `scorekeeper series new`"
            )
        joined = [p for p in plays if p.series == name]
        for play in chosen:
            if play.series != name:
                check_join(definition or SeriesDef(name), joined, play.game)
                joined.append(play)
        paths = [Path(p.file) for p in chosen]
        changed = set_series(home, paths, name, f"add {_ids(chosen)} to {name}")
    return Moved(changed, len(chosen))


def remove_sessions(home: Path, name: str, refs: list[str]) -> Moved:
    """Take saved sessions out of a series (they stay in the history)."""
    from scorekeeper.history.series import SeriesError, series_id
    from scorekeeper.storage.lock import locked
    from scorekeeper.storage.membership import set_series

    with locked(home):
        name = series_id(name)
        chosen = chosen_plays(load(home).plays, refs)
        for play in chosen:
            if play.series != name:
                raise SeriesError(f"session {play.id} is not in series {name!r}; nothing changed")
        paths = [Path(p.file) for p in chosen]
        changed = set_series(home, paths, None, f"remove {_ids(chosen)} from {name}")
    return Moved(changed, len(chosen))


def delete(home: Path, name: str, *, detach: bool) -> tuple[Path | None, int]:
    """Move a series definition to the trash; refused while sessions belong to it unless
    `detach` takes them out too. Returns where the definition went and how many sessions
    were taken out of it."""
    from scorekeeper.history.series import SeriesError, no_series, series_id
    from scorekeeper.storage.lock import locked
    from scorekeeper.storage.membership import delete_series

    with locked(home):
        name = series_id(name)
        plays = load(home).plays
        members = [p for p in plays if p.series == name]
        defined = definitions(home)
        if defined.named(name) is None and not members:
            raise no_series(name, _series_names(defined, plays))
        if members and not detach:
            raise SeriesError(
                f"series {name!r} has {len(members)} session(s) ({_ids(members)}); "
                "--detach takes them out of it, or `scorekeeper series remove` some"
            )
        paths = [Path(p.file) for p in members]
        moved = delete_series(home, name, paths, f"delete series {name}")
    return moved, len(members)


def _ids(plays: list[Play]) -> str:
    return ", ".join(p.id for p in plays)
