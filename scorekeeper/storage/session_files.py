"""Session files read into the session model: parsed by the hardened reader, checked against the
data directory's user files, every problem naming the file. (Listing them is sessions.py, which
the history commands answered from the play cache use without the session model.)"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from scorekeeper.errors import CatalogueError, InputError, ScorekeeperError, StorageError
from scorekeeper.session import Session, from_dict
from scorekeeper.storage.reading import SESSION, read_toml
from scorekeeper.storage.sessions import Unreadable, session_files
from scorekeeper.storage.userfiles import user_files


def read_session(path: Path, home: Path | Callable[[], Path] | None = None) -> Session:
    """Parse and check one session file against the user data of `home` (a card catalogue;
    None: the shipped data only); every problem names the file."""
    return read_session_and_record(path, home)[0]


def read_session_and_record(
    path: Path, home: Path | Callable[[], Path] | None = None
) -> tuple[Session, dict[str, Any] | None]:
    """read_session, with the [result] record the file was saved with (None: it has none),
    from the one parse: the history checks the record against the inputs it reads."""
    document = read_toml(path, SESSION)
    try:
        session = from_dict(document, user_files(home))
    except InputError as error:
        raise error.at(file=str(path)) from None
    except RecursionError:
        raise StorageError(f"{path}: nested too deeply") from None
    record = document.get("result")
    return session, record if isinstance(record, dict) else None


def iter_sessions(home: Path) -> Iterator[tuple[Path, Session] | Unreadable]:
    """Every session file in the history, oldest name first; broken files are reported."""
    for path in session_files(home):
        try:
            yield path, read_session(path, home)
        except CatalogueError as error:  # the catalogue is the broken file, not the session
            yield Unreadable(path, f"{error} (needed by {path})")
        except ScorekeeperError as error:
            yield Unreadable(path, str(error))
