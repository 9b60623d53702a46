"""The one atomic file writer: a synced temporary file, then a hard link (new files) or a
replace (rewritten files), then a sync of the directory, so a crash leaves the old file or
the new one, never half of either."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from scorekeeper.errors import StorageError

TEMP_PREFIXES = (".saving-", ".backup-", ".probe-")  # every temporary name this package makes
TEMP_SUFFIX = ".tmp"


def _suffix() -> str:
    """Six random hex digits: short file names; a collision just picks again. (Not `secrets`,
    whose OpenSSL import costs start-up time: these names are not secret.)"""
    return os.urandom(3).hex()


def digest(data: bytes) -> str:
    """The hex SHA-256 of a file's bytes: what the journal and the change log check a file
    against before they touch it."""
    import hashlib

    return hashlib.sha256(data).hexdigest()


def reason(error: OSError) -> str:
    """An OSError as people read it: 'No space left on device'."""
    return error.strerror or str(error)


def write_temp(
    directory: Path, data: str | bytes, *, mode: int | None = None, prefix: str = ".saving-"
) -> Path:
    """A fully written, synced temporary file beside its final place (`mode`: its
    permission bits, so a replaced file keeps its own)."""
    import tempfile  # noqa: PLC0415 (only when writing: most commands only read)

    handle, temp_name = tempfile.mkstemp(dir=directory, prefix=prefix, suffix=TEMP_SUFFIX)
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "wb") as stream:
            if mode is not None:
                temp.chmod(mode)
            stream.write(data.encode("utf-8") if isinstance(data, str) else data)
            stream.flush()
            os.fsync(stream.fileno())
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return temp


def sync_directory(directory: Path) -> None:
    """Make the names just linked, replaced or removed in `directory` durable."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:  # a platform that cannot open directories (Windows) syncs names itself
        return
    try:
        os.fsync(handle)
    except OSError:  # some file systems refuse fsync on a directory: nothing more to do
        pass
    finally:
        os.close(handle)


def mode_of(path: Path) -> int | None:
    """The permission bits of an existing file, kept when it is replaced."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return None


def replace_file(path: Path, text: str | bytes, what: str) -> None:
    """Write `text` to a temporary file beside `path`, then replace `path` in one step; the
    file keeps its permission bits."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = write_temp(path.parent, text, mode=mode_of(path))
        try:
            temp.replace(path)
        finally:
            temp.unlink(missing_ok=True)
        sync_directory(path.parent)
    except OSError as error:
        raise StorageError(f"{path.parent}: cannot write {what}: {reason(error)}") from None


def make_folder(directory: Path) -> None:
    """A data folder, made if missing; one that cannot be made is named in the error."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(f"{directory}: cannot write here: {reason(error)}") from None


def stage(directory: Path, text: str | bytes) -> Path:
    """A synced temporary file in a data folder (made if missing), ready to be linked."""
    make_folder(directory)
    try:
        return write_temp(directory, text)
    except OSError as error:
        raise StorageError(f"{directory}: cannot write here: {reason(error)}") from None


def link_new(temp: Path, target: Path) -> None:
    """Give a written temporary file its final name; FileExistsError if the name is taken."""
    os.link(temp, target)
    sync_directory(target.parent)


def is_temporary(name: str) -> bool:
    """A name this package gives its temporary files (and nothing a person would choose)."""
    return name.endswith(TEMP_SUFFIX) and name.startswith(TEMP_PREFIXES)


def remove_temporaries(directory: Path) -> int:
    """Remove what writers killed part way left behind in one folder; how many were removed.

    Only called with the data directory's lock held, when no writer can be running.
    """
    removed = 0
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return 0
    for entry in entries:
        if is_temporary(entry.name) and entry.is_file(follow_symlinks=False):
            try:
                Path(entry.path).unlink()
            except OSError:
                continue
            removed += 1
    if removed:
        sync_directory(directory)
    return removed


def dumps(document: dict[str, Any]) -> str:
    """TOML text for a document (never a partial file: the text is built first), with short
    arrays on one line as people write them."""
    import tomli_w  # only when writing: reading and scoring start faster without it

    from scorekeeper.storage.tomlstyle import compact_arrays  # noqa: PLC0415 (with tomli_w)

    try:
        text = tomli_w.dumps(document)
    except RecursionError:  # tomllib reads deeper [extra] tables than tomli_w can write
        raise StorageError("cannot save: a value is nested too deeply to write") from None
    return compact_arrays(text)
