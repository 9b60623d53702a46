"""Saved sessions moved to the trash and back (delete, restore), and the trash listed as plays;
nothing is destroyed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from scorekeeper.history.archive import Loaded, load
from scorekeeper.history.plays import HistoryError, Play, chosen_plays
from scorekeeper.history.scoring import score_file
from scorekeeper.history.series import SeriesDef, SeriesError, check_join
from scorekeeper.history.series_archive import series_definitions
from scorekeeper.storage.changes import original_stem
from scorekeeper.storage.lock import locked
from scorekeeper.storage.sessions import Unreadable, sessions_dir, short_id
from scorekeeper.storage.trash import (
    Moved,
    delete_sessions,
    restore_sessions,
    trashed_files,
)


def delete_played(home: Path, refs: list[str]) -> list[tuple[Play, Moved]]:
    """Move the sessions named by short id or file name to the trash, as one undoable change;
    each deleted play with where its file went."""
    chosen = {play.stem: play for play in chosen_plays(load(home).plays, refs)}
    moved = delete_sessions(home, [Path(play.file) for play in chosen.values()])
    return [(chosen[item.source.stem], item) for item in moved]


def restore_trashed(home: Path, refs: list[str]) -> list[Moved]:
    """Put the trashed sessions named by file name or short id back, as one undoable change;
    refused, as `series add` would refuse, when a series they belong to filled up meanwhile."""
    with locked(home):
        trashed = trashed_files(home)
        chosen = list(dict.fromkeys(_find_trashed(trashed, ref) for ref in refs))
        _check_rooms(home, chosen)
        return restore_sessions(home, chosen)


def _check_rooms(home: Path, trashed: list[Path]) -> None:
    """Raise SeriesError when a trashed session's series has no room (or another title) now.
    A session whose name is taken in the history meanwhile is left to the restore's own
    refusal, which names it."""
    plays = list(load(home).plays)
    defined = {d.name: d for d in series_definitions(home) if not isinstance(d, Unreadable)}
    for path in trashed:
        if (sessions_dir(home) / f"{original_stem(path)}.toml").exists():
            continue
        play = score_file(path, home)
        if isinstance(play, Unreadable) or play.series is None:
            continue
        try:
            check_join(defined.get(play.series, SeriesDef(play.series)), plays, play.game)
        except SeriesError as error:
            raise SeriesError(f"cannot restore {short_id(path.stem)}: {error}") from None
        plays.append(play)


def trashed_plays(home: Path) -> Loaded:
    """The sessions in the trash as plays, each with the short id of its trashed file name
    (the name `restore` takes), and those that could not be scored."""
    plays: list[Play] = []
    broken: list[Unreadable] = []
    for path in trashed_files(home):
        scored = score_file(path, home)
        if isinstance(scored, Unreadable):
            broken.append(scored)
        else:
            plays.append(replace(scored, id=short_id(path.stem)))
    return Loaded(plays, broken)


def _find_trashed(trashed: list[Path], ref: str) -> Path:
    """The trashed file whose name, or short id, is `ref` or starts with it if only one does."""
    wanted = ref.strip().removesuffix(".toml")
    exact = [p for p in trashed if wanted in (p.stem, short_id(p.stem))]
    found = exact or [
        p for p in trashed if p.stem.startswith(wanted) or short_id(p.stem).startswith(wanted)
    ]
    if not wanted or not found:
        raise HistoryError(
            f"no session {ref!r} in the trash; `scorekeeper history list --trash` shows them"
        )
    if len(found) > 1:
        shown = ", ".join(p.stem for p in found[:5])
        raise HistoryError(f"{ref!r} matches {len(found)} trashed files ({shown}); type more")
    return found[0]
