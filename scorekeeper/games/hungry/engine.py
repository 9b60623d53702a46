"""Hungry (a re-theme of Tabula Rasa): majorities at five holiday homes and five hotels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.breakdown import Caution, Line, Outcome, PlayerScore, TieStep, caution
from scorekeeper.core.majority import award_places
from scorekeeper.core.ranking import TieBreaker, rank
from scorekeeper.errors import InputError, Where
from scorekeeper.fields import CountsField, IntListField
from scorekeeper.games.base import Game, NoSettings, Seat
from scorekeeper.games.hungry import TITLE
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


def score(seats: Sequence[Seat[HungryPlayer]], settings: NoSettings) -> Outcome:
    """Score every resort on its own, the bonus in star order, then rank (rulebook scoring)."""
    lines: list[list[Line]] = [[] for _ in seats]
    tiles = [0] * len(seats)
    lowest_home: dict[int, int] = {}
    bonus_awarded = False
    for index, (resort, column, points, rule) in enumerate(_resorts()):
        counts = _counts(seats, index)
        places = award_places(counts, places=2)
        if places:
            first = places[0]
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
        if len(places) > 1:
            second = places[1]
            detail, why = _award(seats, counts, second, f"{resort}: token", rule)
            lines[second].append(Line(TOKENS, TOKEN, why, detail))
    scores = [
        PlayerScore(seat.name, tuple(seat_lines))
        for seat, seat_lines in zip(seats, lines, strict=True)
    ]

    lowest_first = TieBreaker(
        rule="hungry.ties",
        key=lambda seat: -lowest_home.get(seat, len(STARS) + 1),
        value=lowest_home.get,
    )
    cautions = [
        warning.about(seat.name)
        for seat in seats
        for warning in player_warnings(seat.inputs, len(seats))
    ]
    return rank(GAME.id, GAME.categories, scores, [lowest_first], cautions)


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


def _tie_words(step: TieStep) -> str:
    """The lowest-rated holiday home held settles a tie (value: its stars; None: no home)."""
    if step.is_even:
        return f"{'neither' if len(step.tied) == 2 else 'none of them'} holds a holiday home"
    return f"{step.kept[0]} holds the {step.value(step.kept[0])}-star holiday home"


GAME: Game[HungryPlayer, NoSettings] = Game(
    title=TITLE,
    tie_words={"hungry.ties": _tie_words},
    categories=(HOMES, HOTELS_COLUMN, TOKENS, BONUS_COLUMN),
    player_fields=PLAYER_FIELDS,
    player_type=HungryPlayer,
    score=score,
    validate=validate,
    player_warnings=player_warnings,
)
