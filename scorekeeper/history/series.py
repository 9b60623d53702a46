"""Series of games (a three-game evening, a league): standings, winner and who starts next.

A series is defined by a small TOML file (name, game, games, created) and joined by sessions
through their `series` key; a name used by sessions without a definition is an open-ended
series. Pure computations only: storage reads the files, the CLI draws the tables.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import cached_property
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import InputError, ScorekeeperError, UnknownGameError, Where, not_found
from scorekeeper.games import find_title
from scorekeeper.history.plays import Play, oldest_first, spellings
from scorekeeper.text import plural
from scorekeeper.text.names import check_series

if TYPE_CHECKING:
    from scorekeeper.games.base import SeriesRules, StarterRule

SERIES_KEYS = ("name", "game", "games", "created")
MAX_GAMES = 1000


class SeriesError(ScorekeeperError):
    """A session cannot join a series (other title, series complete), or a name is taken."""


def no_series(
    name: str, known: Iterable[str], advice: str = "`scorekeeper series list` shows them"
) -> SeriesError:
    """The error for a series name that matched nothing, with the names that exist (defined
    or named by sessions) for "did you mean"."""
    return not_found(SeriesError, "series", name, f"no series {name!r}", advice, known)


def series_rules(game: str) -> SeriesRules | None:
    """What a title's rulebook says about series (None: nothing, or not a known title)."""

    try:
        return find_title(game).load().series
    except UnknownGameError:
        return None


@dataclass(frozen=True)
class SeriesDef:
    """A series as defined by `series new`: its id, title (None = any), length (None = open)."""

    name: str
    game: str | None = None
    games: int | None = None
    created: date | datetime | None = None


def _error(message: str, key: str) -> InputError:
    return InputError(message, Where(key=key))


def series_id(value: str) -> str:
    """A series id typed on the command line; anything else is refused with the id to type."""
    try:
        return check_series(value)
    except InputError:
        pass
    suggestion = "-".join(re.findall(r"[a-z0-9]+", value.lower()))
    fix = f"try {suggestion!r}" if suggestion else "use lowercase letters, digits and '-'"
    raise SeriesError(f"{value!r} is not a series id; {fix}")


def series_from_dict(raw: Mapping[str, Any], find_game: Callable[[str], Any]) -> SeriesDef:
    """Check a parsed series file; `find_game` resolves a title (raises on unknown)."""
    for key in raw:
        if key not in SERIES_KEYS:
            raise _error(f"unknown key; allowed: {', '.join(SERIES_KEYS)}", key)
    if "name" not in raw:
        raise _error("missing; expected the series id", "name")
    name = check_series(raw["name"])
    game = raw.get("game")
    if game is not None:
        if not isinstance(game, str):
            raise _error(f"expected a game id, got {game!r}", "game")
        try:
            game = find_game(game).id
        except ScorekeeperError as error:
            raise _error(str(error), "game") from None
    games = raw.get("games")
    if games is not None and (
        isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES
    ):
        raise _error(f"expected a whole number from 1 to {MAX_GAMES}, got {games!r}", "games")
    created = raw.get("created")
    if created is not None and not isinstance(created, date):
        raise _error(f"expected a TOML date or date-time, got {created!r}", "created")
    return SeriesDef(name=name, game=game, games=games, created=created)


def series_to_dict(definition: SeriesDef) -> dict[str, Any]:
    """The series file; omitted optionals stay out (TOML has no null)."""
    doc: dict[str, Any] = {"name": definition.name}
    if definition.game is not None:
        doc["game"] = definition.game
    if definition.games is not None:
        doc["games"] = definition.games
    if definition.created is not None:
        doc["created"] = definition.created
    return doc


def default_games(game: str | None) -> int | None:
    """The rulebook's recommended series length for a title, if it names one."""
    rules = series_rules(game) if game else None
    return rules.games if rules else None


@dataclass(frozen=True)
class SeriesStanding:
    """A player's place in a series so far."""

    name: str
    played: int
    wins: int
    total: int
    average_place: float
    rank: int


@dataclass(frozen=True)
class SeriesReport:
    """Everything `series show` draws, computed from the definition and the joined plays."""

    definition: SeriesDef
    plays: tuple[Play, ...]  # oldest first
    players: tuple[str, ...]  # in order of first appearance, latest spelling
    cumulative: tuple[dict[str, int], ...]  # running totals after each game (case-folded keys)
    standings: tuple[SeriesStanding, ...]  # best first
    is_mixed: bool

    @property
    def next_starter(self) -> tuple[str, ...]:
        """Who starts the next game by the title's rule (several names = tied, the table
        decides); nobody when the title has no rule, the series is mixed or complete."""
        return self._starter[1]

    @property
    def starter_rule(self) -> StarterRule | None:
        return self._starter[0]

    @cached_property
    def _starter(self) -> tuple[StarterRule | None, tuple[str, ...]]:
        """Worked out when asked: it loads the title's engine, which `series list` never needs."""
        return _next_starter(self.definition, self.plays, self.is_mixed)

    @property
    def is_complete(self) -> bool:
        games = self.definition.games
        return games is not None and len(self.plays) >= games

    @property
    def leaders(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.standings if s.rank == 1)

    @property
    def games_text(self) -> str:
        """'2 of 3' or '2' for an open-ended series."""
        planned = self.definition.games
        return f"{len(self.plays)} of {planned}" if planned else str(len(self.plays))

    @property
    def next_number(self) -> str:
        """'2 of 3' for the next game, or '2' for an open-ended series."""
        planned = self.definition.games
        return f"{len(self.plays) + 1} of {planned}" if planned else str(len(self.plays) + 1)

    @property
    def titles(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(p.title for p in self.plays))


def _rank(keys: Sequence[tuple[float, ...]]) -> list[int]:
    return [1 + sum(other > key for other in keys) for key in keys]


def report(definition: SeriesDef, plays: Sequence[Play]) -> SeriesReport:
    """Standings of a series: summed points for one title, wins and placement for a mix.

    One title: most total points; tied players are separated by games won; still tied, they
    share. Mixed titles (points are not comparable): most wins, then the best average place.
    """
    ordered = tuple(oldest_first(p for p in plays if p.series == definition.name))
    names = spellings(ordered)
    keys = list(dict.fromkeys(r.name.casefold() for p in ordered for r in p.results))
    played = dict.fromkeys(keys, 0)
    wins = dict.fromkeys(keys, 0)
    totals = dict.fromkeys(keys, 0)
    places = dict.fromkeys(keys, 0)
    cumulative: list[dict[str, int]] = []
    for play in ordered:
        for result in play.results:
            key = result.name.casefold()
            played[key] += 1
            totals[key] += result.total
            places[key] += result.rank
            wins[key] += result.is_winner and not play.is_solo
        cumulative.append(dict(totals))
    is_mixed = len({p.game for p in ordered}) > 1 or (
        definition.game is not None and any(p.game != definition.game for p in ordered)
    )
    average = {k: places[k] / played[k] for k in keys}
    sort_keys: list[tuple[float, ...]] = [
        (wins[k], -average[k]) if is_mixed else (totals[k], wins[k]) for k in keys
    ]
    ranks = _rank(sort_keys)
    standings = tuple(
        sorted(
            (
                SeriesStanding(names[k], played[k], wins[k], totals[k], average[k], rank)
                for k, rank in zip(keys, ranks, strict=True)
            ),
            key=lambda s: (s.rank, s.name.casefold()),
        )
    )
    return SeriesReport(
        definition=definition,
        plays=ordered,
        players=tuple(names[k] for k in keys),
        cumulative=tuple(cumulative),
        standings=standings,
        is_mixed=is_mixed,
    )


def _next_starter(
    definition: SeriesDef, plays: Sequence[Play], is_mixed: bool
) -> tuple[StarterRule | None, tuple[str, ...]]:
    """Who starts the next game, when the series' title has a rule for it."""
    if not plays or is_mixed:
        return None, ()
    if definition.games is not None and len(plays) >= definition.games:
        return None, ()
    rules = series_rules(plays[-1].game)
    if rules is None or rules.starter is None:
        return None, ()
    return rules.starter, rules.starter.pick(plays[-1].totals)


def check_join(definition: SeriesDef, plays: Sequence[Play], game: str | None) -> None:
    """Raise SeriesError when a new game of `game` (None: not chosen yet) cannot join."""
    joined = [p for p in plays if p.series == definition.name]
    if definition.game is not None and game is not None and definition.game != game:
        raise SeriesError(
            f"series {definition.name!r} is for {definition.game!r}, not {game!r}; "
            "create a series without --game to mix titles"
        )
    if definition.games is not None and len(joined) >= definition.games:
        raise SeriesError(
            f"series {definition.name!r} is complete ({plural(definition.games, 'game')}); "
            "start a new one with `scorekeeper series new`"
        )


def open_series(
    definitions: Sequence[SeriesDef], plays: Sequence[Play], game: str
) -> list[SeriesReport]:
    """Series a new game of `game` can join: defined or in use, not complete, title fits."""
    found = all_series(definitions, plays)
    out = []
    for entry in found:
        definition = entry.definition
        if definition.game not in (None, game) or entry.is_complete:
            continue
        out.append(entry)
    return out


def all_series(definitions: Sequence[SeriesDef], plays: Sequence[Play]) -> list[SeriesReport]:
    """Every series: defined ones plus names sessions use without a definition (open-ended)."""
    known = {d.name: d for d in definitions}
    for play in plays:
        if play.series is not None and play.series not in known:
            known[play.series] = SeriesDef(name=play.series)
    by_series: dict[str, list[Play]] = {name: [] for name in known}
    for play in plays:
        if play.series is not None:
            by_series[play.series].append(play)
    return [report(known[name], by_series[name]) for name in sorted(known)]
