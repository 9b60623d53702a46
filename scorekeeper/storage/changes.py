"""The change log: every change scorekeeper makes to the history, kept so it can be undone.

`<home>/changes.jsonl` holds one JSON object a line, oldest first. A change lists each file
it touched with the SHA-256 of the file before and after (null: absent) and where the old
contents are kept: in `trash/` (a delete, the previous version of an edit) or in `kept/` (a
rename, a series change). The log is rewritten inside the change's own journalled
transaction, so after a kill the files and the log agree. Undoing a change checks that
every file is still as the change left it, puts the old contents back (a file the change
created goes to the trash), and appends a line saying which change was undone.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper.errors import ScorekeeperError, StorageError
from scorekeeper.storage import renamelog
from scorekeeper.storage.files import _suffix, digest
from scorekeeper.storage.journal import Transaction, transaction
from scorekeeper.storage.notice import tell
from scorekeeper.storage.reading import CHANGES, SESSION, parse_json, read_bytes, read_optional

LOG_FILE = "changes.jsonl"
KEPT = "kept"
TRASH = "trash"
KEEP_CHANGES = 100  # undoable changes kept; older ones are forgotten with their kept copies


class UndoError(ScorekeeperError):
    """Nothing to undo, or the files are no longer as the change left them."""


@dataclass(frozen=True)
class FileChange:
    """One file of a change, as names relative to the data directory."""

    path: str
    before: str | None  # SHA-256 of the contents before the change; None: the file was absent
    after: str | None  # SHA-256 after the change; None: the change removed it
    kept: str | None  # where the contents before are kept (None when `before` is None)


@dataclass(frozen=True)
class Change:
    """One entry of the log: a change made, or (`undoes`) the undoing of an earlier one."""

    number: int
    time: str
    description: str
    files: tuple[FileChange, ...] = ()
    undoes: int | None = None
    # Derived data brought up to date (a stale [result] after a hand edit): logged, so later
    # changes and undos see the file as it is, but never itself undone, as the next read would
    # only do it again; `undo` reverses the change before it.
    derived: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"n": self.number, "time": self.time, "change": self.description}
        if self.derived:
            out["derived"] = True
        if self.undoes is not None:
            out["undoes"] = self.undoes
        else:
            out["files"] = [vars(f) for f in self.files]
        return out


def log_path(home: Path) -> Path:
    return home / LOG_FILE


def trash_dir(home: Path) -> Path:
    return home / TRASH


def _current(path: Path) -> bytes | None:
    if not os.path.lexists(path):
        return None
    return read_bytes(path, SESSION)


def _from_json(entry: Any) -> Change:
    if not isinstance(entry, dict) or not isinstance(entry.get("n"), int):
        raise ValueError("not a change")
    files = tuple(
        FileChange(
            path=_relative_name(f["path"]),
            before=f.get("before"),
            after=f.get("after"),
            kept=_relative_name(f["kept"]) if f.get("kept") is not None else None,
        )
        for f in entry.get("files", [])
    )
    undoes = entry.get("undoes")
    return Change(
        number=entry["n"],
        time=str(entry.get("time", "")),
        description=str(entry.get("change", "")),
        files=files,
        undoes=undoes if isinstance(undoes, int) else None,
        derived=entry.get("derived") is True,
    )


def _relative_name(value: object) -> str:
    """A path of the log, refused unless it stays inside the data directory."""
    if not isinstance(value, str) or value.startswith("/") or ".." in value.split("/"):
        raise ValueError(f"path outside the data directory: {value!r}")
    return value


def read_log(home: Path) -> list[Change]:
    """Every entry of the change log, oldest first; a damaged log is an error naming it."""
    path = log_path(home)
    text = read_optional(path, CHANGES)
    if text is None:
        return []
    try:
        return [_from_json(parse_json(line, path)) for line in text.splitlines() if line]
    except (KeyError, TypeError, ValueError) as error:
        raise StorageError(f"{path}: not a change log this scorekeeper wrote ({error})") from None


def _log_to_extend(home: Path) -> list[Change]:
    """The log a change adds to, with the lock held. A damaged or oversized one is set aside
    (never deleted) and a new one started, so a broken log never blocks a change."""
    try:
        return read_log(home)
    except StorageError as error:
        path = log_path(home)
        aside = path.with_name(f"{LOG_FILE}.damaged-{_suffix()}")
        try:
            path.replace(aside)
        except OSError:
            raise error from None
        tell(f"{error}; it was moved to {aside}; earlier changes can no longer be undone")
        return []


def undoable(log: list[Change]) -> list[Change]:
    """The changes not undone yet, newest first (derived ones are never undone)."""
    undone = {entry.undoes for entry in log if entry.undoes is not None}
    return [
        e for e in reversed(log) if e.undoes is None and not e.derived and e.number not in undone
    ]


def free_name(folder: Path, name: str, taken: set[Path]) -> Path:
    """`folder/name`, or `name (2)`, `name (3)`... when that is taken on disk or in `taken`."""
    stem, dot, suffix = name.rpartition(".")
    if not dot:
        stem, suffix = name, ""
    candidate = folder / name
    number = 1
    while candidate in taken or os.path.lexists(candidate):
        number += 1
        candidate = folder / (f"{stem} ({number}){dot}{suffix}")
    taken.add(candidate)
    return candidate


NUMBERED = re.compile(r" \(\d+\)$")


def original_stem(trashed: Path) -> str:
    """The session name a trashed file had: `x (2).toml` was `x.toml`."""
    return NUMBERED.sub("", trashed.stem)


def trash_for(home: Path, path: Path) -> Path:
    """The trash folder for a file of the history: sessions to `trash/`, series to
    `trash/series/`."""
    parent = path.parent.relative_to(home).as_posix()
    return trash_dir(home) if parent == "sessions" else trash_dir(home) / parent


class Recorder:
    """A transaction that also notes, for the change log, how to reverse each step."""

    def __init__(self, home: Path, transaction: Transaction, number: int) -> None:
        self.home = home
        self.transaction = transaction
        self.number = number
        self.files: list[FileChange] = []
        self._taken: set[Path] = set()

    def _name(self, path: Path) -> str:
        return path.relative_to(self.home).as_posix()

    def create(self, path: Path, text: str | bytes) -> None:
        """Add a file to the history (undone by moving it to the trash)."""
        data = text.encode("utf-8") if isinstance(text, str) else text
        self.transaction.create(path, data)
        self.files.append(FileChange(self._name(path), None, digest(data), None))

    def replace(self, path: Path, text: str | bytes, *, old_to_trash: bool = False) -> Path:
        """Rewrite a file of the history; its old contents are kept in `kept/`, or in the
        trash with `old_to_trash` (an edit). Returns where they are kept."""
        data = text.encode("utf-8") if isinstance(text, str) else text
        old = read_bytes(path, SESSION)
        folder = trash_for(self.home, path) if old_to_trash else self.home / KEPT
        name = path.name if old_to_trash else f"{self.number}-{path.name}"
        kept = free_name(folder, name, self._taken)
        self.transaction.replace(path, data)  # first: a full disk is named as this file
        self.transaction.create(kept, old)
        self.files.append(FileChange(self._name(path), digest(old), digest(data), self._name(kept)))
        return kept

    def trash(self, path: Path) -> Path:
        """Move a file of the history to the trash; returns its name there."""
        old = read_bytes(path, SESSION)
        kept = free_name(trash_for(self.home, path), path.name, self._taken)
        self.transaction.create(kept, old)
        self.transaction.remove(path)
        self.files.append(FileChange(self._name(path), digest(old), None, self._name(kept)))
        return kept

    def restore(self, trashed: Path, path: Path) -> None:
        """Put a trashed file back at `path` (undone by trashing it again)."""
        data = read_bytes(trashed, SESSION)
        self.transaction.create(path, data)
        self.transaction.remove(trashed)
        self.files.append(FileChange(self._name(path), None, digest(data), None))


def _now() -> str:
    return datetime.now().replace(microsecond=0).isoformat()


def _write_log(home: Path, change: Transaction, log: list[Change]) -> None:
    """Rewrite the log inside the transaction, forgetting the oldest changes (and their copies
    in `kept/`) beyond KEEP_CHANGES undoable ones (derived entries do not count)."""
    made = [e for e in log if e.undoes is None and not e.derived]
    if len(made) > KEEP_CHANGES:
        oldest = made[-KEEP_CHANGES].number
        for entry in log:
            if entry.number >= oldest:
                break
            for item in entry.files:
                kept = item.kept
                if kept is not None and kept.startswith(f"{KEPT}/") and (home / kept).exists():
                    change.remove(home / kept)
        log = [e for e in log if e.number >= oldest]
    text = "".join(json.dumps(e.to_json(), ensure_ascii=False) + "\n" for e in log)
    path = log_path(home)
    if os.path.lexists(path):
        change.replace(path, text)
    else:
        change.create(path, text)


def _next_number(log: list[Change]) -> int:
    return log[-1].number + 1 if log else 1


@contextmanager
def recorded(home: Path, description: str, *, derived: bool = False) -> Iterator[Recorder]:
    """A journalled change under the lock that is also written to the change log. Steps
    staged in the block; when it ends normally, files and log are replaced together.
    `derived`: only derived data changes, which `undo` never reverses (Change.derived)."""
    with transaction(home, description) as change:
        log = _log_to_extend(home)
        recorder = Recorder(home, change, _next_number(log))
        yield recorder
        if recorder.files:
            entry = Change(
                recorder.number, _now(), description, tuple(recorder.files), derived=derived
            )
            _write_log(home, change, [*log, entry])


def last_change(home: Path) -> Change | None:
    """The change `undo` would reverse, or None."""
    found = undoable(read_log(home))
    return found[0] if found else None


def undo(home: Path, number: int) -> Change:
    """Reverse change `number` (the last one not undone), all or nothing; returns it.

    Refused when any of its files is no longer as the change left it (changed by hand since).
    """
    with transaction(home, f"undo change {number}") as change:
        log = read_log(home)
        pending = undoable(log)
        if not pending or pending[0].number != number:
            raise UndoError("the history changed meanwhile; run `scorekeeper undo` again")
        entry = pending[0]
        taken: set[Path] = set()
        for item in reversed(entry.files):
            _reverse(home, change, item, taken)
        _write_log(
            home,
            change,
            [*log, Change(_next_number(log), _now(), entry.description, undoes=entry.number)],
        )
    return entry


def _reverse(home: Path, change: Transaction, item: FileChange, taken: set[Path]) -> None:
    path = home / item.path
    now = _current(path)
    if (digest(now) if now is not None else None) != item.after:
        state = "is gone" if now is None else "was changed since"
        raise UndoError(f"{path} {state}; the change cannot be undone")
    if item.path == renamelog.FILE:  # shared, so never taken back: an entry undoes the rename
        assert now is not None
        kept = home / item.kept if item.kept else None
        change.replace(path, renamelog.undone(now, _current(kept) if kept else None, path))
        if kept is not None:
            change.remove(kept)
        return
    if item.before is None:  # the change created it: to the trash, never destroyed
        assert now is not None
        change.create(free_name(trash_for(home, path), path.name, taken), now)
        change.remove(path)
        return
    kept = home / item.kept if item.kept else None
    old = _current(kept) if kept is not None else None
    if kept is None or old is None or digest(old) != item.before:
        raise UndoError(f"{kept or path}: the earlier version is gone; cannot undo")
    if now is None:
        change.create(path, old)
    else:
        if kept.parent.is_relative_to(trash_dir(home)):  # an edit: the corrected one is kept
            change.create(free_name(trash_for(home, path), path.name, taken), now)
        change.replace(path, old)
    change.remove(kept)
