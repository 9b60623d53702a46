"""Before the Guests Arrive (Hygge): stored snowflakes minus what is still lying about."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.breakdown import Line, Outcome, PlayerScore
from scorekeeper.core.ranking import TieBreaker, rank
from scorekeeper.core.rulings import RULEBOOK, Rulings
from scorekeeper.core.tiebreak import TieStep
from scorekeeper.errors import InputError, Where
from scorekeeper.fields import IntField, IntListField, IntOrListField
from scorekeeper.games.base import Game, NoSettings, Seat, SeriesRules, StarterRule
from scorekeeper.games.before_the_guests_arrive import TITLE
from scorekeeper.text import join_names, plural

OBJECT_CARDS = 45  # 9 per colour
MAX_SNOWFLAKES = 5  # per card; editions differ (card facts), so accept 1-5
MAX_PAWS = 33  # 21 animals: three 1-paw animals and four 2-paw animals, 3 copies each

STORED, LOOSE_OBJECTS, LOOSE_PAWS = "Stored", "Loose objects", "Loose paws"


@dataclass(frozen=True)
class GuestsPlayer:
    """Snowflakes stored (a total or one value per card) and what was never stored."""

    stored: int | tuple[int, ...]
    loose_objects: int
    loose_paws: int

    @property
    def snowflakes(self) -> int:
        return self.stored if isinstance(self.stored, int) else sum(self.stored)

    @property
    def negative(self) -> int:
        return self.loose_objects + self.loose_paws


PLAYER_FIELDS = (
    IntOrListField(
        key="stored",
        label="snowflakes on stored object cards",
        help="The total, or one number per stored object card (e.g. 3 2 4).",
        rule="before-the-guests-arrive.stored-objects",
        total=IntField(
            key="stored",
            label="",
            help="",
            rule="",
            high=OBJECT_CARDS * MAX_SNOWFLAKES,
            limit=f"{OBJECT_CARDS} object cards of at most {MAX_SNOWFLAKES} snowflakes",
        ),
        items=IntListField(
            key="stored",
            label="",
            help="",
            rule="",
            low=1,
            high=MAX_SNOWFLAKES,
            limit="1 to 5 snowflakes per card over the known editions",
            max_len=OBJECT_CARDS,
            count_limit=f"the box has {OBJECT_CARDS} object cards",
        ),
    ),
    IntField(
        key="loose_objects",
        label="object cards not stored",
        help="Object cards still face up in front of you: -1 each.",
        rule="before-the-guests-arrive.loose-objects",
        high=OBJECT_CARDS,
        limit=f"the box has {OBJECT_CARDS} object cards",
    ),
    IntField(
        key="loose_paws",
        label="paws on animals not stored",
        help="Paw symbols on animal cards still face up in front of you: -1 each.",
        rule="before-the-guests-arrive.loose-paws",
        high=MAX_PAWS,
        limit="the box's 21 animal cards have 33 paws",
    ),
)


def _lines(player: GuestsPlayer) -> tuple[Line, ...]:
    cards = (
        f"{plural(len(player.stored), 'card')}: {' + '.join(map(str, player.stored))}"
        if isinstance(player.stored, tuple)
        else "total entered"
    )
    return (
        Line(STORED, player.snowflakes, "before-the-guests-arrive.stored-objects", cards),
        Line(
            LOOSE_OBJECTS,
            -player.loose_objects,
            "before-the-guests-arrive.loose-objects",
            plural(player.loose_objects, "object card") + " not stored",
        ),
        Line(
            LOOSE_PAWS,
            -player.loose_paws,
            "before-the-guests-arrive.loose-paws",
            plural(player.loose_paws, "paw") + " on animals not stored",
        ),
    )


def score(
    seats: Sequence[Seat[GuestsPlayer]], settings: NoSettings, rulings: Rulings = RULEBOOK
) -> Outcome:
    """Total = snowflakes - loose objects - loose paws; tie: fewest negative points."""
    scores = [PlayerScore(seat.name, _lines(seat.inputs)) for seat in seats]
    fewest_negative = TieBreaker(
        rule="before-the-guests-arrive.ties",
        key=lambda seat: -seats[seat].inputs.negative,
        value=lambda seat: seats[seat].inputs.negative,
    )
    return rank(GAME.id, GAME.categories, scores, [fewest_negative])


def validate(seats: Sequence[Seat[GuestsPlayer]], settings: NoSettings) -> None:
    """The box has 45 object cards and 33 paws in all."""
    objects = sum(
        seat.inputs.loose_objects
        + (len(seat.inputs.stored) if isinstance(seat.inputs.stored, tuple) else 0)
        for seat in seats
    )
    if objects > OBJECT_CARDS:
        raise InputError(
            f"{objects} object cards counted over all players; the box has {OBJECT_CARDS}",
            Where(key="loose_objects"),
        )
    paws = sum(seat.inputs.loose_paws for seat in seats)
    if paws > MAX_PAWS:
        raise InputError(
            f"{paws} loose paws over all players; the box's animals have {MAX_PAWS}",
            Where(key="loose_paws"),
        )


def _tie_words(step: TieStep) -> str:
    """The fewest negative points settle a tie (value: each player's negative points)."""
    fewest = step.value(step.kept[0])
    if step.is_even:
        return f"each has {fewest} negative points"
    verb = "has" if len(step.kept) == 1 else "have"
    return f"{join_names(step.kept)} {verb} the fewest negative points ({fewest})"


def _lowest_total(previous: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """Rulebook, Final Scoring: "play the game 3 times in a row ... the starting player is the
    player who had the lowest total in the previous game." A tie is left to the table."""
    low = min(total for _, total in previous)
    return tuple(name for name, total in previous if total == low)


GAME: Game[GuestsPlayer, NoSettings] = Game(
    title=TITLE,
    tie_words={"before-the-guests-arrive.ties": _tie_words},
    categories=(STORED, LOOSE_OBJECTS, LOOSE_PAWS),
    player_fields=PLAYER_FIELDS,
    player_type=GuestsPlayer,
    score=score,
    validate=validate,
    series=SeriesRules(
        games=3,
        starter=StarterRule(
            rule="before-the-guests-arrive.series",
            describe="lowest total in the previous game",
            pick=_lowest_total,
        ),
    ),
)
