"""The result of scoring: every point is a line that names the rule note behind it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from scorekeeper.core.tiebreak import TieBreak
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
