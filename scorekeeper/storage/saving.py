"""Saving a new session file: never overwriting one, under the lock, journalled and written to
the change log so `undo` knows every save."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

from scorekeeper.core.breakdown import Outcome
from scorekeeper.session import Session, to_dict
from scorekeeper.storage.changes import recorded
from scorekeeper.storage.files import dumps, make_folder
from scorekeeper.storage.lock import locked
from scorekeeper.storage.sessions import free_name, sessions_dir


def save_session(
    session: Session,
    outcome: Outcome,
    home: Path,
    *,
    before: Callable[[Path], None] | None = None,
) -> Path:
    """Save under sessions/<date>-<game>-<short id>.toml, holding the lock, and return the
    path. The file and its entry in the change log appear in one journalled change, so
    `undo` knows every save, even after a kill; the file never replaces one that exists.
    `before` is told the path just before the file can appear (a walk-through records it in
    its draft, so a kill after the save never leads to a second copy)."""
    played = session.played or date.today()
    stem = f"{played.isoformat()[:10]}-{session.game.id}"
    text = dumps(to_dict(session, outcome))
    directory = sessions_dir(home)
    make_folder(directory)  # first, so a folder that cannot be made is named as the problem
    with locked(home):
        path = free_name(directory, stem)
        if before is not None:
            before(path)
        with recorded(home, f"save {path.stem}") as change:
            change.create(path, text)
        return path
