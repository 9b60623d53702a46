"""Saving a scored session to the history, and a corrected one in its place: under the lock,
with the series' room and duplicate checks, its play cached at once."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path

from scorekeeper.core.breakdown import Outcome
from scorekeeper.errors import ScorekeeperError
from scorekeeper.history import cache as playcache
from scorekeeper.history.archive import load
from scorekeeper.history.plays import from_session
from scorekeeper.history.series import SeriesDef, check_join
from scorekeeper.history.series_archive import series_definitions
from scorekeeper.session import Session, to_dict
from scorekeeper.storage.lock import locked
from scorekeeper.storage.saving import save_session
from scorekeeper.storage.session_files import read_session
from scorekeeper.storage.sessions import Unreadable, short_id


def save_played(
    session: Session,
    outcome: Outcome,
    home: Path,
    *,
    before: Callable[[Path], None] | None = None,
    allow_duplicate: bool = False,
) -> Path:
    """Save a scored session and cache its Play, so `history` need not score it again.

    All under the data directory's lock: a series' room is checked again there, so ten
    games saved at once into a three-game series leave exactly three in it; so is a
    duplicate (DuplicateError, unless `allow_duplicate`). `before` is told the file's name
    just before it can appear (see `storage.save_session`).
    """
    with locked(home):
        existing = None if allow_duplicate else find_duplicate(home, session)
        if existing is not None:
            raise DuplicateError(existing)
        if session.series is not None:
            _check_room(home, session.series, session.game.id)
        path = save_session(session, outcome, home, before=before)
        playcache.add(home, path, from_session(path, session, outcome))
    return path


class DuplicateError(ScorekeeperError):
    """The session is saved already: same title, day and players' inputs."""

    def __init__(self, stem: str) -> None:
        self.stem = stem
        named = stem if short_id(stem) == stem else f"{short_id(stem)} ({stem})"
        super().__init__(
            f"this game is saved already as {named}; "
            "`scorekeeper history show` shows it, --allow-duplicate saves it again"
        )


def find_duplicate(home: Path, session: Session) -> str | None:
    """The stem of a saved session with the same title, day and players' inputs (names and
    every answer, in any seat order), or None. Notes, location and series do not count."""
    day = _day_of(session.played)
    wanted = _inputs(session)
    for play in load(home).plays:
        if play.game != session.game.id or play.day != day:
            continue
        try:
            if _inputs(read_session(Path(play.file), home)) == wanted:
                return play.stem
        except ScorekeeperError:
            continue
    return None


def _day_of(played: date | None) -> date:
    """The calendar day a session is saved under (today when it has no date)."""
    if played is None:
        return date.today()
    return played.date() if isinstance(played, datetime) else played


def _inputs(session: Session) -> list[str]:
    """The players' names and inputs as comparable text, in any seat order."""
    document = to_dict(session)
    players = [json.dumps(p, sort_keys=True, default=str) for p in document["players"]]
    settings = {k: v for k, v in document.items() if k not in NOT_INPUTS}
    return [*sorted(players), json.dumps(settings, sort_keys=True, default=str)]


NOT_INPUTS = ("format", "played", "series", "location", "notes", "players", "extra")


def _check_room(home: Path, series: str, game: str) -> None:
    """Raise SeriesError when the series is complete or for another title, as it is now."""
    definition = next(
        (d for d in series_definitions(home) if not isinstance(d, Unreadable) and d.name == series),
        SeriesDef(series),
    )
    check_join(definition, load(home).plays, game)
