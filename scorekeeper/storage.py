"""Session files on disk: the data directory, atomic never-overwriting writes, tolerant reads.

The TOML parser, the session model and the temporary-file machinery are imported where they
are used: the history commands, answered from the play cache, need only this module's paths.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import InputError, ScorekeeperError, StorageError, Where

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Outcome
    from scorekeeper.series import SeriesDef
    from scorekeeper.session import Session

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
    import tempfile

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
    import tomllib

    from scorekeeper.session import from_dict

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
    """TOML text for a document (never a partial file: the text is built first), with short
    arrays on one line as people write them."""
    import tomli_w  # only when writing: reading and scoring start faster without it

    from scorekeeper.tomlstyle import compact_arrays

    try:
        text = tomli_w.dumps(document)
    except RecursionError:  # tomllib reads deeper [extra] tables than tomli_w can write
        raise StorageError("cannot save: a value is nested too deeply to write") from None
    return compact_arrays(text)


def write_new(directory: Path, stem: str, text: str) -> Path:
    """Write `text` to a new file `<stem>-<random>.toml`: atomic, never replaces a file.

    The text goes to a temporary file first; a hard link then gives it its final name, which
    fails instead of overwriting if the name is taken, so two savers never collide.
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
        temp = _write_temp(directory, text)
    except OSError as error:
        raise StorageError(f"{directory}: cannot write here: {error.strerror or error}") from None
    try:
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


def _write_temp(directory: Path, text: str) -> Path:
    """A fully written, synced temporary file beside its final place."""
    import tempfile

    handle, temp_name = tempfile.mkstemp(dir=directory, prefix=".saving-", suffix=".tmp")
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return temp


def _suffix() -> str:
    """Six random hex digits: short file names; a collision just picks again. (Not `secrets`,
    whose OpenSSL import costs start-up time: these names are not secret.)"""
    return os.urandom(3).hex()


def save_session(session: Session, outcome: Outcome, home: Path) -> Path:
    """Save under sessions/<date>-<game>-<short id>.toml and return the path."""
    from scorekeeper.session import to_dict

    played = session.played or date.today()
    stem = f"{played.isoformat()[:10]}-{session.game.id}"
    return write_new(sessions_dir(home), stem, dumps(to_dict(session, outcome)))


@dataclass(frozen=True)
class Unreadable:
    """A file in the history that could not be used, and why."""

    path: Path
    reason: str


def session_files(home: Path) -> list[Path]:
    """The session files of the history, oldest name first."""
    directory = sessions_dir(home)
    return sorted(directory.glob("*.toml")) if directory.is_dir() else []


def iter_sessions(home: Path) -> Iterator[tuple[Path, Session] | Unreadable]:
    """Every session file in the history, oldest name first; broken files are reported."""
    for path in session_files(home):
        try:
            yield path, read_session(path)
        except ScorekeeperError as error:  # a broken file, or a broken card catalogue it needs
            yield Unreadable(path, str(error))


def draft_path(home: Path, kind: str) -> Path:
    """Where an unfinished walk-through of one kind ("score", "first-snow-live") is kept."""
    return home / "drafts" / f"{kind}.toml"


def save_draft(home: Path, kind: str, document: dict[str, Any]) -> Path:
    """Replace the draft atomically: a crash leaves the old draft or the new one, never half."""
    path = draft_path(home, kind)
    replace_file(path, dumps(document), "a draft")
    return path


def load_draft(home: Path, kind: str) -> dict[str, Any] | None:
    """The saved draft document, or None when there is none."""
    return _read_optional(draft_path(home, kind), "draft")


def discard_draft(home: Path, kind: str) -> None:
    draft_path(home, kind).unlink(missing_ok=True)


def remembered_path(home: Path, kind: str) -> Path:
    """Where answers worth offering again next time are kept (a table's colour names)."""
    return home / "remembered" / f"{kind}.toml"


def remember(home: Path, kind: str, document: dict[str, Any]) -> Path:
    """Keep answers for the next walk-through, replaced atomically like a draft."""
    path = remembered_path(home, kind)
    replace_file(path, dumps(document), "remembered answers")
    return path


def recall(home: Path, kind: str) -> dict[str, Any] | None:
    """The remembered answers, or None when nothing was remembered yet."""
    return _read_optional(remembered_path(home, kind), "remembered answers")


def _read_optional(path: Path, what: str) -> dict[str, Any] | None:
    """A TOML file of the program's own (draft, remembered answers), or None if absent."""
    import tomllib

    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):  # no draft, or no data directory at all
        return None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise StorageError(
            f"{path}: unreadable {what} ({error}); remove it to start afresh"
        ) from None


def replace_file(path: Path, text: str, what: str) -> None:
    """Write `text` to a temporary file beside `path`, then replace `path` in one step."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = _write_temp(path.parent, text)
        try:
            temp.replace(path)
        finally:
            temp.unlink(missing_ok=True)
    except OSError as error:
        raise StorageError(
            f"{path.parent}: cannot write {what}: {error.strerror or error}"
        ) from None


# -- series definitions, stored results and history-wide renames -------------------------


def series_dir(home: Path) -> Path:
    return home / "series"


def save_series(home: Path, definition: SeriesDef) -> Path:
    """Write series/<name>.toml atomically; an existing series is never replaced."""
    from scorekeeper.series import SeriesError, series_to_dict

    directory = series_dir(home)
    path = directory / f"{definition.name}.toml"
    text = dumps(series_to_dict(definition))
    try:
        directory.mkdir(parents=True, exist_ok=True)
        temp = _write_temp(directory, text)
    except OSError as error:
        raise StorageError(f"{directory}: cannot write here: {error.strerror or error}") from None
    try:
        os.link(temp, path)
    except FileExistsError:
        raise SeriesError(f"series {definition.name!r} already exists ({path})") from None
    except OSError as error:
        raise StorageError(f"{path}: cannot write: {error.strerror or error}") from None
    finally:
        temp.unlink(missing_ok=True)
    return path


def read_series(path: Path) -> SeriesDef:
    """One series file; its `name` must be its file name, as sessions link by that name."""
    import tomllib

    from scorekeeper.games import find_game
    from scorekeeper.series import series_from_dict

    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        definition = series_from_dict(raw, find_game)
    except OSError as error:
        raise StorageError(f"{path}: cannot read: {error.strerror or error}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise StorageError(f"{path}: not valid TOML: {error}") from None
    except InputError as error:
        raise error.at(file=str(path)) from None
    if definition.name != path.stem:
        raise InputError(
            f"{definition.name!r} does not match the file name {path.stem!r}",
            Where(file=str(path), key="name"),
        )
    return definition


def iter_series(home: Path) -> Iterator[SeriesDef | Unreadable]:
    """Every series definition, by name; broken files are reported, not fatal."""
    directory = series_dir(home)
    if not directory.is_dir():
        return
    for path in sorted(directory.glob("*.toml")):
        try:
            yield read_series(path)
        except (InputError, StorageError) as error:
            yield Unreadable(path, str(error))


def read_stored_result(path: Path) -> dict[str, Any] | None:
    """The [result] table a file was saved with (from_dict ignores it), or None."""
    import tomllib

    try:
        result = tomllib.loads(path.read_text(encoding="utf-8")).get("result")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    return result if isinstance(result, dict) else None


@dataclass(frozen=True)
class Renamed:
    """What a rename changed: files edited in place, files re-written from data, files skipped."""

    edited: tuple[Path, ...]
    rebuilt: tuple[Path, ...]  # the text edit could not be proven exact: comments are lost
    skipped: tuple[Unreadable, ...]


def rename_player(home: Path, old: str, new: str) -> Renamed:
    """Rename a player in every session file, all or nothing.

    Every new version is written to a temporary file first; only when all are written are
    they moved into place. A failure before that removes the temporary files and changes
    nothing; a failure while moving puts back the files already replaced.
    """
    import tomllib

    from scorekeeper.names import check_name
    from scorekeeper.players import RenameError, rename_document, rename_text

    new = check_name(new)
    planned: dict[Path, tuple[str, str]] = {}  # path -> (old text, new text)
    edited: list[Path] = []
    rebuilt: list[Path] = []
    skipped: list[Unreadable] = []
    for entry in iter_sessions(home):
        if isinstance(entry, Unreadable):
            skipped.append(entry)
            continue
        path = entry[0]
        try:
            text = path.read_text(encoding="utf-8")
            wanted = rename_document(tomllib.loads(text), old, new)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            skipped.append(Unreadable(path, f"{path}: {error}"))
            continue
        except RenameError as error:
            raise RenameError(f"{path}: {error}") from None
        if wanted is None:
            continue
        changed = rename_text(text, wanted, old, new)
        (edited if changed is not None else rebuilt).append(path)
        planned[path] = (text, changed if changed is not None else dumps(wanted))
    if not planned:
        raise RenameError(f"no session has a player named {old!r}; see `scorekeeper players`")
    temps: dict[Path, Path] = {}
    try:
        for path, (_, text) in planned.items():
            temps[path] = _write_temp(path.parent, text)
    except OSError as error:
        for temp in temps.values():
            temp.unlink(missing_ok=True)
        raise StorageError(
            f"{path}: cannot write ({error.strerror or error}); no file was changed"
        ) from None
    done: list[Path] = []
    try:
        for path, temp in temps.items():
            temp.replace(path)
            done.append(path)
    except OSError as error:
        for path in done:
            path.write_text(planned[path][0], encoding="utf-8")
        for temp in temps.values():
            temp.unlink(missing_ok=True)
        raise StorageError(
            f"{path}: cannot replace ({error.strerror or error}); no file was changed"
        ) from None
    return Renamed(tuple(edited), tuple(rebuilt), tuple(skipped))
