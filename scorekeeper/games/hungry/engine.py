"""Hungry (a re-theme of Tabula Rasa): majorities at five holiday homes and five hotels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scorekeeper.core.breakdown import (
    Caution,
    Line,
    Outcome,
    PlayerScore,
    Tied,
    Unclaimed,
    caution,
)
from scorekeeper.core.majority import Award, award
from scorekeeper.core.ranking import TieBreaker, rank
from scorekeeper.core.rulings import RULEBOOK, Rulings
from scorekeeper.errors import InputError, Where
from scorekeeper.fields import CountsField, IntListField
from scorekeeper.games.base import Game, NoSettings, Seat
from scorekeeper.games.hungry import TITLE
from scorekeeper.games.hungry.rulings import NEXT_PLAYER, SECOND_PLACE_TIE
from scorekeeper.text import join_names, plural

STARS = (1, 2, 3, 4, 5)
HOTELS = ("red", "yellow", "green", "blue", "purple")
MAX_AT_RESORT = 10  # 10 tourists of each star value and of each colour (card facts)
TOURISTS_PLACED = 48  # 50 cards, 2 set aside unseen at setup
HOTEL_TILE = 5
TOKEN = 1
BONUS = 5

# The rulebook's four sources of points (Determining the Winner): tiles, tokens, the bonus.
HOMES, HOTELS_COLUMN, TOKENS, BONUS_COLUMN = "Holiday homes", "Hotels", "Tokens", "Bonus"


@dataclass(frozen=True)
class HungryPlayer:
    """Tourists a player placed at each resort."""

    homes: tuple[int, ...]
    hotels: tuple[int, ...] = (0, 0, 0, 0, 0)

    @property
    def tourists(self) -> int:
        return sum(self.homes) + sum(self.hotels)


PLAYER_FIELDS = (
    IntListField(
        key="homes",
        label="tourists at the holiday homes",
        help="Your tourists beside each holiday home, 1-star up to 5-star.",
        rule="hungry.holiday-homes",
        low=0,
        high=MAX_AT_RESORT,
        limit=f"the box has {MAX_AT_RESORT} tourists of each star value",
        min_len=5,
        max_len=5,
        labels=tuple(f"{star}-star holiday home" for star in STARS),
    ),
    CountsField(
        key="hotels",
        label="tourists at the hotels",
        help="Your tourists beside each hotel.",
        rule="hungry.hotels",
        names=HOTELS,
        high=MAX_AT_RESORT,
        limit=f"the box has {MAX_AT_RESORT} tourists of each colour",
        required=False,
    ),
)


def _resorts() -> list[tuple[str, str, int, str]]:
    """(name, column, tile points, rule) in scoring order: homes 1-5 stars, then hotels."""
    homes = [(f"{s}-star home", HOMES, s, "hungry.holiday-homes") for s in STARS]
    hotels = [(f"{c} hotel", HOTELS_COLUMN, HOTEL_TILE, "hungry.hotels") for c in HOTELS]
    return homes + hotels


def _counts(seats: Sequence[Seat[HungryPlayer]], resort: int) -> list[int]:
    if resort < len(STARS):
        return [seat.inputs.homes[resort] for seat in seats]
    return [seat.inputs.hotels[resort - len(STARS)] for seat in seats]


def _tied_above(seats: Sequence[Seat[HungryPlayer]], counts: list[int], above: int) -> list[str]:
    """Players ignored for tying with each other on more tourists than `above`."""
    return [
        seat.name
        for seat, count in zip(seats, counts, strict=True)
        if count > above and counts.count(count) > 1
    ]


def _award(
    seats: Sequence[Seat[HungryPlayer]], counts: list[int], seat: int, what: str, rule: str
) -> tuple[str, str]:
    """Detail and rule for a tile or token; a place won because others tied cites the tie rule."""
    tied = _tied_above(seats, counts, counts[seat])
    if not tied:
        return what, rule
    return f"{what} ({join_names(tied)} tied and are ignored)", "hungry.majority-ties"


def _ties(
    seats: Sequence[Seat[HungryPlayer]], result: Award, below: int | None = None
) -> tuple[Tied, ...]:
    """The tied groups of a resort (only those on fewer than `below` tourists, when given)."""
    return tuple(
        Tied(tuple(seats[s].name for s in group), count)
        for group, count in result.ties
        if below is None or count < below
    )


def score(
    seats: Sequence[Seat[HungryPlayer]], settings: NoSettings, rulings: Rulings = RULEBOOK
) -> Outcome:
    """Score every resort on its own, the bonus in star order, then rank (rulebook scoring).

    A tie for second place gives nobody the token by default; the house ruling
    `second-place-tie = "next-player"` lets the next untied player take it.
    """
    moves_up = rulings.value(SECOND_PLACE_TIE) == NEXT_PLAYER
    house = f"{GAME.id}.{SECOND_PLACE_TIE.id}" if rulings.is_house(SECOND_PLACE_TIE) else None
    lines: list[list[Line]] = [[] for _ in seats]
    unclaimed: list[Unclaimed] = []
    tiles = [0] * len(seats)
    lowest_home: dict[int, int] = {}
    bonus_awarded = False
    for index, (resort, column, points, rule) in enumerate(_resorts()):
        counts = _counts(seats, index)
        result = award(counts, places=2, tie_stops=not moves_up)
        if not result.places:
            unclaimed.append(Unclaimed(resort, rule, _ties(seats, result)))
            continue
        first = result.places[0]
        detail, why = _award(seats, counts, first, f"{resort}: tile", rule)
        lines[first].append(Line(column, points, why, detail))
        if column == HOMES:
            tiles[first] += 1
            lowest_home.setdefault(first, index + 1)
            if tiles[first] == 2 and not bonus_awarded:
                bonus_awarded = True
                lines[first].append(
                    Line(BONUS_COLUMN, BONUS, "hungry.bonus", f"first to two homes ({resort})")
                )
        if result.stopped_by_tie:
            ties = _ties(seats, result, below=counts[first])[:1]
            unclaimed.append(
                Unclaimed(f"{resort} token", "hungry.majority-ties", ties, after_tie=True)
            )
        if len(result.places) > 1:
            second = result.places[1]
            detail, why = _award(seats, counts, second, f"{resort}: token", rule)
            moved_up = any(counts[second] < count < counts[first] for _, count in result.ties)
            lines[second].append(Line(TOKENS, TOKEN, why, detail, house if moved_up else None))
    scores = [
        PlayerScore(seat.name, tuple(seat_lines))
        for seat, seat_lines in zip(seats, lines, strict=True)
    ]

    lowest_first = TieBreaker(  # the lowest-rated holiday home held wins (Determining the Winner)
        rule="hungry.ties",
        key=lambda seat: -lowest_home.get(seat, len(STARS) + 1),
        value=lowest_home.get,
        holding="the {value}-star",
        noun="holiday home",
    )
    cautions = [
        warning.about(seat.name)
        for seat in seats
        for warning in player_warnings(seat.inputs, len(seats))
    ]
    outcome = rank(GAME.id, GAME.categories, scores, [lowest_first], cautions)
    return replace(outcome, unclaimed=tuple(unclaimed))


def player_warnings(inputs: HungryPlayer, players: int) -> tuple[Caution, ...]:
    """Every finished game places 48 tourists, 48 / players each (card facts)."""
    expected = TOURISTS_PLACED // players
    if inputs.tourists >= expected:  # more is refused by validate()
        return ()
    return (
        caution(
            "hungry.tourist-count",
            "{tourists} entered, but each player places {expected} in a {players}-player game: "
            "a count is probably wrong",
            tourists=plural(inputs.tourists, "tourist"),
            expected=expected,
            players=players,
        ),
    )


def validate(seats: Sequence[Seat[HungryPlayer]], settings: NoSettings) -> None:
    """No resort holds more than 10 tourists, whoever placed them, and no player places more
    than their share of the 48 tourists every game places."""
    share = TOURISTS_PLACED // len(seats)
    for seat in seats:
        if seat.inputs.tourists > share:
            raise InputError(
                f"{seat.inputs.tourists} tourists; each player places at most {share} in a "
                f"{len(seats)}-player game (the box's 50 tourist cards less the 2 set aside, "
                "shared equally: see hungry.tourist-count)",
                Where(player=seat.name),  # homes and hotels together: no one key
            )
    for index, (resort, column, _, _) in enumerate(_resorts()):
        total = sum(_counts(seats, index))
        if total > MAX_AT_RESORT:
            key = "homes" if column == HOMES else f"hotels.{HOTELS[index - len(STARS)]}"
            raise InputError(
                f"{total} tourists at the {resort} from all players; the box holds at most "
                f"{MAX_AT_RESORT} that can go there",
                Where(key=key),
            )


GAME: Game[HungryPlayer, NoSettings] = Game(
    title=TITLE,
    categories=(HOMES, HOTELS_COLUMN, TOKENS, BONUS_COLUMN),
    player_fields=PLAYER_FIELDS,
    player_type=HungryPlayer,
    score=score,
    validate=validate,
    player_warnings=player_warnings,
)
