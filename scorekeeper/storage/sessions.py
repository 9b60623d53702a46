"""Session files: the data directory, never-overwriting saves under the lock, tolerant reads.

The TOML parser and the session model are imported where they are used: the history
commands, answered from the play cache, need only the paths.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import CatalogueError, InputError, ScorekeeperError, StorageError
from scorekeeper.storage.files import _suffix, dumps, make_folder, reason, write_temp
from scorekeeper.storage.reading import SESSION, read_toml
from scorekeeper.storage.userfiles import user_files

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Outcome
    from scorekeeper.session import Session

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


def read_session(path: Path, home: Path | Callable[[], Path] | None = None) -> Session:
    """Parse and check one session file against the user data of `home` (a card catalogue;
    None: the shipped data only); every problem names the file."""
    return read_session_and_record(path, home)[0]


def read_session_and_record(
    path: Path, home: Path | Callable[[], Path] | None = None
) -> tuple[Session, dict[str, Any] | None]:
    """read_session, with the [result] record the file was saved with (None: it has none),
    from the one parse: the history checks the record against the inputs it reads."""
    from scorekeeper.session import from_dict

    document = read_toml(path, SESSION)
    try:
        session = from_dict(document, user_files(home))
    except InputError as error:
        raise error.at(file=str(path)) from None
    except RecursionError:
        raise StorageError(f"{path}: nested too deeply") from None
    record = document.get("result")
    return session, record if isinstance(record, dict) else None


def save_session(
    session: Session,
    outcome: Outcome,
    home: Path,
    *,
    before: Callable[[Path], None] | None = None,
) -> Path:
    """Save under sessions/<date>-<game>-<short id>.toml, holding the lock, and return the
    path. The file and its entry in the change log appear in one journalled change, so
    `undo` knows every save, even after a kill; the file never replaces one that exists.
    `before` is told the path just before the file can appear (a walk-through records it in
    its draft, so a kill after the save never leads to a second copy)."""
    from scorekeeper.session import to_dict
    from scorekeeper.storage.changes import recorded
    from scorekeeper.storage.lock import locked

    played = session.played or date.today()
    stem = f"{played.isoformat()[:10]}-{session.game.id}"
    text = dumps(to_dict(session, outcome))
    directory = sessions_dir(home)
    make_folder(directory)  # first, so a folder that cannot be made is named as the problem
    with locked(home):
        path = free_name(directory, stem)
        if before is not None:
            before(path)
        with recorded(home, f"save {path.stem}") as change:
            change.create(path, text)
        return path


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
    from scorekeeper.storage.files import is_temporary

    directory = sessions_dir(home)
    names = _names(directory)
    if os.path.lexists(journal_path(home)) or any(map(is_temporary, names)):
        from scorekeeper.storage.journal import settle

        settle(home)
        names = _names(directory)
    return [directory / name for name in names if name.endswith(".toml")]


def iter_sessions(home: Path) -> Iterator[tuple[Path, Session] | Unreadable]:
    """Every session file in the history, oldest name first; broken files are reported."""
    for path in session_files(home):
        try:
            yield path, read_session(path, home)
        except CatalogueError as error:  # the catalogue is the broken file, not the session
            yield Unreadable(path, f"{error} (needed by {path})")
        except ScorekeeperError as error:
            yield Unreadable(path, str(error))


def read_stored_result(path: Path) -> dict[str, Any] | None:
    """The [result] table a file was saved with (from_dict ignores it), or None."""
    try:
        result = read_toml(path, SESSION).get("result")
    except StorageError:
        return None
    return result if isinstance(result, dict) else None
