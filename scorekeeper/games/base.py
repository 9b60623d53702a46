"""The small surface every title exposes: identity, typed inputs described as fields, score()."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from scorekeeper.games.title import Title, TitleNames, UserFiles

if TYPE_CHECKING:  # annotations only: listing or finding a title loads no scoring code
    from scorekeeper.core.breakdown import Caution, Outcome
    from scorekeeper.core.rulings import Rulings
    from scorekeeper.core.tiebreak import TieStep
    from scorekeeper.fields import Field

P = TypeVar("P")
S = TypeVar("S")


@dataclass(frozen=True)
class Seat(Generic[P]):
    """One player at the table, in seat order, with the title's typed inputs."""

    name: str
    inputs: P


@dataclass(frozen=True)
class NoSettings:
    """Session-level inputs of a title that has none."""


def _no_warnings(inputs: Any, players: int) -> tuple[Caution, ...]:
    return ()


def _no_table_checks(seats: Sequence[Seat[Any]], settings: Any) -> None:
    return None


@dataclass(frozen=True)
class StarterRule:
    """Who starts the next game of a series, as a title's rules say."""

    rule: str  # rule note id
    describe: str  # "lowest total in the previous game"
    # the previous game's (name, total) in seat order -> candidates (several: a tie)
    pick: Callable[[Sequence[tuple[str, int]]], tuple[str, ...]]


@dataclass(frozen=True)
class SeriesRules:
    """What a title's rulebook says about playing several games in a row."""

    games: int  # recommended number of games
    starter: StarterRule | None = None


@dataclass(frozen=True, eq=False)
class Game(TitleNames, Generic[P, S]):
    """A title's engine: what to ask each player, how to check it and how to score it.

    `score` is pure. `validate` raises InputError for impossible tables (more pieces than the
    box holds); it may only set upper bounds, so that any part of the table breaks a rule only
    when the whole does (the walk-through checks the players answered so far).
    `player_warnings` returns Cautions (render.sentences words them) for entries that are
    possible but probably mistyped, shown in the walk-through and on stderr. `series` is what
    the rulebook says about playing several games in a row (None: nothing). `rulings` (the
    title's, see Title.rulings) are the points the rulebook leaves open; `score` is handed the
    table's choices for them as its third argument. `tie_words` word each of the title's
    tie-breakers, by rule id, from the TieStep that records it.
    `with_user_files` gives the game bound to a data directory's user files, for titles that
    have some (see Title.user_files).
    """

    title: Title
    categories: tuple[str, ...]
    player_fields: tuple[Field, ...]
    player_type: Callable[..., P]
    score: Callable[[Sequence[Seat[P]], S, Rulings], Outcome]
    settings_fields: tuple[Field, ...] = ()
    settings_type: Callable[..., S] = NoSettings  # type: ignore[assignment]
    validate: Callable[[Sequence[Seat[P]], S], None] = _no_table_checks
    player_warnings: Callable[[P, int], tuple[Caution, ...]] = _no_warnings
    series: SeriesRules | None = None
    tie_words: Mapping[str, Callable[[TieStep], str]] = field(default_factory=dict)
    with_user_files: Callable[[UserFiles], Game[P, S]] | None = None
    listing: Callable[[UserFiles | None], tuple[Any, ...]] | None = None
    """The title's card catalogue as rows for `games show` (catalogue_rows.CardRow)."""
