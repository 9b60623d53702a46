"""Changing the series of the saved history: a new series file, saved sessions moved into and
out of a series, a series deleted. Each change is checked and made under one lock."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scorekeeper.history.archive import load
from scorekeeper.history.plays import Play, chosen_plays
from scorekeeper.history.series import (
    SeriesDef,
    SeriesError,
    check_join,
    no_series,
    series_id,
    series_to_dict,
)
from scorekeeper.history.series_archive import definitions, series_names
from scorekeeper.storage.lock import locked
from scorekeeper.storage.membership import delete_series, set_series
from scorekeeper.storage.seriesfiles import SeriesExistsError, save_series


@dataclass(frozen=True)
class Moved:
    """Sessions put into or taken out of a series: how many changed, of how many asked."""

    changed: int
    asked: int


def create(home: Path, definition: SeriesDef) -> Path:
    """Write a new series file; a series of that name is never replaced."""

    try:
        return save_series(home, definition.name, series_to_dict(definition))
    except SeriesExistsError as error:
        raise SeriesError(str(error)) from None


def add_sessions(home: Path, name: str, refs: list[str]) -> Moved:
    """Put saved sessions into a series (out of any other), refusing what `score --series`
    would refuse: another title, or no room left. Checked and changed under one lock."""

    with locked(home):
        name = series_id(name)
        plays = load(home).plays
        chosen = chosen_plays(plays, refs)
        defined = definitions(home)
        definition = defined.named(name)
        if definition is None and not any(p.series == name for p in plays):
            raise no_series(
                name, series_names(defined, plays), "create it with `scorekeeper series new`"
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

    with locked(home):
        name = series_id(name)
        plays = load(home).plays
        members = [p for p in plays if p.series == name]
        defined = definitions(home)
        if defined.named(name) is None and not members:
            raise no_series(name, series_names(defined, plays))
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
