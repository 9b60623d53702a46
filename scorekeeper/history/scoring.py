"""Scoring one saved session file for the history: read, checked, scored, and its stale
[result] record derived again. Only a file the play cache does not hold is scored."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.core.breakdown import Outcome
from scorekeeper.errors import CatalogueError, ScorekeeperError
from scorekeeper.history.plays import Play, from_session
from scorekeeper.history.results import refresh_result
from scorekeeper.session import Session, result_is_current
from scorekeeper.storage.session_files import read_session_and_record
from scorekeeper.storage.sessions import Unreadable


@dataclass(frozen=True)
class Scored:
    """One session file read and scored: its play, and what it was made from (the session,
    the [result] record it was saved with, None if it has none, and the outcome), for a caller
    that compares them without reading the file again (`history rescore`)."""

    play: Play
    session: Session
    record: dict[str, Any] | None
    outcome: Outcome


def score_file(path: Path, home: Path, *, refresh: bool = False) -> Play | Unreadable:
    """The play of one session file, scored against `home`'s user data; or why not. With
    `refresh`, a [result] record that no longer matches the file's inputs is derived again
    in the file (history/results.py)."""
    scored = scored_file(path, home, refresh=refresh)
    return scored if isinstance(scored, Unreadable) else scored.play


def scored_file(path: Path, home: Path, *, refresh: bool = False) -> Scored | Unreadable:
    """score_file, keeping the session, record and outcome beside the play."""
    try:
        session, record = read_session_and_record(path, home)
    except CatalogueError as error:  # the catalogue is the broken file, not the session
        return Unreadable(path, f"{error} (needed by {path})")
    except ScorekeeperError as error:
        return Unreadable(path, str(error))
    try:
        outcome = session.score()
    except ScorekeeperError as error:
        return Unreadable(path, f"{path}: cannot score: {error}")
    if refresh and record is not None and result_is_current(record, session) is False:
        refresh_result(home, path, session, outcome)
    return Scored(from_session(path, session, outcome), session, record, outcome)
