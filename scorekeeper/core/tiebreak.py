"""How a tie for the top total was settled, as data: the steps of the tie-breakers applied.

Kept apart from the rest of a breakdown because the history reads and writes it for every
saved game (the play cache keeps it) without scoring anything: loading it costs two small
dataclasses, not the whole breakdown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TieStep:
    """One tie-breaker applied: its rule, the players it had to separate with the value each
    had for it (None: not given, or nothing held), and the players it kept. `holding` and
    `noun` name a value as held ("the {value}-star", "holiday home") when the sentence names
    each tied player's deciding holding (core.ranking.TieBreaker)."""

    rule: str
    tied: tuple[str, ...]
    values: tuple[int | None, ...]  # in the order of `tied`
    kept: tuple[str, ...]
    holding: str = ""
    noun: str = ""

    def value(self, name: str) -> int | None:
        return self.values[self.tied.index(name)]

    @property
    def is_even(self) -> bool:
        """Every player had the same value: this rule separated nobody."""
        return len(self.kept) == len(self.tied)


@dataclass(frozen=True)
class TieBreak:
    """How a tie for the top total was settled; render.sentences puts it into words."""

    total: int
    tied: tuple[str, ...]
    steps: tuple[TieStep, ...] = ()
    shared: tuple[str, ...] = ()  # still tied after every rule: they share the victory


def tiebreak_to_data(tiebreak: TieBreak) -> dict[str, Any]:
    """A TieBreak as JSON-ready data (players by name), read back by tiebreak_from_data."""
    return {
        "total": tiebreak.total,
        "tied": list(tiebreak.tied),
        "steps": [
            {
                "rule": s.rule,
                "tied": list(s.tied),
                "values": list(s.values),
                "kept": list(s.kept),
                "holding": s.holding,
                "noun": s.noun,
            }
            for s in tiebreak.steps
        ],
        "shared": list(tiebreak.shared),
    }


def tiebreak_from_data(data: Mapping[str, Any]) -> TieBreak:
    """The TieBreak tiebreak_to_data wrote; KeyError, TypeError or ValueError on any other."""

    def names(values: Any) -> tuple[str, ...]:
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise TypeError(f"expected a list of names, got {values!r}")
        return tuple(values)

    def value(v: Any) -> int | None:
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            raise TypeError(f"expected a number or null, got {v!r}")
        return v

    steps = tuple(
        TieStep(
            str(s["rule"]),
            names(s["tied"]),
            tuple(map(value, s["values"])),
            names(s["kept"]),
            str(s["holding"]),
            str(s["noun"]),
        )
        for s in data["steps"]
    )
    if any(len(s.values) != len(s.tied) for s in steps):
        raise ValueError("a tie-break step's values do not match its players")
    return TieBreak(int(data["total"]), names(data["tied"]), steps, names(data["shared"]))
