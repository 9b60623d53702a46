"""Series definition files, `<home>/series/<name>.toml`, as documents: created once under the
lock, never replaced; read through the hardened reader. What a definition means is the
history's (history/series.py); this module knows only files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scorekeeper.errors import StorageError
from scorekeeper.storage.files import dumps, link_new, reason, stage
from scorekeeper.storage.lock import locked
from scorekeeper.storage.reading import SERIES, read_toml
from scorekeeper.storage.sessions import Unreadable, toml_files


class SeriesExistsError(StorageError):
    """A series file of that name exists already (it is never replaced)."""


def series_dir(home: Path) -> Path:
    return home / "series"


def save_series(home: Path, name: str, document: dict[str, Any]) -> Path:
    """Write series/<name>.toml atomically; an existing file is never replaced."""
    directory = series_dir(home)
    path = directory / f"{name}.toml"
    text = dumps(document)
    with locked(home):
        temp = stage(directory, text)
        try:
            link_new(temp, path)
        except FileExistsError:
            raise SeriesExistsError(f"series {name!r} already exists ({path})") from None
        except OSError as error:
            raise StorageError(f"{path}: cannot write: {reason(error)}") from None
        finally:
            temp.unlink(missing_ok=True)
    return path


def series_documents(home: Path) -> Iterator[tuple[Path, dict[str, Any]] | Unreadable]:
    """Every series file's document, by name; unreadable files are reported, not fatal."""
    for path in toml_files(series_dir(home)):
        try:
            yield path, read_toml(path, SERIES)
        except StorageError as error:
            yield Unreadable(path, str(error))
