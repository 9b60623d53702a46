"""What both ways into BG Stats say about a play: its date, its starter, its players' names."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime

from scorekeeper.history.plays import Play, oldest_first
from scorekeeper.history.series import series_rules

DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
NOON = "12:00:00"  # a day without a time: noon stays on that day in any time zone

SavedOn = Callable[[Play], date]
"""The day a play's file was saved: its date when the session gives none (the CLI reads the
file's modification time; tests pass a fixed day)."""


def saved_today(play: Play) -> date:
    """For a play saved just now (the walk-through's offer after saving)."""
    return date.today()


def play_date(play: Play, saved_on: SavedOn) -> str:
    """`played` as BG Stats writes dates; a day alone (or from the file name, or the day the
    file was saved when nothing else tells) at noon. Every play has one: BG Stats needs it."""
    if isinstance(play.played, datetime):
        return play.played.strftime(DATE_FORMAT)
    day = play.day if play.day is not None else saved_on(play)
    return f"{day.isoformat()} {NOON}"


def starters(history: Sequence[Play]) -> dict[str, str]:
    """Who started each game, where the session knows it (file stem -> case-folded name): in
    a series whose title's rulebook names the next starter (Before the Guests Arrive: the lowest
    total of the previous game), when that is one player. One pass over the history."""
    out: dict[str, str] = {}
    previous: dict[str, Play] = {}  # series -> its latest game so far
    for play in oldest_first({p.stem: p for p in history}.values()):  # each file once
        if play.series is None:
            continue
        before = previous.get(play.series)
        previous[play.series] = play
        rules = series_rules(play.game)
        if before is None or before.game != play.game or rules is None or rules.starter is None:
            continue
        picked = rules.starter.pick(before.totals)
        if len(picked) == 1:  # a tie is left to the table: the file does not say who started
            out[play.stem] = picked[0].casefold()
    return out


def is_shown_rank(play: Play) -> bool:
    """Whether the ranks say more than the scores: BG Stats ranks by score itself, so ranks
    are sent only when a tie-breaker, not the points, ordered some players."""
    totals = [r.total for r in play.results]
    return any(r.rank != 1 + sum(t > r.total for t in totals) for r in play.results)
