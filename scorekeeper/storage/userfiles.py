"""A data directory's user files (Creature Comforts' `catalogue.toml`), handed to the titles."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.storage.reading import CATALOGUE, parse_toml, read_optional


@dataclass(frozen=True)
class HomeFiles:
    """games.UserFiles for one data directory: each file read through the hardened reader (no
    FIFO, no /dev/zero, a size limit) and parsed when a title first asks for it. The data
    directory may be given as how to find it, worked out only when a title needs a file."""

    home: Path | Callable[[], Path]

    def __call__(self, name: str) -> Mapping[str, Any] | None:
        path = self._path(name)
        text = read_optional(path, CATALOGUE)
        return None if text is None else parse_toml(text, path)

    def where(self, name: str) -> str:
        return str(self._path(name))

    def _path(self, name: str) -> Path:
        return (self.home() if callable(self.home) else self.home) / name


def user_files(home: Path | Callable[[], Path] | None) -> HomeFiles | None:
    """The user files of a data directory; None: the shipped data only."""
    return None if home is None else HomeFiles(home)
