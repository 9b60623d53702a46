"""The rules assistant: every title's rule notes and a search that answers players' questions.

Parsing the notes and building the search index takes tens of milliseconds, so the built index
is cached as JSON, named by a checksum of the note and question files' and the search code's
sizes and modification times (reading and hashing their text cost as much as the query). A
query then costs one JSON read and a few milliseconds of scoring.

An installed wheel ships the index already built (`PREBUILT` beside the notes, written by the
build hook `hatch_build.py` from the files it packages), so even the first query reads it.

A cache or prebuilt file carries a checksum of its JSON on its first line: a file changed by
anything but this module (damaged, truncated, or valid JSON of another shape) fails it and is
rebuilt, so a query never meets a half-right index.
"""

from __future__ import annotations

import contextlib
import stat
import sys
import zlib
from pathlib import Path

from scorekeeper import __version__
from scorekeeper.errors import StorageError
from scorekeeper.rulebook.notes import (
    Chapter,
    Library,
    Note,
    RulesDataError,
    UnknownNoteError,
    asked_files,
    load_library,
    load_notes,
    rule_files,
    rules_root,
)
from scorekeeper.rulebook.search import Hit, Index, close_to_best, is_good_match

__all__ = [
    "PREBUILT",
    "Chapter",
    "Hit",
    "Index",
    "Library",
    "Note",
    "RulesDataError",
    "UnknownNoteError",
    "close_to_best",
    "is_good_match",
    "load_library",
    "load_notes",
    "open_index",
    "open_notes",
    "read_index",
    "rules_root",
    "sealed",
]

PREBUILT = "index.json"
_CACHE_PREFIX = "rules-index-"
_SEARCH_CODE = ("words.py", "search.py", "notes.py", "postings.py", "learnt.py")


def _key(files: list[Path]) -> str:
    """Changes whenever a note file, the search code, scorekeeper or Python changes."""
    code = Path(__file__).parent
    stamp = [__version__, sys.version]
    for path in [*(code / name for name in _SEARCH_CODE), *files]:
        status = path.stat()
        stamp.append(f"{path.name}:{status.st_size}:{status.st_mtime_ns}")
    return f"{zlib.crc32(chr(0).join(stamp).encode()):08x}"


def open_index(root: Path | None = None, cache_dir: Path | None = None) -> Index:
    """The search index over the notes under root (default: the shipped notes, whose index an
    installed wheel ships prebuilt).

    Otherwise, with a cache_dir, an index built from the same notes and code is read back
    instead of rebuilt, and a fresh build is saved there. A cache that cannot be read or
    written is ignored: the cache only ever saves time.
    """
    if root is None:
        root = rules_root()
        prebuilt = read_index(root / PREBUILT)
        if prebuilt is not None:
            return prebuilt
    files = rule_files(root) + asked_files(root)
    cached = cache_dir / f"{_CACHE_PREFIX}{_key(files)}.json" if cache_dir else None
    if cached is not None:
        index = read_index(cached)
        if index is not None:
            return index
    index = Index.build(load_library(root))
    if cached is not None:
        _save(cached, sealed(index.to_json()))
    return index


def open_notes() -> Library:
    """The shipped notes, to show or list without searching them: the prebuilt index's when an
    installed wheel ships one (read in about 15 ms), else read from a checkout's note files
    (about 0.1 s; building the search index there takes seconds, and only a question needs it)."""
    root = rules_root()
    prebuilt = read_index(root / PREBUILT)
    return prebuilt.library if prebuilt is not None else load_notes(root)


def sealed(text: str) -> str:
    """The index's JSON behind a line holding its checksum, as an index file keeps it."""
    return f"{_checksum(text)}\n{text}"


def _checksum(text: str) -> str:
    return f"{zlib.crc32(text.encode()):08x}"


def read_index(path: Path) -> Index | None:
    """The index a file written by sealed() holds, or None when it is missing, is not a
    regular file of an index's size, or is not exactly what was written."""
    if not _is_cache_file(path):
        return None
    try:
        stamp, _, text = path.read_text(encoding="utf-8").partition("\n")
        if stamp != _checksum(text):
            return None
        return Index.from_json(text)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


INDEX_MAX_BYTES = 16 * 1024 * 1024  # the index of every note is about 300 KB


def _is_cache_file(path: Path) -> bool:
    """A regular file of an index's size: anything else there (a pipe, a device, a huge
    file) is passed over without being opened, and the index is built afresh."""
    try:
        status = path.stat()
    except OSError:
        return False
    return stat.S_ISREG(status.st_mode) and status.st_size <= INDEX_MAX_BYTES


def _save(path: Path, text: str) -> None:
    """Write through the one atomic writer and drop indexes of older notes; a cache that
    cannot be written is given up quietly (it only ever saves time)."""
    # only when an index is built and cached, never when one is read
    from scorekeeper.storage.files import replace_file  # noqa: PLC0415

    try:
        replace_file(path, text, "the rules index")
    except StorageError:
        return
    for old in path.parent.glob(f"{_CACHE_PREFIX}*.json"):
        if old != path:
            with contextlib.suppress(OSError):
                old.unlink()
