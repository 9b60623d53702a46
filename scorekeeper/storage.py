"""Session files on disk: the data directory, atomic never-overwriting writes, tolerant reads."""

from __future__ import annotations

import os
import tempfile
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from scorekeeper.core.breakdown import Outcome
from scorekeeper.errors import InputError, StorageError
from scorekeeper.session import Session, from_dict, to_dict

HOME_ENV = "SCOREKEEPER_HOME"
MAX_FILE_BYTES = 16 << 20  # a session is a few kilobytes; this stops /dev/zero or a stray video


def data_home(explicit: Path | None = None) -> Path:
    """--home, else $SCOREKEEPER_HOME, else the platform's per-user data directory."""
    if explicit is not None:
        return explicit
    if os.environ.get(HOME_ENV):
        return Path(os.environ[HOME_ENV])
    import platformdirs  # only when no directory was given: keeps start-up lean

    return platformdirs.user_data_path("scorekeeper", appauthor=False)


def sessions_dir(home: Path) -> Path:
    return home / "sessions"


def check_writable(home: Path) -> None:
    """Fail before a walk-through starts, not after it, when nothing could be saved."""
    directory = sessions_dir(home)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(dir=directory, prefix=".probe-", suffix=".tmp")
        os.close(handle)
        Path(temp_name).unlink()
    except OSError as error:
        raise StorageError(f"{home}: cannot write here: {error.strerror or error}") from None


def read_session(path: Path) -> Session:
    """Parse and check one session file; every problem names the file."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise StorageError(f"{path}: cannot read: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise StorageError(f"{path}: larger than {MAX_FILE_BYTES >> 20} MB: not a session file")
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise StorageError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise StorageError(f"{path}: not valid TOML: {error}") from None
    except ValueError as error:  # an integer past Python's digit limit
        raise StorageError(f"{path}: not valid TOML: {str(error).split(';')[0]}") from None
    except RecursionError:
        raise StorageError(f"{path}: not valid TOML: nested too deeply") from None
    try:
        return from_dict(document)
    except InputError as error:
        raise error.at(file=str(path)) from None
    except RecursionError:
        raise StorageError(f"{path}: nested too deeply") from None


def dumps(document: dict[str, Any]) -> str:
    """TOML text for a document (never a partial file: the text is built first)."""
    import tomli_w  # only when writing: reading and scoring start faster without it

    try:
        return tomli_w.dumps(document)
    except RecursionError:  # tomllib reads deeper [extra] tables than tomli_w can write
        raise StorageError("cannot save: a value is nested too deeply to write") from None


def write_new(directory: Path, stem: str, text: str) -> Path:
    """Write `text` to a new file `<stem>-<random>.toml`: atomic, never replaces a file.

    The text goes to a temporary file first; a hard link then gives it its final name, which
    fails instead of overwriting if the name is taken, so two savers never collide.
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(dir=directory, prefix=".saving-", suffix=".tmp")
    except OSError as error:
        raise StorageError(f"{directory}: cannot write here: {error.strerror or error}") from None
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        for _ in range(100):
            target = directory / f"{stem}-{_suffix()}.toml"
            try:
                os.link(temp, target)
            except FileExistsError:
                continue
            return target
        raise StorageError(f"{directory}: could not find a free file name")
    except OSError as error:
        raise StorageError(f"{directory}: cannot write here: {error.strerror or error}") from None
    finally:
        temp.unlink(missing_ok=True)


def _suffix() -> str:
    """Six random hex digits: short file names; a collision just picks again. (Not `secrets`,
    whose OpenSSL import costs start-up time: these names are not secret.)"""
    return os.urandom(3).hex()


def save_session(session: Session, outcome: Outcome, home: Path) -> Path:
    """Save under sessions/<date>-<game>-<short id>.toml and return the path."""
    played = session.played or date.today()
    stem = f"{played.isoformat()[:10]}-{session.game.id}"
    return write_new(sessions_dir(home), stem, dumps(to_dict(session, outcome)))


@dataclass(frozen=True)
class Unreadable:
    """A file in the history that could not be used, and why."""

    path: Path
    reason: str


def iter_sessions(home: Path) -> Iterator[tuple[Path, Session] | Unreadable]:
    """Every session file in the history, oldest name first; broken files are reported."""
    directory = sessions_dir(home)
    if not directory.is_dir():
        return
    for path in sorted(directory.glob("*.toml")):
        try:
            yield path, read_session(path)
        except (InputError, StorageError) as error:
            yield Unreadable(path, str(error))


def known_players(home: Path) -> list[str]:
    """Names from the history, most played first, spelled as most recently written."""
    counts: dict[str, int] = {}
    spelling: dict[str, str] = {}
    for entry in iter_sessions(home):
        if isinstance(entry, Unreadable):
            continue
        for name in entry[1].names:
            key = name.casefold()
            counts[key] = counts.get(key, 0) + 1
            spelling[key] = name
    return [spelling[key] for key in sorted(counts, key=lambda k: (-counts[k], k))]


def draft_path(home: Path, kind: str) -> Path:
    """Where an unfinished walk-through of one kind ("score", "first-snow-live") is kept."""
    return home / "drafts" / f"{kind}.toml"


def save_draft(home: Path, kind: str, document: dict[str, Any]) -> Path:
    """Replace the draft atomically: a crash leaves the old draft or the new one, never half."""
    path = draft_path(home, kind)
    text = dumps(document)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(dir=path.parent, prefix=".draft-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        Path(temp_name).replace(path)
    except OSError as error:
        raise StorageError(
            f"{path.parent}: cannot write a draft: {error.strerror or error}"
        ) from None
    return path


def load_draft(home: Path, kind: str) -> dict[str, Any] | None:
    """The saved draft document, or None when there is none."""
    path = draft_path(home, kind)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):  # no draft, or no data directory at all
        return None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise StorageError(f"{path}: unreadable draft ({error}); remove it to start over") from None


def discard_draft(home: Path, kind: str) -> None:
    draft_path(home, kind).unlink(missing_ok=True)
