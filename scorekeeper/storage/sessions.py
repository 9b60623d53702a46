"""Session files in the data directory: where they are, listed, their names and short ids.

Reading them into the session model is session_files.py and saving one saving.py: the history
commands, answered from the play cache, need only the paths and load neither.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.errors import StorageError
from scorekeeper.storage.files import _suffix, is_temporary, reason, write_temp
from scorekeeper.storage.reading import SESSION, read_toml

MAX_FILE_BYTES = SESSION.max_bytes
PROBE_BYTES = 16 << 10  # enough to need real blocks on the disk


_SHORT_ID = re.compile(r"-([0-9a-f]{6})$")  # save_session names files <date>-<game>-<6 hex>


def short_id(stem: str) -> str:
    """The six hex digits scorekeeper adds to saved file names; a hand-named file's whole stem."""
    match = _SHORT_ID.search(stem)
    return match.group(1) if match else stem


def sessions_dir(home: Path) -> Path:
    return home / "sessions"


JOURNAL_FILE = "journal.json"


def journal_path(home: Path) -> Path:
    """Where a change to several files is journalled while under way (storage.journal)."""
    return home / JOURNAL_FILE


def check_writable(home: Path) -> None:
    """Fail before a walk-through starts, not after it, when nothing could be saved: a few
    kilobytes are written, synced and removed, so a full disk is found too."""
    directory = sessions_dir(home)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        probe = write_temp(directory, bytes(PROBE_BYTES), prefix=".probe-")
        probe.unlink(missing_ok=True)
    except OSError as error:
        raise StorageError(f"{home}: cannot write here: {reason(error)}") from None


def free_name(directory: Path, stem: str) -> Path:
    """`<stem>-<six hex digits>.toml`, a name no file has (checked under the lock)."""
    for _ in range(100):
        target = directory / f"{stem}-{_suffix()}.toml"
        if not os.path.lexists(target):
            return target
    raise StorageError(f"{directory}: could not find a free file name")


@dataclass(frozen=True)
class Unreadable:
    """A file in the history that could not be used, and why."""

    path: Path
    reason: str


def toml_files(directory: Path) -> list[Path]:
    """The `*.toml` entries of a data folder, by name; a missing folder has none, a folder
    that cannot be listed is an error (never an empty history)."""
    return [directory / name for name in _names(directory) if name.endswith(".toml")]


def _names(directory: Path) -> list[str]:
    try:
        names = [entry.name for entry in directory.iterdir()]
    except (FileNotFoundError, NotADirectoryError):
        if os.path.lexists(directory) and not directory.is_dir():
            raise StorageError(f"{directory}: cannot read: Not a directory") from None
        return []
    except OSError as error:
        raise StorageError(f"{directory}: cannot read: {reason(error)}") from None
    return sorted(names)


def session_files(home: Path) -> list[Path]:
    """The session files of the history, oldest name first. What a killed scorekeeper left
    (a journalled change, temporary files) is settled first when nobody else is at work."""
    directory = sessions_dir(home)
    names = _names(directory)
    if os.path.lexists(journal_path(home)) or any(map(is_temporary, names)):
        # only after a kill: a change left journalled is completed or rolled back first
        from scorekeeper.storage.journal import settle  # noqa: PLC0415

        settle(home)
        names = _names(directory)
    return [directory / name for name in names if name.endswith(".toml")]


def read_stored_result(path: Path) -> dict[str, Any] | None:
    """The [result] table a file was saved with (from_dict ignores it), or None."""
    try:
        result = read_toml(path, SESSION).get("result")
    except StorageError:
        return None
    return result if isinstance(result, dict) else None
