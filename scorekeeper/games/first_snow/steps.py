"""First Snow at the table: the score card value or round by round, with a diet advisor; live.

Asked once: how the scores are entered. Round by round, each round is three answers (food on
offer, diet, wood demand met); the diet is offered with what each diet scores, from the
engine's own diet functions. Live play (`walk.live`) asks the same rounds as the game is
played: round by round for both players, with running totals after each round.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.errors import InputError
from scorekeeper.games.context import Context
from scorekeeper.games.first_snow import engine as rules
from scorekeeper.games.steps import (
    Choice,
    Message,
    Step,
    Text,
    field_steps,
    split_numbers,
    value_at,
    whole_number,
)

LIVE = True  # `score --live` keeps this title round by round during play
CARD, ROUNDS, MIXED = "card", "rounds", "mixed"  # mixed: a saved game entered both ways
ENTRY_PATH = ("walk", "entry")
ROUNDS_ASIDE = "walk.rounds"  # in `walk.aside`: a game in progress's rounds, while set aside
FOOD_HIGH = getattr(rules.ROUND_FIELDS[0], "high", None)


def steps(context: Context) -> list[Step]:
    """The entry mode, then per player the score and tools; live: round by round for all."""
    players = range(len(context.players))
    if context.walk.get("live"):
        rounds = [
            step
            for number in range(1, rules.ROUNDS + 1)
            for seat in players
            for step in round_steps(context, seat, number, live=True)
        ]
        return rounds + [s for seat in players for s in _tools(seat)]
    out = [entry_step(context)]
    rounds = context.walk.get("rounds", rules.ROUNDS)  # fewer: a saved game in progress
    for seat in players:
        mode = context.walk.get("entry")
        if mode == MIXED:
            mode = _saved_way(context, seat)
        if mode == CARD:
            out += field_steps([rules.TRACK_FIELD], ("players", seat), seat)
        elif mode == ROUNDS:
            out += [
                step
                for number in range(1, rounds + 1)
                for step in round_steps(context, seat, number)
            ]
        out += _tools(seat)
    return out


def from_session(context: Context) -> None:
    """A saved game is corrected in the way each player's score was entered, with as many
    rounds as it holds."""
    by_rounds = [rules.ROUNDS_FIELD.key in player for player in context.players]
    context.walk["entry"] = ROUNDS if all(by_rounds) else CARD if not any(by_rounds) else MIXED
    if context.walk["entry"] == MIXED:  # each player's own way, to come back to after a switch
        aside = context.walk.setdefault("aside", {})
        for seat, rounds in enumerate(by_rounds):
            aside[_way_key(seat)] = ROUNDS if rounds else CARD
    entered = max((len(p.get(rules.ROUNDS_FIELD.key, ())) for p in context.players), default=0)
    if any(by_rounds) and entered < rules.ROUNDS:
        context.walk["rounds"] = entered


def _way_key(seat: int) -> str:
    """In `walk.aside`, beside a player's answers: how a saved mixed game has their score."""
    return f"players.{seat}.entry"


def _saved_way(context: Context, seat: int) -> str:
    """How the saved game has this player's score; a player added since: by score card."""
    way = context.walk.get("aside", {}).get(_way_key(seat))
    return way if way in (CARD, ROUNDS) else CARD


def _tools(seat: int) -> list[Step]:
    return field_steps([rules.TOOLS_FIELD], ("players", seat), seat)


def entry_step(context: Context) -> Step:
    """Score card or round by round; the other way's answers are set aside (kept in the
    draft, not the session) and come back if the table switches back."""

    def write(answers: dict[str, Any], value: Any) -> None:
        walk = context.walk
        if walk.get("entry") == value:
            return  # the same way again: nothing to set aside, nothing to ask
        for seat in range(len(context.players)):
            way = _saved_way(context, seat) if value == MIXED else value
            other, own = (
                (rules.ROUNDS_FIELD.key, rules.TRACK_FIELD.key)
                if way == CARD
                else (rules.TRACK_FIELD.key, rules.ROUNDS_FIELD.key)
            )
            context.set_aside(seat, (other,))
            context.bring_back(seat, (own,))
        # A saved game in progress has fewer rounds: that goes aside with its rounds and comes
        # back with them; a new way of entry is otherwise a whole game's.
        aside = walk.setdefault("aside", {})
        if "rounds" in walk:
            aside[ROUNDS_ASIDE] = walk.pop("rounds")
        elif value != CARD and ROUNDS_ASIDE in aside:
            walk["rounds"] = aside.pop(ROUNDS_ASIDE)
        walk["entry"] = value

    options: tuple[tuple[str, str], ...] = (
        ("Score card value (kept with the score dice)", CARD),
        ("Round by round (food, diet and warmth)", ROUNDS),
    )
    if any(_way_key(seat) in context.walk.get("aside", {}) for seat in range(len(context.players))):
        options += (("Each player as saved (some by score card, some round by round)", MIXED),)
    return Step(
        ENTRY_PATH,
        "How will you enter the scores?",
        Choice(options),
        rule="first-snow.score-card",
        help="Enter the score card value if you moved the score dice during play; "
        "otherwise enter each round and scorekeeper adds it up.",
        column="entry mode",
        show=lambda value: {CARD: "score card", ROUNDS: "round by round"}.get(value, "both"),
        write=write,
    )


def round_steps(context: Context, seat: int, number: int, live: bool = False) -> list[Step]:
    """Food on offer, the diet (offered with its points) and warmth, for one round."""
    base = ("players", seat, "rounds", number - 1)
    entry: dict[str, Any] = value_at(context.answers, base) or {}
    food = entry.get("food")
    label = f"round {number}"
    header = Message(f"Round {number} of {rules.ROUNDS}", "bold")
    before = (header,) if live and seat == 0 else ()

    def resumed(answers: dict[str, Any]) -> list[Message]:
        """Live play resumed mid-round: the round, and the totals the last round ended on."""
        return [header, *([totals(context, number - 1)] if number > 1 else [])]

    def write_food(answers: dict[str, Any], value: Any) -> None:
        current = _entry(context, seat, number)
        if current.get("food") != value:  # a diet chosen for other food is no longer a choice
            current.pop("diet", None)
            current.pop("specialty", None)
        current["food"] = value

    def write_diet(answers: dict[str, Any], value: Any) -> None:
        current = _entry(context, seat, number)
        current.pop("specialty", None)
        if value in (rules.BALANCED, rules.SPECIALIZED):
            current["diet"] = value
        else:
            current["diet"], current["specialty"] = rules.SPECIALIZED, value

    def after_warm(answers: dict[str, Any]) -> list[Message]:
        out = [Message(round_summary(number, _entry(context, seat, number)), "dim")]
        if live and seat == len(context.players) - 1:
            out.append(totals(context, number))
        return out

    food_step = Step(
        (*base, "food"),
        f"{label} food (berry fish bird caribou)",
        Text(
            parse_food,
            blank={},
            blank_hint="Enter for no food",
            shape="Up to 4 whole numbers: berry fish bird caribou",
        ),
        seat=seat,
        rule="first-snow.food",
        help=rules.ROUNDS_FIELD.help,
        column=f"{label} food",
        show=show_food,
        write=write_food,
        before=before,
        resumed=resumed if live else None,
    )
    diet_step = Step(
        (*base, "diet"),
        f"{label} diet",
        Choice(tuple(diet_options(food or {})), default=_best(food or {})),
        seat=seat,
        rule="first-snow.food",
        column=f"{label} diet",
        read=lambda answers: _chosen_diet(value_at(answers, base)),
        write=write_diet,
        before=(Message(advice(food or {}), "cyan"),),
        resumed=resumed if live else None,
    )
    warm_step = Step(
        (*base, "warm"),
        f"{label}: enough wood for every snowflake? (+{number} if yes)",
        Choice((("yes", True), ("no", False))),
        seat=seat,
        rule="first-snow.warmth",
        column=f"{label} warm",
        after=after_warm,
        resumed=resumed if live else None,
    )
    return [food_step, diet_step, warm_step]


def _best(food: dict[str, int]) -> str:
    """The diet menu's value of the best-scoring diet, offered first."""
    best = rules.best_meal(_food_tuple(food))
    return best.specialty or best.diet


def _chosen_diet(entry: Any) -> str | None:
    """The diet menu's value for a round: its specialty, else its diet."""
    if not isinstance(entry, dict):
        return None
    chosen = entry.get("specialty") or entry.get("diet")
    return chosen if isinstance(chosen, str) else None


def _entry(context: Context, seat: int, number: int) -> dict[str, Any]:
    rounds: list[Any] = context.players[seat].setdefault("rounds", [])
    while len(rounds) < number:
        rounds.append({})
    entry: dict[str, Any] = rounds[number - 1]
    return entry


def parse_food(text: str) -> dict[str, int]:
    """'1 2 0 3' -> counts in berry, fish, bird, caribou order; missing numbers are 0."""
    parts = split_numbers(text)
    if len(parts) > len(rules.FOODS):
        raise ValueError(f"At most {len(rules.FOODS)} numbers: berry fish bird caribou")
    number = whole_number(0, FOOD_HIGH)
    counts = [number(part) for part in parts]
    counts += [0] * (len(rules.FOODS) - len(counts))
    return dict(zip(rules.FOODS, counts, strict=True))


def show_food(food: Any) -> str:
    counts = list(_food_tuple(food or {}))
    return " ".join(map(str, counts)) if any(counts) else "none"


def _food_tuple(food: Any) -> tuple[int, ...]:
    """Counts in FOODS order from a table of them (a typed round holds them in order)."""
    if isinstance(food, dict):
        return tuple(food.get(kind, 0) for kind in rules.FOODS)
    return tuple(food)


def _points(number: int) -> str:
    return f"{number} point{'' if number == 1 else 's'}"


def diet_options(food: dict[str, int]) -> list[tuple[str, str]]:
    """Balanced, then a specialized diet on every type on offer (one, with none on offer)."""
    counts = _food_tuple(food)
    kinds = [kind for kind, count in zip(rules.FOODS, counts, strict=True) if count > 0]
    options = [(f"Balanced: {_points(rules.balanced(counts).points)}", rules.BALANCED)]
    if not kinds:
        return [*options, (f"Specialized: {_points(0)}", rules.SPECIALIZED)]
    for kind in kinds:
        meal = rules.specialized(counts, kind)
        options.append((f"{meal.name}: {_points(meal.points)}", kind))
    return options


def advice(food: dict[str, int]) -> str:
    """Both diets' points for this food and which scores more (the choice stays the player's)."""
    counts = _food_tuple(food)
    fair = rules.balanced(counts)
    kind = rules.best_specialty(counts)
    single = rules.specialized(counts, kind)
    text = (
        f"Balanced: {_points(fair.points)} ({fair.describe()}). "
        f"Specialized on {kind}: {_points(single.points)} ({single.describe()}). "
    )
    if fair.points == single.points:
        return text + "Both diets score the same."
    better = "Balanced" if fair.points > single.points else f"Specialized on {kind}"
    return text + f"{better} scores more."


def round_summary(number: int, entry: dict[str, Any]) -> str:
    try:
        food, warmth = rules.round_lines(number, rules.ROUNDS_FIELD.item.parse(entry))
    except InputError:
        return f"Round {number}: not complete"
    total = food.points + warmth.points
    return f"Round {number}: food {food.points} + warmth {warmth.points} = {total}"


def totals(context: Context, done: int) -> Message:
    """Each player's points per round so far and the start plus their sum."""
    headers = ("Player", *(f"R{n}" for n in range(1, done + 1)), "Total")
    rows = []
    for seat, player in enumerate(context.players):
        rounds = player.get("rounds", [])
        try:
            points = [
                rules.round_points(n, rules.ROUNDS_FIELD.item.parse(rounds[n - 1]))
                for n in range(1, done + 1)
            ]
        except (InputError, IndexError):
            continue
        rows.append((context.name(seat), *map(str, points), str(rules.START + sum(points))))
    return Message(f"After round {done}", headers=headers, rows=tuple(rows))
