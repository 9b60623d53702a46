"""Majority awards: most and second-most, where players tied with each other are ignored."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


def award_places(counts: Sequence[int], places: int = 2) -> tuple[int, ...]:
    """Seat indexes taking the 1st, 2nd, ... place at one contest, best first.

    Players tied with each other are removed and the rest are ranked again, so a tie for
    first lets the next player take first place; a player with no pieces never places.
    Fewer than `places` indexes come back when too few players qualify.
    """
    frequency = Counter(counts)
    eligible = [seat for seat, count in enumerate(counts) if count > 0 and frequency[count] == 1]
    eligible.sort(key=lambda seat: counts[seat], reverse=True)
    return tuple(eligible[:places])
