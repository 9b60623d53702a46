"""Deleting, restoring and correcting saved sessions: files move to `<home>/trash/`, never
destroyed, each change journalled and written to the change log so `undo` can reverse it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.errors import ScorekeeperError, StorageError
from scorekeeper.session import to_dict
from scorekeeper.storage.changes import original_stem, recorded, trash_dir
from scorekeeper.storage.files import dumps
from scorekeeper.storage.sessions import sessions_dir, short_id, toml_files

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Outcome
    from scorekeeper.session import Session


class TrashError(ScorekeeperError):
    """A trashed session cannot be put back, or a session to change is not in the history."""


@dataclass(frozen=True)
class Moved:
    """A session file and where it went."""

    source: Path
    target: Path


def trashed_files(home: Path) -> list[Path]:
    """The sessions in the trash, by name (series definitions in `trash/series/` are not)."""
    return toml_files(trash_dir(home))


def delete_sessions(home: Path, paths: list[Path]) -> list[Moved]:
    """Move session files to the trash, all or none, as one undoable change."""
    _check_in(sessions_dir(home), paths)
    names = _ids(paths)
    moved = []
    with recorded(home, f"delete {names}") as change:
        for path in paths:
            if not path.exists():
                raise TrashError(f"{path}: no longer in the history; nothing was deleted")
            moved.append(Moved(path, change.trash(path)))
    return moved


def restore_sessions(home: Path, trashed: list[Path]) -> list[Moved]:
    """Put trashed sessions back under their names, all or none; a name taken in the history
    (the session was saved again, or edited after an earlier version was trashed) refuses."""
    _check_in(trash_dir(home), trashed)
    targets = [sessions_dir(home) / f"{original_stem(p)}.toml" for p in trashed]
    if len(set(targets)) < len(targets):
        raise TrashError("two of these trashed files would both be restored as the same session")
    names = _ids(targets)
    moved = []
    with recorded(home, f"restore {names}") as change:
        for source, target in zip(trashed, targets, strict=True):
            if os.path.lexists(target):
                raise TrashError(
                    f"cannot restore {source.name}: {target} is in the history already "
                    f"(`scorekeeper history show {target.stem}`); nothing was restored"
                )
            change.restore(source, target)
            moved.append(Moved(source, target))
    return moved


def replace_session(
    home: Path,
    stem_or_path: str | Path,
    session: Session,
    outcome: Outcome,
    text: str | None = None,
    *,
    derived: bool = False,
) -> Path:
    """Save a corrected session under the same name by atomic replace; the previous version
    goes to the trash and the change can be undone. Returns the session file. `text`, when
    given, is written as it is (a hand edit, comments and all, already proven to read back
    as `session`). `derived`: only its [result] is brought up to date, a change `undo` never
    reverses (the next read would make it again)."""

    path = _session_path(home, stem_or_path)
    if text is None:
        text = dumps(to_dict(session, outcome))
    ids = _ids([path])
    description = f"result of {ids} brought up to date" if derived else f"edit {ids}"
    with recorded(home, description, derived=derived) as change:
        if not path.exists():
            raise TrashError(f"no session {path.stem!r} in the history; nothing was changed")
        change.replace(path, text, old_to_trash=True)
    return path


def _ids(paths: list[Path]) -> str:
    """The short ids the history commands show, to describe a change."""
    return ", ".join(short_id(p.stem) for p in paths)


def _session_path(home: Path, stem_or_path: str | Path) -> Path:
    if isinstance(stem_or_path, Path):
        _check_in(sessions_dir(home), [stem_or_path])
        return stem_or_path
    name = stem_or_path.removesuffix(".toml")
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise TrashError(f"{stem_or_path!r} is not a session name")
    return sessions_dir(home) / f"{name}.toml"


def _check_in(folder: Path, paths: list[Path]) -> None:
    for path in paths:
        if path.parent != folder:
            raise StorageError(f"{path}: not in {folder}")
