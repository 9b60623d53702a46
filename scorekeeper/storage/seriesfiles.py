"""Series definition files, `<home>/series/<name>.toml`: created once under the lock, never
replaced; read through the hardened reader."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.errors import InputError, StorageError, Where
from scorekeeper.storage.files import dumps, link_new, reason, stage
from scorekeeper.storage.lock import locked
from scorekeeper.storage.reading import SERIES, read_toml
from scorekeeper.storage.sessions import Unreadable, toml_files

if TYPE_CHECKING:
    from scorekeeper.history.series import SeriesDef


def series_dir(home: Path) -> Path:
    return home / "series"


def save_series(home: Path, definition: SeriesDef) -> Path:
    """Write series/<name>.toml atomically; an existing series is never replaced."""
    from scorekeeper.history.series import SeriesError, series_to_dict

    directory = series_dir(home)
    path = directory / f"{definition.name}.toml"
    text = dumps(series_to_dict(definition))
    with locked(home):
        temp = stage(directory, text)
        try:
            link_new(temp, path)
        except FileExistsError:
            raise SeriesError(f"series {definition.name!r} already exists ({path})") from None
        except OSError as error:
            raise StorageError(f"{path}: cannot write: {reason(error)}") from None
        finally:
            temp.unlink(missing_ok=True)
    return path


def read_series(path: Path) -> SeriesDef:
    """One series file; its `name` must be its file name, as sessions link by that name."""
    from scorekeeper.games import find_game
    from scorekeeper.history.series import series_from_dict

    raw = read_toml(path, SERIES)
    try:
        definition = series_from_dict(raw, find_game)
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
    for path in toml_files(series_dir(home)):
        try:
            yield read_series(path)
        except (InputError, StorageError) as error:
            yield Unreadable(path, str(error))
