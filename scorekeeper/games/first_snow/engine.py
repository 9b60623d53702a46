"""First Snow: 10 starting points, food and warmth each round, tools in good condition at the end.

A player's score comes either from the score card (`track`, read off at game end) or from the
rounds one by one, which the engine scores itself. The diet helpers are public because the
walk-through's diet advisor shows the same numbers the engine will score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.breakdown import Caution, Line, Outcome, PlayerScore, caution
from scorekeeper.core.ranking import TieBreaker, rank
from scorekeeper.core.rulings import RULEBOOK, Rulings
from scorekeeper.core.tiebreak import TieStep
from scorekeeper.errors import InputError, MissingTieBreakError, Where
from scorekeeper.fields import (
    BoolField,
    ChoiceField,
    CountsField,
    IntField,
    RecordField,
    RecordListField,
)
from scorekeeper.games.base import Game, NoSettings, Seat
from scorekeeper.games.first_snow import TITLE
from scorekeeper.text import join_names

FOODS = ("berry", "fish", "bird", "caribou")
BALANCED, SPECIALIZED = "balanced", "specialized"
DIETS = (BALANCED, SPECIALIZED)
ROUNDS = 6  # one card starts on winter, one flips after each round (first-snow.game-end)
START = 10  # score die on 1 beside the "0" slot (first-snow.starting-score)
TRACK_MAX = 69  # die showing 6 beside slot 9: the most the score card can show
TOOL_KINDS = 5  # net, bow, spear, axe, coat
CARRY_LIMIT = 4  # items an Inuit can carry, tools included (first-snow.inventory)
BALANCED_BONUS_TYPES = 3
SPECIALIZED_BONUS_PIECES = 4
DIE_FACES = 6
# Food of one type in one round: n pieces on a specialized diet score n + 1, and the score card
# (10 at the start) shows at most 69, so more than 58 could never be recorded.
FOOD_MAX = TRACK_MAX - START - 1

# A score card value includes the 10 starting points, so it is shown as Start 10 plus what the
# card gained over the rounds: every player's Start column then reads 10, however entered.
START_COLUMN, FOOD, WARMTH, SCORE_CARD, TOOLS = "Start", "Food", "Warmth", "Rounds on card", "Tools"
CATEGORIES = (START_COLUMN, FOOD, WARMTH, SCORE_CARD, TOOLS)
ROUND_CATEGORIES = (FOOD, WARMTH)


@dataclass(frozen=True)
class Round:
    """One round at the night camp: the food on offer, the diet chosen, the wood demand."""

    diet: str
    warm: bool
    food: tuple[int, ...] = (0,) * len(FOODS)
    specialty: str | None = None

    def count(self, kind: str) -> int:
        return self.food[FOODS.index(kind)]


@dataclass(frozen=True)
class FirstSnowPlayer:
    """Tools at game end, the tie-breaking die, and either the score card value or the rounds."""

    tools: int
    lowest_die: int | None = None
    track: int | None = None
    rounds: tuple[Round, ...] | None = None


@dataclass(frozen=True)
class Meal:
    """What a diet eats from the food on offer and what it scores."""

    diet: str
    specialty: str | None
    eaten: int
    bonus: int

    @property
    def points(self) -> int:
        return self.eaten + self.bonus

    @property
    def name(self) -> str:
        if self.diet == SPECIALIZED and self.specialty:
            return f"specialized on {self.specialty}"
        return self.diet

    def describe(self) -> str:
        """'3 types + 1 bonus' or '4 fish + 1 bonus'."""
        if self.diet == BALANCED:
            eaten = f"{self.eaten} type{'' if self.eaten == 1 else 's'}"
        else:
            eaten = f"{self.eaten} {food_word(str(self.specialty), self.eaten)}"
        return eaten + (f" + {self.bonus} bonus" if self.bonus else "")


def food_word(kind: str, count: int) -> str:
    """'1 berry', '2 berries', '3 fish', '2 caribou'."""
    return kind if count == 1 else _PLURALS.get(kind, kind)


_PLURALS = {"berry": "berries", "bird": "birds"}


def balanced(food: Sequence[int]) -> Meal:
    """One food of each type on offer; +1 when at least 3 types (first-snow.balanced-diet)."""
    types = sum(1 for count in food if count > 0)
    return Meal(BALANCED, None, types, int(types >= BALANCED_BONUS_TYPES))


def specialized(food: Sequence[int], specialty: str) -> Meal:
    """Every food of one type; +1 when at least 4 pieces (first-snow.specialized-diet)."""
    pieces = food[FOODS.index(specialty)]
    return Meal(SPECIALIZED, specialty, pieces, int(pieces >= SPECIALIZED_BONUS_PIECES))


def best_specialty(food: Sequence[int]) -> str:
    """The type a specialized diet scores most with (the first in FOODS order on equal counts)."""
    return max(FOODS, key=lambda kind: food[FOODS.index(kind)])


def meal(food: Sequence[int], diet: str, specialty: str | None = None) -> Meal:
    """The meal a diet choice makes; a specialized diet without a type takes the best one."""
    if diet == BALANCED:
        return balanced(food)
    return specialized(food, specialty or best_specialty(food))


def best_meal(food: Sequence[int]) -> Meal:
    """The highest-scoring choice; balanced wins when a specialization only equals it."""
    options = [balanced(food), specialized(food, best_specialty(food))]
    return max(options, key=lambda option: option.points)


def warmth_points(round_number: int, warm: bool) -> int:
    """Round k has k winter cards, so meeting the wood demand is worth k (first-snow.warmth)."""
    return round_number if warm else 0


def round_points(round_number: int, entry: Round) -> int:
    return meal(entry.food, entry.diet, entry.specialty).points + warmth_points(
        round_number, entry.warm
    )


def _round(
    diet: str,
    warm: bool,
    food: tuple[int, ...] = (0,) * len(FOODS),
    specialty: str | None = None,
) -> Round:
    if specialty is not None and diet != SPECIALIZED:
        raise InputError(
            f"a specialty goes with diet = {SPECIALIZED!r}; this round's diet is {diet!r}",
            Where(key="specialty"),
        )
    return Round(diet=diet, warm=warm, food=food, specialty=specialty)


def _player(
    tools: int,
    lowest_die: int | None = None,
    track: int | None = None,
    rounds: tuple[Round, ...] | None = None,
) -> FirstSnowPlayer:
    """Build a player, insisting on exactly one of the two ways to give the score."""
    if track is not None and rounds is not None:
        raise InputError(
            "give either `track` (the score card value) or [[players.rounds]], not both",
            Where(key="rounds"),
        )
    if track is None and rounds is None:
        raise InputError(
            f"missing; give `track` (the score card value, {START} to {TRACK_MAX}) "
            "or the rounds as [[players.rounds]] tables",
            Where(key="track"),
        )
    return FirstSnowPlayer(tools=tools, lowest_die=lowest_die, track=track, rounds=rounds)


ROUND_FIELDS = (
    CountsField(
        key="food",
        label="food",
        help="Food at the night camp plus food carried in the inventory.",
        rule="first-snow.food",
        names=FOODS,
        high=FOOD_MAX,
        limit=f"more would score past the score card's {TRACK_MAX}",
        required=False,
    ),
    ChoiceField(
        key="diet",
        label="diet",
        help="The diet chosen for the round.",
        rule="first-snow.food",
        choices=DIETS,
        aliases={"specialised": SPECIALIZED},
    ),
    ChoiceField(
        key="specialty",
        label="specialty",
        help="The food type a specialized diet eats (omitted: the best-scoring type).",
        rule="first-snow.specialized-diet",
        choices=FOODS,
        required=False,
    ),
    BoolField(
        key="warm",
        label="wood demand met",
        help="Enough wood was burned for every snowflake at the night camp.",
        rule="first-snow.warmth",
    ),
)

TRACK_FIELD = IntField(
    key="track",
    label="score card value",
    help=f"Points on the score card at game end, before tool points ({START} at the start).",
    rule="first-snow.score-card",
    low=START,
    high=TRACK_MAX,
    limit="the score card: a die showing 1-6 beside slots 0-9",
    required=False,
)

ROUNDS_FIELD = RecordListField(
    key="rounds",
    label="rounds",
    help="Each round's night camp: food on offer, diet, and whether the wood demand was met.",
    rule="first-snow.food",
    item=RecordField(
        key="rounds",
        label="round",
        help="",
        rule="first-snow.food",
        fields=ROUND_FIELDS,
        build=_round,
    ),
    max_len=ROUNDS,
    limit=f"the game ends when none of the {ROUNDS} land cards is left to turn to winter",
    required=False,
)

TOOLS_FIELD = IntField(
    key="tools",
    label="tools in good condition",
    help="Tools whose cube is on the good-condition slot at game end: +1 each.",
    rule="first-snow.tools",
    high=TOOL_KINDS,
    limit=f"the inventory card has {TOOL_KINDS} tools",
)

LOWEST_DIE_FIELD = IntField(
    key="lowest_die",
    label="lowest camp die",
    help="The lowest number on your camp dice at game end: the lower die wins a tie.",
    rule="first-snow.ties",
    low=1,
    high=DIE_FACES,
    limit="a six-sided die",
    required=False,
)

PLAYER_FIELDS = (TOOLS_FIELD, LOWEST_DIE_FIELD, TRACK_FIELD, ROUNDS_FIELD)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def round_lines(number: int, entry: Round) -> tuple[Line, Line]:
    """The food and warmth lines of one round."""
    eaten = meal(entry.food, entry.diet, entry.specialty)
    best = ""
    if entry.diet == SPECIALIZED and not entry.specialty:
        equal = [
            f"{entry.count(kind)} {food_word(kind, entry.count(kind))}"
            for kind in FOODS
            if kind != eaten.specialty and entry.count(kind) == eaten.eaten and eaten.eaten
        ]
        best = f" (best type{'; or ' + ' or '.join(equal) if equal else ''})"
    food = Line(
        FOOD,
        eaten.points,
        f"first-snow.{entry.diet}-diet",
        f"round {number} {entry.diet}: {eaten.describe()}{best}",
    )
    heat = "warm" if entry.warm else "too little wood"
    warmth = Line(
        WARMTH, warmth_points(number, entry.warm), "first-snow.warmth", f"round {number}: {heat}"
    )
    return food, warmth


def lines(player: FirstSnowPlayer) -> tuple[Line, ...]:
    """Every line behind a player's total: start, rounds (or score card), tools."""
    out = [Line(START_COLUMN, START, "first-snow.starting-score", "starting score")]
    if player.rounds is not None:
        for number, entry in enumerate(player.rounds, start=1):
            out.extend(round_lines(number, entry))
    if player.track is not None:
        gained = f"score card {player.track} at game end, less the {START} it started on"
        out.append(Line(SCORE_CARD, player.track - START, "first-snow.score-card", gained))
    tools = _count(player.tools, "tool") + " in good condition"
    out.append(Line(TOOLS, player.tools, "first-snow.tools", tools))
    return tuple(out)


def player_warnings(inputs: FirstSnowPlayer, players: int) -> tuple[Caution, ...]:
    """Entries that are possible in a file but unlikely at the table."""
    out: list[Caution] = []
    if inputs.rounds is not None and len(inputs.rounds) < ROUNDS:
        out.append(
            caution(
                "first-snow.game-end",
                "{entered} of {rounds} rounds entered: the game is still in progress, "
                "so this is the score so far with the tools counted as if it ended now",
                entered=len(inputs.rounds),
                rounds=ROUNDS,
            )
        )
    if inputs.rounds is not None:
        card = START + sum(round_points(n, r) for n, r in enumerate(inputs.rounds, start=1))
        if card > TRACK_MAX:
            out.append(
                caution(
                    "first-snow.score-card",
                    "the rounds add up to {card} before tools, more than the score card's "
                    "{most}: a food count is probably wrong",
                    card=card,
                    most=TRACK_MAX,
                )
            )
    if inputs.tools > CARRY_LIMIT:
        out.append(
            caution(
                "first-snow.inventory",
                "{tools} tools entered, but an Inuit carries at most {most} items",
                tools=inputs.tools,
                most=CARRY_LIMIT,
            )
        )
    return tuple(out)


def _missing_die(
    tied: Sequence[str], total: int, seat: Seat[FirstSnowPlayer]
) -> MissingTieBreakError:
    """Ask for a lowest camp die the file left out: it decides who wins this tie."""
    return MissingTieBreakError(
        f"{join_names(tied)} tied on {total}: the player with the lowest number on a camp die "
        f"wins, so {seat.name}'s lowest camp die is needed (see first-snow.ties)",
        Where(player=seat.name, key="lowest_die"),
    )


def score(
    seats: Sequence[Seat[FirstSnowPlayer]], settings: NoSettings, rulings: Rulings = RULEBOOK
) -> Outcome:
    """Total = 10 + every round + tools (or score card + tools); tie: the lower camp die."""
    scores = [PlayerScore(seat.name, lines(seat.inputs)) for seat in seats]

    def lower_die_key(seat: int) -> int | None:
        die = seats[seat].inputs.lowest_die
        return None if die is None else -die

    lower_die = TieBreaker(
        rule="first-snow.ties",
        key=lower_die_key,
        value=lambda seat: seats[seat].inputs.lowest_die,
        missing=lambda tied, total, seat: _missing_die(tied, total, seats[seat]),
    )
    warnings = [
        warning.about(seat.name)
        for seat in seats
        for warning in player_warnings(seat.inputs, len(seats))
    ]
    given = [seat.inputs.lowest_die for seat in seats if seat.inputs.lowest_die is not None]
    if len(given) == len(seats) and len(set(given)) < len(given):
        warnings.append(
            caution(
                "first-snow.ties",
                "both players entered {die} as their lowest camp die, but the four camp dice "
                "sit on four different land cards and so show different numbers",
                die=given[0],
            )
        )
    used = [
        category
        for category in CATEGORIES
        if category in (START_COLUMN, TOOLS)
        or (category == SCORE_CARD and any(s.inputs.track is not None for s in seats))
        or (category in ROUND_CATEGORIES and any(s.inputs.rounds is not None for s in seats))
    ]
    return rank(GAME.id, tuple(used), scores, [lower_die], warnings)


def _tie_words(step: TieStep) -> str:
    """The lower camp die settles a tie (value: each player's lowest die)."""
    die = step.value(step.kept[0])
    if step.is_even:
        return f"{'both' if len(step.tied) == 2 else 'all'} have {die} as the lowest camp die"
    others = ", ".join(str(step.value(name)) for name in step.tied if name not in step.kept)
    return f"{step.kept[0]} has the lower camp die ({die} against {others})"


GAME: Game[FirstSnowPlayer, NoSettings] = Game(
    title=TITLE,
    tie_words={"first-snow.ties": _tie_words},
    categories=CATEGORIES,
    player_fields=PLAYER_FIELDS,
    player_type=_player,
    score=score,
    player_warnings=player_warnings,
)
