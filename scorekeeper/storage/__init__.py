"""Everything scorekeeper keeps on disk, and the only package that writes there.

- `files`: the one atomic writer (synced temporary file, hard link or replace, synced folder);
- `reading`: the one hardened reader (regular files, size caps, TOML shape bounds);
- `lock`: the data directory's exclusive lock, held by every change;
- `journal`: crash-safe changes to several files (complete or roll back after a kill);
- `documents`: small documents of our own (drafts, remembered answers);
- `sessions`, `seriesfiles`: the history's files;
- `changes`: the change log that `undo` reverses; `trash`: delete, restore, correct;
  `membership`: moving saved sessions into and out of a series.

The names below are the package's public surface; submodules load only what they use.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.storage.files import dumps, replace_file
from scorekeeper.storage.sessions import (
    HOME_ENV,
    MAX_FILE_BYTES,
    Unreadable,
    check_writable,
    data_home,
    iter_sessions,
    read_session,
    read_session_and_record,
    read_stored_result,
    save_session,
    session_files,
    sessions_dir,
)

if TYPE_CHECKING:
    from scorekeeper.storage.changes import Change, UndoError, last_change, undo
    from scorekeeper.storage.documents import DRAFTS, REMEMBERED_ANSWERS, DocumentStore
    from scorekeeper.storage.journal import Transaction, transaction
    from scorekeeper.storage.lock import BusyError, held_while_open, locked, locked_if_free
    from scorekeeper.storage.membership import delete_series, set_series
    from scorekeeper.storage.reading import read_existing, read_toml
    from scorekeeper.storage.seriesfiles import (
        SeriesExistsError,
        save_series,
        series_dir,
        series_documents,
    )
    from scorekeeper.storage.trash import (
        TrashError,
        delete_sessions,
        replace_session,
        restore_sessions,
        trashed_files,
    )

# The rest of the surface is loaded on first use: the history commands, answered from the
# play cache, need only the paths above, and every millisecond of start-up counts.
_LATER = {
    **dict.fromkeys(("Change", "UndoError", "last_change", "undo"), "changes"),
    **dict.fromkeys(("delete_series", "set_series"), "membership"),
    **dict.fromkeys(
        ("TrashError", "delete_sessions", "replace_session", "restore_sessions", "trashed_files"),
        "trash",
    ),
    **dict.fromkeys(("DRAFTS", "REMEMBERED_ANSWERS", "DocumentStore"), "documents"),
    **dict.fromkeys(("Transaction", "transaction"), "journal"),
    **dict.fromkeys(("BusyError", "held_while_open", "locked", "locked_if_free"), "lock"),
    **dict.fromkeys(("read_existing", "read_toml"), "reading"),
    **dict.fromkeys(
        ("SeriesExistsError", "save_series", "series_dir", "series_documents"), "seriesfiles"
    ),
}


def __getattr__(name: str) -> Any:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"scorekeeper.storage.{module}"), name)


__all__ = [
    "DRAFTS",
    "HOME_ENV",
    "MAX_FILE_BYTES",
    "REMEMBERED_ANSWERS",
    "BusyError",
    "Change",
    "DocumentStore",
    "SeriesExistsError",
    "Transaction",
    "TrashError",
    "UndoError",
    "Unreadable",
    "check_writable",
    "data_home",
    "delete_series",
    "delete_sessions",
    "discard_draft",
    "draft_path",
    "dumps",
    "held_while_open",
    "iter_sessions",
    "last_change",
    "load_draft",
    "locked",
    "locked_if_free",
    "read_existing",
    "read_session",
    "read_session_and_record",
    "read_stored_result",
    "read_toml",
    "recall",
    "remember",
    "remembered_path",
    "replace_file",
    "replace_session",
    "restore_sessions",
    "save_draft",
    "save_series",
    "save_session",
    "series_dir",
    "series_documents",
    "session_files",
    "sessions_dir",
    "set_aside_draft",
    "set_series",
    "transaction",
    "trashed_files",
    "undo",
]


def draft_path(home: Path, kind: str) -> Path:
    """Where an unfinished walk-through of one kind ("score", "first-snow-live") is kept."""
    from scorekeeper.storage.documents import DRAFTS

    return DRAFTS.path(home, kind)


def save_draft(home: Path, kind: str, document: dict[str, Any]) -> Path:
    """Replace the draft atomically: a crash leaves the old draft or the new one, never half."""
    from scorekeeper.storage.documents import DRAFTS

    return DRAFTS.save(home, kind, document)


def load_draft(home: Path, kind: str) -> dict[str, Any] | None:
    """The saved draft document, or None when there is none. A damaged one is set aside and
    the StorageError says where (`DRAFTS.load(..., warn=...)` carries on instead)."""
    from scorekeeper.storage.documents import DRAFTS

    return DRAFTS.load(home, kind)


def discard_draft(home: Path, kind: str) -> None:
    """Remove a draft whose answers are safe in a saved session (set_aside_draft otherwise)."""
    from scorekeeper.storage.documents import DRAFTS

    DRAFTS.discard(home, kind)


def set_aside_draft(home: Path, kind: str, why: str = "damaged") -> Path:
    """Move a draft out of the way, damaged or dropped by the user; returns where it went."""
    from scorekeeper.storage.documents import DRAFTS

    return DRAFTS.set_aside(home, kind, why)


def remembered_path(home: Path, kind: str) -> Path:
    """Where answers worth offering again next time are kept (a table's colour names)."""
    from scorekeeper.storage.documents import REMEMBERED_ANSWERS

    return REMEMBERED_ANSWERS.path(home, kind)


def remember(home: Path, kind: str, document: dict[str, Any]) -> Path:
    """Keep answers for the next walk-through, replaced atomically like a draft."""
    from scorekeeper.storage.documents import REMEMBERED_ANSWERS

    return REMEMBERED_ANSWERS.save(home, kind, document)


def recall(home: Path, kind: str) -> dict[str, Any] | None:
    """The remembered answers, or None when nothing was remembered yet. A damaged file is
    set aside and the StorageError says where."""
    from scorekeeper.storage.documents import REMEMBERED_ANSWERS

    return REMEMBERED_ANSWERS.load(home, kind)
