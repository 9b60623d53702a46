"""Small TOML documents of the program's own, one per kind in a folder: drafts of unfinished
walk-throughs and answers remembered for the next one. Written atomically under the lock; a
damaged one is set aside (renamed, never deleted) and the user told where. What was set aside
can be listed, put back, and moved into the trash when it is old."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper.errors import StorageError
from scorekeeper.storage.changes import free_name, trash_dir
from scorekeeper.storage.files import _suffix, dumps, reason, replace_file, sync_directory
from scorekeeper.storage.lock import locked
from scorekeeper.storage.reading import DRAFT, REMEMBERED, Kind, parse_toml, read_optional

WHEN_FORMAT = "%Y%m%d-%H%M%S"
_ASIDE = re.compile(r"(?P<why>[a-z]+)-(?P<when>\d{8}-\d{6})-(?P<id>[0-9a-f]{6})")


@dataclass(frozen=True)
class Aside:
    """A document set aside: its file, why (damaged, dropped), when, and its short id (the
    random part of its name)."""

    path: Path
    why: str
    when: datetime
    id: str


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
        when = datetime.now().strftime(WHEN_FORMAT)
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

    def asides(self, home: Path, kind: str) -> list[Aside]:
        """The documents of a kind set aside, newest first; other files are not looked at."""
        folder = home / self.folder
        prefix = f"{kind}.toml."
        try:
            names = [p.name for p in folder.iterdir() if p.name.startswith(prefix)]
        except (FileNotFoundError, NotADirectoryError):
            return []
        except OSError as error:
            raise StorageError(f"{folder}: cannot list: {reason(error)}") from None
        found = []
        for name in names:
            match = _ASIDE.fullmatch(name.removeprefix(prefix))
            if match is None:
                continue
            try:
                when = datetime.strptime(match["when"], WHEN_FORMAT)
            except ValueError:  # digits that are no date: not a name set_aside gave
                continue
            found.append(Aside(folder / name, match["why"], when, match["id"]))
        return sorted(found, key=lambda aside: (aside.when, aside.path.name), reverse=True)

    def put_back(self, home: Path, kind: str, aside: Path) -> Path:
        """Make a document set aside the current one again; refused while there is one (set
        it aside first), so nothing is ever replaced."""
        path = self.path(home, kind)
        with locked(home):
            if os.path.lexists(path):
                raise StorageError(f"{path}: there is one already; it would be replaced")
            try:
                aside.rename(path)
            except OSError as error:
                raise StorageError(f"{aside}: cannot be put back: {reason(error)}") from None
            sync_directory(path.parent)
        return path

    def to_trash(self, home: Path, aside: Path) -> Path:
        """Move a document set aside into `trash/<folder>/` (kept there like every file in the
        trash, never emptied by scorekeeper); returns where it went."""
        folder = trash_dir(home) / self.folder
        with locked(home):  # which refuses a `trash` that is a link
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StorageError(f"{folder}: cannot write here: {reason(error)}") from None
            if folder.is_symlink():
                raise StorageError(f"{folder}: a link, not a folder; nothing is moved through it")
            target = free_name(folder, aside.name, set())
            try:
                aside.rename(target)
            except OSError as error:
                raise StorageError(
                    f"{aside}: cannot be moved to the trash: {reason(error)}"
                ) from None
            sync_directory(folder)
            sync_directory(aside.parent)
        return target


DRAFTS = DocumentStore("drafts", "draft", "a draft", DRAFT)
REMEMBERED_ANSWERS = DocumentStore(
    "remembered", "remembered answers", "remembered answers", REMEMBERED
)


def draft_path(home: Path, kind: str) -> Path:
    """Where an unfinished walk-through of one kind ("score", "first-snow-live") is kept."""
    return DRAFTS.path(home, kind)


def save_draft(home: Path, kind: str, document: dict[str, Any]) -> Path:
    """Replace the draft atomically: a crash leaves the old draft or the new one, never half."""
    return DRAFTS.save(home, kind, document)


def load_draft(home: Path, kind: str) -> dict[str, Any] | None:
    """The saved draft document, or None when there is none. A damaged one is set aside and
    the StorageError says where (`DRAFTS.load(..., warn=...)` carries on instead)."""
    return DRAFTS.load(home, kind)


def discard_draft(home: Path, kind: str) -> None:
    """Remove a draft whose answers are safe in a saved session (set_aside_draft otherwise)."""
    DRAFTS.discard(home, kind)


def set_aside_draft(home: Path, kind: str, why: str = "damaged") -> Path:
    """Move a draft out of the way, damaged or dropped by the user; returns where it went."""
    return DRAFTS.set_aside(home, kind, why)


def remembered_path(home: Path, kind: str) -> Path:
    """Where answers worth offering again next time are kept (a table's colour names)."""
    return REMEMBERED_ANSWERS.path(home, kind)


def remember(home: Path, kind: str, document: dict[str, Any]) -> Path:
    """Keep answers for the next walk-through, replaced atomically like a draft."""
    return REMEMBERED_ANSWERS.save(home, kind, document)


def recall(home: Path, kind: str) -> dict[str, Any] | None:
    """The remembered answers, or None when nothing was remembered yet. A damaged file is
    set aside and the StorageError says where."""
    return REMEMBERED_ANSWERS.load(home, kind)
