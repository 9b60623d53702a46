"""Card catalogue files: the one shipped in the package and the user's `<home>/catalogue.toml`.

The only module that reads catalogue files. The shipped file is read through
importlib.resources so it works from a wheel or a zip. `load(home)` is the catalogue of one
data directory (None: the shipped one alone); callers pass it, or the home, on.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.errors import CatalogueError, InputError, StorageError

if TYPE_CHECKING:  # the card model loads with Creature Comforts, not with every command
    from scorekeeper.games.creature_comforts.cards import Catalogue, Document

SHIPPED = "creature-comforts.toml"
USER_FILE = "catalogue.toml"


def user_file(home: Path) -> Path:
    return home / USER_FILE


def _parse(text: str, origin: str) -> Document:
    from scorekeeper.games.creature_comforts.cards import Document
    from scorekeeper.storage.reading import parse_toml

    try:
        return Document(origin, parse_toml(text, origin))
    except StorageError as error:
        raise CatalogueError(str(error)) from None


def shipped_document() -> Document:
    from importlib import resources

    path = resources.files("scorekeeper") / "data" / SHIPPED
    return _parse(path.read_text(encoding="utf-8"), f"scorekeeper/data/{SHIPPED}")


@cache
def load(home: Path | None) -> Catalogue:
    """The shipped catalogue, with `<home>/catalogue.toml` merged over it when it exists."""
    documents = [shipped_document()]
    if home is not None:
        from scorekeeper.storage.reading import CATALOGUE, read_optional

        path = user_file(home)
        try:
            text = read_optional(path, CATALOGUE)  # the hardened reader: no FIFO, no /dev/zero
        except StorageError as error:
            raise CatalogueError(str(error)) from None
        if text is not None:
            documents.append(_parse(text, str(path)))
    try:
        from scorekeeper.games.creature_comforts.cards import catalogue_from_documents

        return catalogue_from_documents(documents)
    except InputError as error:
        raise CatalogueError(str(error)) from None
