"""What both ways into BG Stats say about a play: its date, its starter, its players' names."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime

from scorekeeper.history import Play, oldest_first
from scorekeeper.series import series_rules

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


def starter(play: Play, history: Sequence[Play]) -> str | None:
    """Who started this game, where the session knows it: in a series whose title's rulebook
    names the next starter (the lowest total of the previous game), when that is one player.
    The name is case-folded, as players are matched."""
    rules = series_rules(play.game)
    if play.series is None or rules is None or rules.starter is None:
        return None
    earlier = [
        p
        for p in oldest_first(history)
        if p.series == play.series and p.sort_key < play.sort_key and p.stem != play.stem
    ]
    if not earlier or earlier[-1].game != play.game:
        return None
    picked = rules.starter.pick(earlier[-1])
    if len(picked) != 1:  # a tie is left to the table: the file does not say who started
        return None
    return picked[0].casefold()


def is_shown_rank(play: Play) -> bool:
    """Whether the ranks say more than the scores: BG Stats ranks by score itself, so ranks
    are sent only when a tie-breaker, not the points, ordered some players."""
    totals = [r.total for r in play.results]
    return any(r.rank != 1 + sum(t > r.total for t in totals) for r in play.results)
