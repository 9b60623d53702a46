"""The result of scoring: every point is a line that names the rule note behind it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.text import place_text


@dataclass(frozen=True)
class Line:
    """Points from one source, filed under a table column and justified by a rule note.

    `ruling` names the house ruling (its full id, "creature-comforts.hearth-vp") when a
    choice other than the rulebook's decided the line; `rule` is then that ruling's note.
    """

    category: str
    points: int
    rule: str
    detail: str = ""
    ruling: str | None = None


@dataclass(frozen=True)
class PlayerScore:
    """One player's breakdown before ranking."""

    name: str
    lines: tuple[Line, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def category_total(self, category: str) -> int:
        return sum(line.points for line in self.lines if line.category == category)


@dataclass(frozen=True)
class Standing:
    """A ranked player: rank 1 for every winner, competition ranking below."""

    name: str
    total: int
    rank: int
    lines: tuple[Line, ...]

    def category_total(self, category: str) -> int:
        return sum(line.points for line in self.lines if line.category == category)


@dataclass(frozen=True)
class Caution:
    """A warning: an entry that is possible but probably mistyped, as data.

    Which rule it cites (None: none), which players it is about (none: the whole table) and
    which values; `words` is the title's template for it, filled from `values`
    ("{count} entered, but each player places {expected} ..."); render.sentences makes the
    sentence.
    """

    rule: str | None
    words: str
    values: tuple[tuple[str, int | str], ...] = ()
    players: tuple[str, ...] = ()

    def about(self, *players: str) -> Caution:
        return replace(self, players=players)


def caution(rule: str | None, words: str, **values: int | str) -> Caution:
    """A Caution with its values given by name."""
    return Caution(rule, words, tuple(values.items()))


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
class Tied:
    """Players tied with each other on `count` at one contest, and so ignored there."""

    names: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class Unclaimed:
    """A prize nobody took, and why: the groups tied for it (none: nobody competed for it).

    `prize` names the thing ("blue hotel", "red hotel token"); `after_tie` is True for a
    place stopped by a tie just below the one above it (a tie for second: no token)."""

    prize: str
    rule: str
    ties: tuple[Tied, ...] = ()
    after_tie: bool = False


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


@dataclass(frozen=True)
class Outcome:
    """Who won and why, as data; rendering and JSON are built from it."""

    game: str
    categories: tuple[str, ...]
    standings: tuple[Standing, ...]
    winners: tuple[str, ...]
    tiebreak: TieBreak | None
    tiebreak_rule: str | None = None
    cautions: tuple[Caution, ...] = ()
    title: str | None = None
    unclaimed: tuple[Unclaimed, ...] = ()

    def by_rank(self) -> tuple[Standing, ...]:
        """Standings best first; seat order among equal ranks."""
        return tuple(sorted(self.standings, key=lambda s: s.rank))

    def place(self, standing: Standing) -> str:
        """A standing's place as shown: '2', or '2=' when another player shares it."""
        shared = sum(other.rank == standing.rank for other in self.standings) > 1
        return place_text(standing.rank, shared)

