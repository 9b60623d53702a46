"""A saved game corrected: the corrected session saved under its own name, the previous version
moved to the trash (so `undo` brings it back), and its play cached at once."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.core.breakdown import Outcome
from scorekeeper.history import cache as playcache
from scorekeeper.history.plays import from_session
from scorekeeper.history.results import with_current_result
from scorekeeper.session import Session
from scorekeeper.storage.trash import replace_session


def replace_played(
    home: Path, path: Path, session: Session, outcome: Outcome, text: str | None = None
) -> Path:
    """Save a corrected session under its own name (the previous version to the trash, so
    `undo` brings it back) and cache its Play; `text`, when given, is a hand edit already
    proven to read back as `session` (see `storage.replace_session`)."""
    if text is not None:  # a hand edit: its [result] record is derived again from it
        text = with_current_result(text, session, outcome) or text
    path = replace_session(home, path, session, outcome, text)
    playcache.add(home, path, from_session(path, session, outcome))
    return path
