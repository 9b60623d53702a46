"""Card catalogues: the one shipped in the package and the user's `catalogue.toml`.

The shipped file is read through importlib.resources so it works from a wheel or a zip; the
user's arrives already parsed, through the UserFiles that storage hands in (a title never
reads the data directory). `load(user_files)` is the catalogue of one data directory (None:
the shipped one alone).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import CatalogueError, InputError, StorageError
from scorekeeper.games.creature_comforts.cards import Document, catalogue_from_documents
from scorekeeper.games.title import UserFiles

if TYPE_CHECKING:
    from scorekeeper.games.creature_comforts.cards import Catalogue

SHIPPED = "creature-comforts.toml"
USER_FILE = "catalogue.toml"


def _document(parsed: Mapping[str, Any], origin: str) -> Document:
    return Document(origin, dict(parsed))


def shipped_document() -> Document:
    path = resources.files("scorekeeper") / "data" / SHIPPED
    return _document(tomllib.loads(path.read_text(encoding="utf-8")), f"scorekeeper/data/{SHIPPED}")


@cache
def load(user_files: UserFiles | None) -> Catalogue:
    """The shipped catalogue, with the user's `catalogue.toml` merged over it when it exists."""
    documents = [shipped_document()]
    if user_files is not None:
        try:
            parsed = user_files(USER_FILE)  # storage's hardened reader: no FIFO, no /dev/zero
        except StorageError as error:
            raise CatalogueError(str(error)) from None
        if parsed is not None:
            documents.append(_document(parsed, user_files.where(USER_FILE)))
    try:
        return catalogue_from_documents(documents)
    except InputError as error:
        raise CatalogueError(str(error)) from None
