"""Scored plays kept between runs, so history, series, stats and players answer at once.

Re-scoring the history means parsing every session file and loading every title's engine,
which takes longer than drawing the answer. `<home>/cache/plays.json` keeps each file's Play,
keyed by the file's size, modification time and inode, under a stamp of everything else a
score depends on: scorekeeper's version and files, and the user's card catalogue. A file
that changed is scored again; a stale, foreign or broken cache is simply rebuilt. The cache
is written only with the data directory's lock, never waiting for it: a cache that cannot be
written, or whose data directory another scorekeeper is changing, is skipped. Broken session
files are never cached, so they are read and reported on every run. The cache is never the
only copy of anything: deleting `<home>/cache` is always safe.
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from pathlib import Path
from typing import Any

from scorekeeper import __version__
from scorekeeper.errors import StorageError
from scorekeeper.games import TITLES
from scorekeeper.history.plays import Play, from_json, to_json
from scorekeeper.storage.files import replace_file
from scorekeeper.storage.reading import PLAY_CACHE, parse_json, read_optional

FORMAT = 3  # bump when the cached shape of a Play (history.to_json) changes
PACKAGE = Path(__file__).parent


def cache_file(home: Path) -> Path:
    return home / "cache" / "plays.json"


def stamp(home: Path) -> list[Any]:
    """What every cached score depends on besides its own file, as JSON-ready lists."""
    users = [_file_key(home / name) for title in TITLES for name in title.user_files]
    return [FORMAT, __version__, _package_files(), users]


class PlayCache:
    """The cached plays of one data directory: look up by file, add, prune and save."""

    def __init__(self, home: Path) -> None:
        self._home = home
        self._file = cache_file(home)
        self._stamp = stamp(home)
        self._changed = False
        self._entries = self._read()
        self._used: set[str] = set()

    def get(self, path: Path) -> Play | None:
        """The cached Play of a session file, if the file is unchanged since it was cached."""
        entry = self._entries.get(path.name)
        if not isinstance(entry, dict):  # not cached (a hand-edited cache is rebuilt too)
            return None
        key = _file_key(path)
        try:
            if key is None or entry.get("key") != key:
                return None
            play = from_json(entry["play"], path)
        except (KeyError, TypeError, ValueError, AttributeError, RecursionError):  # not ours
            return None
        self._used.add(path.name)
        return play

    def put(self, path: Path, play: Play) -> None:
        """Cache a play; it is encoded only when saved, so scoring a long history does not
        also keep a second copy of every play for the garbage collector to walk."""
        key = _file_key(path)
        if key is not None:
            self._entries[path.name] = (key, play)
            self._used.add(path.name)
            self._changed = True

    def prune(self) -> None:
        """Forget every file not looked up or added: it was removed, renamed or broken."""
        for name in self._entries.keys() - self._used:
            del self._entries[name]
            self._changed = True

    def save(self) -> None:
        """Write the cache if anything changed; a cache that cannot be written is skipped."""
        if not self._changed:
            return
        # only a changed cache is written, under the lock: a warm history never loads it
        from scorekeeper.storage.lock import locked_if_free  # noqa: PLC0415

        plays = {
            name: {"key": entry[0], "play": to_json(entry[1])}
            if isinstance(entry, tuple)
            else entry
            for name, entry in self._entries.items()
        }
        document = {"stamp": self._stamp, "plays": plays}
        text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
        with locked_if_free(self._home) as free, suppress(StorageError):
            if free:  # else another scorekeeper is changing the history: cache it next time
                replace_file(self._file, text, "the play cache")

    def _read(self) -> dict[str, Any]:
        try:
            text = read_optional(self._file, PLAY_CACHE)
            if text is None:
                return {}
            document = parse_json(text, self._file)
        except StorageError:  # a damaged cache of any shape, or not a regular file: rebuilt
            self._changed = True
            return {}
        if not isinstance(document, dict) or document.get("stamp") != self._stamp:
            self._changed = True  # replace what an older scorekeeper left
            return {}
        plays = document.get("plays")
        return plays if isinstance(plays, dict) else {}


def add(home: Path, path: Path, play: Play) -> None:
    """Cache a session just saved, so the next history command need not score it again."""
    cache = PlayCache(home)
    cache.put(path, play)
    cache.save()


def _file_key(path: Path) -> list[int] | None:
    """Size, modification time and inode: any save, edit or replacement changes one of them."""
    try:
        status = path.stat()
    except OSError:
        return None
    return [status.st_size, status.st_mtime_ns, status.st_ino]


def _package_files() -> list[Any]:
    """Every file of the installed package with its key: an upgrade or an edit changes it."""
    found: list[Any] = []
    for directory, subdirectories, names in os.walk(PACKAGE):
        subdirectories[:] = sorted(d for d in subdirectories if d != "__pycache__")
        for name in sorted(names):
            path = Path(directory, name)
            found.append([path.relative_to(PACKAGE).as_posix(), _file_key(path)])
    return found
