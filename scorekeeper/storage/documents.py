"""Small TOML documents of the program's own, one per kind in a folder: drafts of unfinished
walk-throughs and answers remembered for the next one. Written atomically under the lock; a
damaged one is set aside (renamed, never deleted) and the user told where."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.errors import StorageError
from scorekeeper.storage.files import _suffix, dumps, reason, replace_file, sync_directory
from scorekeeper.storage.lock import locked
from scorekeeper.storage.reading import DRAFT, REMEMBERED, Kind, parse_toml, read_optional


@dataclass(frozen=True)
class DocumentStore:
    """One folder of the data directory holding one TOML document per kind."""

    folder: str
    noun: str  # "draft": how messages name a document
    what: str  # "a draft": what cannot be written
    kind: Kind  # how the hardened reader bounds it

    def path(self, home: Path, kind: str) -> Path:
        return home / self.folder / f"{kind}.toml"

    def save(self, home: Path, kind: str, document: dict[str, Any]) -> Path:
        """Replace the document atomically: a crash leaves the old one or the new, never half."""
        path = self.path(home, kind)
        text = dumps(document)
        what = self.what
        try:  # first, so a folder that cannot be made is named as the problem
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(f"{path.parent}: cannot write {what}: {reason(error)}") from None
        with locked(home):
            replace_file(path, text, what)
        return path

    def load(
        self, home: Path, kind: str, *, warn: Callable[[str], None] | None = None
    ) -> dict[str, Any] | None:
        """The document, or None when there is none. A damaged one is set aside; the
        StorageError saying where is raised, or with `warn` given, passed to it and None
        returned (so a walk-through can start afresh)."""
        path = self.path(home, kind)
        try:
            text = read_optional(path, self.kind)
            return None if text is None else parse_toml(text, path)
        except StorageError as error:
            detail = str(error).removeprefix(f"{path}: ")
            aside = self.set_aside(home, kind)
            message = f"{path}: unreadable {self.noun} ({detail}); it was moved to {aside}"
        if warn is None:
            raise StorageError(message)
        warn(message)
        return None

    def discard(self, home: Path, kind: str) -> None:
        path = self.path(home, kind)
        if not os.path.lexists(path):
            return
        with locked(home):
            try:
                path.unlink(missing_ok=True)
            except OSError as error:
                raise StorageError(f"{path}: cannot remove: {reason(error)}") from None

    def set_aside(self, home: Path, kind: str, why: str = "damaged") -> Path:
        """Rename a document out of the way (`<kind>.toml.<why>-<when>`): a damaged one, or one
        the user dropped, whose answers are kept all the same."""
        path = self.path(home, kind)
        from datetime import datetime

        when = datetime.now().strftime("%Y%m%d-%H%M%S")
        with locked(home):
            for _ in range(100):
                aside = path.with_name(f"{path.name}.{why}-{when}-{_suffix()}")
                if os.path.lexists(aside):
                    continue
                try:
                    path.rename(aside)
                except OSError as error:
                    raise StorageError(
                        f"{path}: {why}, and cannot be set aside: {reason(error)}"
                    ) from None
                sync_directory(path.parent)
                return aside
        raise StorageError(f"{path.parent}: could not find a free file name")


DRAFTS = DocumentStore("drafts", "draft", "a draft", DRAFT)
REMEMBERED_ANSWERS = DocumentStore(
    "remembered", "remembered answers", "remembered answers", REMEMBERED
)
