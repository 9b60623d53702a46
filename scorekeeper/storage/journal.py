"""Changes to several files at once, made crash-safe by a journal.

A `Transaction` stages every new version as a synced temporary file beside its target and
keeps each original under a hard-linked backup name; only then is `<home>/journal.json`
written (atomically), listing every step. Then the steps are applied, the journal removed and
the backups dropped. A kill at any instant leaves either no journal (nothing was replaced;
the temporary files are removed by the next change) or a complete journal, which the next
command that takes the lock replays: it completes the change when every new version is there
intact, and otherwise rolls it back by moving the backups into place (an atomic replace,
never a rewrite). It says which it did. The rename of a player uses it; an edit, a delete or
an undo of sessions can too (`replace`, `create`, `remove`).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from scorekeeper.errors import StorageError
from scorekeeper.storage.files import (
    _suffix,
    digest,
    is_temporary,
    mode_of,
    reason,
    remove_temporaries,
    replace_file,
    sync_directory,
    write_temp,
)
from scorekeeper.storage.lock import locked, locked_if_free
from scorekeeper.storage.notice import tell
from scorekeeper.storage.reading import JOURNAL, parse_json, read_optional
from scorekeeper.storage.sessions import JOURNAL_FILE, journal_path

FORMAT = 1
OPERATIONS = ("replace", "create", "remove")
FOLDERS = (
    "sessions",
    "series",
    "drafts",
    "remembered",
    "cache",
    "trash",
    "trash/series",
    "kept",
)  # where temporaries may be
# What a journal may name: the history's files, their trash, the copies kept for undo, the
# change log and the group's shared settings. Nothing else, so that a journal.json that
# arrived from anywhere can never touch `.git/`, a cache or a file outside the data directory.
JOURNAL_FOLDERS = ("sessions", "series", "trash", "trash/series", "kept")
JOURNAL_FILES = ("changes.jsonl", "catalogue.toml", "rulings.toml", "renames.toml")


@dataclass(frozen=True)
class Step:
    """One file of a change: its new version (replace, create) and its original (replace,
    remove), as names relative to the data directory."""

    op: str
    path: str
    new: str | None = None  # the staged new version
    backup: str | None = None  # a hard link to the original
    sha256: str | None = None  # of the new version

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if v is not None}


def _file_digest(path: Path) -> str | None:
    try:
        with path.open("rb") as stream:
            return digest(stream.read())
    except OSError:
        return None


def _relative(home: Path, path: Path) -> str:
    try:
        return path.absolute().relative_to(home.absolute()).as_posix()
    except ValueError:
        raise StorageError(f"{path}: not inside the data directory {home}") from None


def _backup(path: Path) -> Path:
    """A hard link to `path` under a temporary name: the original, kept for a rollback."""
    for _ in range(100):
        backup = path.parent / f".backup-{_suffix()}.tmp"
        try:
            os.link(path, backup)
        except FileExistsError:
            continue
        return backup
    raise StorageError(f"{path.parent}: could not find a free file name")


class Transaction:
    """Files to change together: staged now, applied by `commit`, all or none."""

    def __init__(self, home: Path, change: str) -> None:
        self.home = home
        self.change = change
        self.steps: list[Step] = []
        self._staged: list[Path] = []  # temporaries and backups, removed if abandoned

    def _stage(self, path: Path, text: str | bytes, mode: int | None) -> tuple[str, str]:
        data = text.encode("utf-8") if isinstance(text, str) else text
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temp = write_temp(path.parent, data, mode=mode)
        except OSError as error:
            raise StorageError(
                f"{path}: cannot write ({reason(error)}); no file was changed"
            ) from None
        self._staged.append(temp)
        return _relative(self.home, temp), digest(data)

    def _keep_original(self, path: Path) -> str:
        try:
            backup = _backup(path)
        except OSError as error:
            raise StorageError(
                f"{path}: cannot keep the original ({reason(error)}); no file was changed"
            ) from None
        self._staged.append(backup)
        return _relative(self.home, backup)

    def replace(self, path: Path, text: str | bytes) -> None:
        """Give an existing file new contents; it keeps its permission bits."""
        relative = _relative(self.home, path)
        new, sha = self._stage(path, text, mode_of(path))
        self.steps.append(Step("replace", relative, new, self._keep_original(path), sha))

    def create(self, path: Path, text: str | bytes) -> None:
        """Add a new file; the change fails if the name is taken by then."""
        relative = _relative(self.home, path)
        new, sha = self._stage(path, text, None)
        self.steps.append(Step("create", relative, new, None, sha))

    def remove(self, path: Path) -> None:
        """Remove a file (its original is kept until the change is complete)."""
        relative = _relative(self.home, path)
        self.steps.append(Step("remove", relative, None, self._keep_original(path), None))

    def abandon(self) -> None:
        """Drop everything staged: no file was changed."""
        for temp in self._staged:
            temp.unlink(missing_ok=True)
        self._staged.clear()
        self.steps.clear()

    def commit(self) -> None:
        """Write the journal, apply every step, then forget the journal and the originals."""
        if not self.steps:
            return

        journal = journal_path(self.home)
        document = {
            "journal": FORMAT,
            "change": self.change,
            "steps": [step.to_dict() for step in self.steps],
        }
        try:
            replace_file(journal, json.dumps(document, ensure_ascii=False), "the change journal")
        except StorageError as error:
            self.abandon()
            raise StorageError(f"{error}; no file was changed") from None
        _sync_folders(self.home, self.steps)
        for step in self.steps:
            try:
                _apply(self.home, step)
            except OSError as error:
                failed = self.home / step.path
                _undo_or_keep(self.home, self.steps, self.change)
                raise StorageError(
                    f"{failed}: cannot {step.op} ({reason(error)}); no file was changed"
                ) from None
        _finish(self.home, self.steps)
        self._staged.clear()


@contextmanager
def transaction(home: Path, change: str) -> Iterator[Transaction]:
    """A multi-file change under the data directory's lock: staged in the block, committed
    when it ends normally, abandoned (nothing changed) when it raises."""
    with locked(home):
        pending = Transaction(home, change)
        try:
            yield pending
        except BaseException:
            pending.abandon()
            raise
        pending.commit()


def _apply(home: Path, step: Step) -> None:
    """Carry out one step; doing it again after it was done changes nothing."""
    path = home / step.path
    new = home / step.new if step.new else None
    if step.op == "replace" and new is not None and new.exists():
        new.replace(path)
    elif step.op == "create" and new is not None and new.exists():
        if not os.path.lexists(path):
            os.link(new, path)
        elif _file_digest(path) != step.sha256:
            raise FileExistsError(17, "File exists")
        new.unlink()
    elif step.op == "remove" and os.path.lexists(path):
        path.unlink()


def _undo(home: Path, steps: list[Step]) -> None:
    """Put every original back by moving its backup into place; remove created files."""
    for step in reversed(steps):
        path = home / step.path
        if step.backup is not None and os.path.lexists(home / step.backup):
            (home / step.backup).replace(path)  # when still the same file, this does nothing,
            (home / step.backup).unlink(missing_ok=True)  # so the extra name goes here
        elif step.op == "create" and _file_digest(path) == step.sha256:
            path.unlink()
        if step.new is not None:
            (home / step.new).unlink(missing_ok=True)
    _sync_folders(home, steps)
    journal_path(home).unlink(missing_ok=True)
    sync_directory(home)


def _undo_or_keep(home: Path, steps: list[Step], change: str) -> None:
    """Roll back a change that failed part way; if even that fails, the journal stays for
    the next command to finish the rollback."""
    try:
        _undo(home, steps)
    except OSError as error:
        raise StorageError(
            f"{home / JOURNAL_FILE}: {change}: failed part way and could not be rolled back "
            f"({reason(error)}); the next scorekeeper command will finish or roll it back"
        ) from None


def _finish(home: Path, steps: list[Step]) -> None:
    """The change is complete: forget the journal, then the originals."""
    _sync_folders(home, steps)
    journal_path(home).unlink(missing_ok=True)
    sync_directory(home)
    for step in steps:
        if step.backup is not None:
            (home / step.backup).unlink(missing_ok=True)


def _sync_folders(home: Path, steps: list[Step]) -> None:
    for folder in sorted({(home / step.path).parent for step in steps}):
        sync_directory(folder)


def _is_done_or_ready(home: Path, step: Step) -> bool:
    """Whether a step of a journalled change can be completed: its new version is there
    intact, or already in place."""
    if step.op == "remove":
        return True
    if step.new is not None and _file_digest(home / step.new) == step.sha256:
        return True
    return _file_digest(home / step.path) == step.sha256


def _target(value: object) -> str:
    """A journal's target path, refused unless it is a file a journal may touch."""
    if not isinstance(value, str):
        raise ValueError("expected a path")
    folder, _, name = value.rpartition("/")
    if value in JOURNAL_FILES or (folder in JOURNAL_FOLDERS and _is_file_name(name)):
        return value
    raise ValueError(f"not a file a change may touch: {value!r}")


def _temporary(value: object, target: str) -> str | None:
    """A staged version or backup: a temporary file name beside its target, or None."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("expected a path")
    folder, _, name = value.rpartition("/")
    if folder != target.rpartition("/")[0] or not _is_file_name(name) or not is_temporary(name):
        raise ValueError(f"not a temporary file beside {target!r}: {value!r}")
    return value


def _is_file_name(name: str) -> bool:
    return name not in ("", ".", "..") and "/" not in name and "\\" not in name and "\0" not in name


def _check_on_disk(home: Path, steps: list[Step]) -> None:
    """Every folder on the way is a real folder and every file a regular file: a journal
    never acts through a link."""
    for step in steps:
        for name in (step.path, step.new, step.backup):
            if name is None:
                continue
            parts = PurePosixPath(name).parts
            for depth in range(1, len(parts) + 1):
                try:
                    mode = os.lstat(home.joinpath(*parts[:depth])).st_mode
                except FileNotFoundError:
                    break
                except OSError as error:
                    raise ValueError(f"{name!r}: {reason(error)}") from None
                last = depth == len(parts)
                if not (stat.S_ISREG(mode) if last else stat.S_ISDIR(mode)):
                    raise ValueError(f"{name!r} is not a regular file in a real folder")


def _steps_from(document: Any) -> tuple[str, list[Step]]:
    if not isinstance(document, dict) or document.get("journal") != FORMAT:
        raise ValueError("not a journal this scorekeeper wrote")
    change, raw = document.get("change"), document.get("steps")
    if not isinstance(change, str) or not isinstance(raw, list):
        raise ValueError("not a journal this scorekeeper wrote")
    steps = []
    for entry in raw:
        if not isinstance(entry, dict) or entry.get("op") not in OPERATIONS:
            raise ValueError("unknown step")
        digest = entry.get("sha256")
        if digest is not None and not isinstance(digest, str):
            raise ValueError("unknown step")
        path = _target(entry.get("path"))
        steps.append(
            Step(
                op=entry["op"],
                path=path,
                new=_temporary(entry.get("new"), path),
                backup=_temporary(entry.get("backup"), path),
                sha256=digest,
            )
        )
    return change, steps


def recover(home: Path) -> None:
    """Complete or roll back the change a killed scorekeeper left in its journal, and say
    which. Called with the lock held. A journal that is not a regular file, cannot be read,
    or names anything but the files a change may touch is set aside, never followed."""
    journal = journal_path(home)
    try:
        if not stat.S_ISREG(os.lstat(journal).st_mode):
            raise ValueError("not a regular file")
        text = read_optional(journal, JOURNAL)
        if text is None:
            return
        change, steps = _steps_from(parse_json(text, journal))
        _check_on_disk(home, steps)
    except FileNotFoundError:
        return
    except (StorageError, ValueError, OSError) as error:
        aside = journal.with_name(f"{JOURNAL_FILE}.damaged-{_suffix()}")
        try:
            journal.replace(aside)
        except OSError as failure:
            raise StorageError(f"{journal}: damaged, cannot be moved: {reason(failure)}") from None
        tell(
            f"{journal}: an interrupted change could not be read ({error}); it was moved to "
            f"{aside}; check `scorekeeper history list`"
        )
        return
    paths = {step.path for step in steps}
    # the history's own files: copies kept for undo, the trash and the change log go with them
    files = len({p for p in paths if p.startswith(("sessions/", "series/"))} or paths)
    if all(_is_done_or_ready(home, step) for step in steps):
        try:
            for step in steps:
                _apply(home, step)
        except OSError:
            pass
        else:
            _finish(home, steps)
            tell(f"completed an interrupted change ({change}, {files} files)")
            return
    try:
        _undo(home, steps)
    except OSError as error:
        raise StorageError(
            f"{journal}: cannot roll back an interrupted change ({change}): {reason(error)}"
        ) from None
    tell(f"rolled back an interrupted change ({change}); no file was changed")


def tidy(home: Path, *, sweep: bool = True) -> None:
    """With the lock held: finish any interrupted change, then (with `sweep`) remove the
    temporary files that writers killed part way left behind."""
    if os.path.lexists(journal_path(home)):
        recover(home)
    if sweep:
        for folder in (home, *(home / name for name in FOLDERS)):
            remove_temporaries(folder)


def settle(home: Path) -> None:
    """For readers that found an interrupted change or temporary files: tidy up if nobody
    else is at work (taking the lock does), otherwise read things as they are."""

    with locked_if_free(home):
        pass
