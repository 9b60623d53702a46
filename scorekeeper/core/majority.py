"""Majority awards: most and second-most, where players tied with each other are ignored."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Award:
    """One contest's result: the seats taking the 1st, 2nd, ... place (best first), the
    groups of seats tied with each other (most first, each with its count), and whether a
    tie just below the last place taken stopped the places that would have followed."""

    places: tuple[int, ...]
    ties: tuple[tuple[tuple[int, ...], int], ...]
    stopped_by_tie: bool = False


def award(counts: Sequence[int], places: int = 2, *, tie_stops: bool = False) -> Award:
    """Who takes each place at one contest; a player with no pieces never places.

    Players tied for the most are removed, so the best untied player takes first place.
    Below a place taken, a tie either stops the places that follow (`tie_stops`: nobody
    takes them, the player below does not move up) or is removed like the tie for the most
    (the next untied player moves up).
    """
    frequency = Counter(count for count in counts if count > 0)
    ties = tuple(
        (tuple(seat for seat, count in enumerate(counts) if count == level), level)
        for level in sorted(frequency, reverse=True)
        if frequency[level] > 1
    )
    taken: list[int] = []
    for level in sorted(frequency, reverse=True):
        if len(taken) == places:
            break
        if frequency[level] > 1:
            if taken and tie_stops:
                return Award(tuple(taken), ties, stopped_by_tie=True)
            continue
        taken.append(counts.index(level))
    return Award(tuple(taken), ties)


def award_places(counts: Sequence[int], places: int = 2) -> tuple[int, ...]:
    """Seat indexes taking the 1st, 2nd, ... place, every tie removed (see `award`)."""
    return award(counts, places).places
