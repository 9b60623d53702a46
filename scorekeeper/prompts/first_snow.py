"""First Snow at the table: score card or round-by-round entry, a diet advisor, and live play.

The walk-through asks once how the scores are entered. Round by round, each round is three
answers (food on offer, diet, wood demand met); before the diet is chosen the advisor shows
what each diet would score, using the engine's own diet functions.

`live()` is the same round entry spread over a game in progress: one round at a time for
both players, running totals after each round, and a draft saved after every answer so a
closed terminal loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import questionary
from rich.console import Console

from scorekeeper import render, storage
from scorekeeper.core.breakdown import Outcome
from scorekeeper.errors import InputError, MissingTieBreakError, StorageError
from scorekeeper.fields import ChoiceField
from scorekeeper.games import first_snow as rules
from scorekeeper.games.base import Game
from scorekeeper.prompts import BACK, BACK_WORD, Question, WalkThrough
from scorekeeper.render.score import print_outcome
from scorekeeper.session import Session, from_dict

CARD, ROUNDS = "score card", "round by round"
PARTS = ("food", "diet", "warm")
LIVE_DRAFT = "first-snow-live"
BACK_CHOICE = "< back"

MODE_FIELD = ChoiceField(
    key="entry",
    label="entry mode",
    help=(
        "Enter the score card value if you moved the score dice during play; "
        "otherwise enter each round and scorekeeper adds it up."
    ),
    rule="first-snow.score-card",
    choices=(CARD, ROUNDS),
)


# -- one round's three answers, shared by the walk-through and the live game ----------------
def parse_food(text: str) -> dict[str, int]:
    """'1 2 0 3' -> counts in berry, fish, bird, caribou order; missing numbers are 0."""
    parts = text.replace(",", " ").split()
    if len(parts) > len(rules.FOODS):
        raise ValueError(f"at most {len(rules.FOODS)} numbers")
    counts = [int(part) for part in parts]
    if any(count < 0 for count in counts):
        raise ValueError("counts are 0 or more")
    counts += [0] * (len(rules.FOODS) - len(counts))
    return dict(zip(rules.FOODS, counts, strict=True))


def _food_tuple(food: dict[str, int]) -> tuple[int, ...]:
    return tuple(food.get(kind, 0) for kind in rules.FOODS)


def _points(number: int) -> str:
    return f"{number} point{'' if number == 1 else 's'}"


def diet_options(food: dict[str, int]) -> list[rules.Meal]:
    """Balanced, then a specialized diet on every type on offer (one, with none on offer)."""
    counts = _food_tuple(food)
    kinds = [kind for kind, count in zip(rules.FOODS, counts, strict=True) if count > 0]
    specialized = [rules.specialized(counts, kind) for kind in kinds]
    if not specialized:
        specialized = [rules.Meal(rules.SPECIALIZED, None, 0, 0)]
    return [rules.balanced(counts), *specialized]


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


def _option_value(option: rules.Meal) -> str:
    return option.specialty or option.diet


def ask_food(prefix: str, number: int, current: dict[str, int] | None) -> Any:
    """Food on offer this round as up to four numbers; BACK for `<`."""

    def validate(text: str) -> bool | str:
        if text.strip() == BACK_WORD:
            return True
        try:
            parse_food(text)
        except ValueError:
            return "Up to 4 whole numbers: berry fish bird caribou (blank = no food)"
        return True

    counts = list(_food_tuple(current or {}))
    while counts and counts[-1] == 0:  # "0 4", not "0 4 0 0": shorter to correct
        counts.pop()
    default = " ".join(map(str, counts))
    text = questionary.text(
        f"{prefix}round {number} food (berry fish bird caribou):",
        default=default,
        validate=validate,
    ).unsafe_ask()
    return BACK if text.strip() == BACK_WORD else parse_food(text)


def ask_diet(prefix: str, number: int, entry: dict[str, Any]) -> Any:
    """The diet, offered with each option's points; returns (diet, specialty) or BACK."""
    food = entry.get("food", {})
    options = diet_options(food)
    best = rules.best_meal(_food_tuple(food))
    chosen = entry.get("specialty") or entry.get("diet")
    values = [_option_value(option) for option in options]
    if chosen not in values:
        chosen = _option_value(best) if _option_value(best) in values else values[0]
    answer = questionary.select(
        f"{prefix}round {number} diet:",
        choices=[
            *(
                questionary.Choice(f"{option.name}: {_points(option.points)}", value=value)
                for option, value in zip(options, values, strict=True)
            ),
            BACK_CHOICE,
        ],
        default=chosen,
    ).unsafe_ask()
    if answer == BACK_CHOICE:
        return BACK
    if answer in (rules.BALANCED, rules.SPECIALIZED):
        return answer, None
    return rules.SPECIALIZED, answer


def ask_warm(prefix: str, number: int, current: bool | None) -> Any:
    """Whether the wood demand was met; BACK for the back choice."""
    default = None if current is None else ("yes" if current else "no")
    answer = questionary.select(
        f"{prefix}round {number}: enough wood for every snowflake? (+{number} if yes)",
        choices=["yes", "no", BACK_CHOICE],
        default=default,
    ).unsafe_ask()
    return BACK if answer == BACK_CHOICE else answer == "yes"


def ask_part(console: Console, prefix: str, number: int, part: str, entry: dict[str, Any]) -> bool:
    """Ask one of a round's answers into `entry`; False when the player went back."""
    if part == "food":
        value = ask_food(prefix, number, entry.get("food"))
        if value is BACK:
            return False
        if value != entry.get("food"):  # a diet chosen for other food is no longer a choice
            entry.pop("diet", None)
            entry.pop("specialty", None)
        entry["food"] = value
        return True
    if part == "diet":
        console.print(render.user(advice(entry.get("food", {})), "cyan"))
        value = ask_diet(prefix, number, entry)
        if value is BACK:
            return False
        entry["diet"], specialty = value
        entry.pop("specialty", None)
        if specialty is not None:
            entry["specialty"] = specialty
        return True
    value = ask_warm(prefix, number, entry.get("warm"))
    if value is BACK:
        return False
    entry["warm"] = value
    return True


def to_round(entry: dict[str, Any]) -> rules.Round:
    """A complete round answer, checked by the same fields that read session files."""
    result: rules.Round = rules.ROUNDS_FIELD.item.parse(entry)
    return result


def round_summary(number: int, entry: dict[str, Any]) -> str:
    food, warmth = rules.round_lines(number, to_round(entry))
    total = food.points + warmth.points
    return f"Round {number}: food {food.points} + warmth {warmth.points} = {total}"


# -- the normal walk-through: entry mode, then per player score card or rounds, tools ------
@dataclass
class EntryState:
    """The entry mode chosen for one walk-through, and the questions that depend on it."""

    mode: str | None = None
    score_questions: list[ScoreQuestion] = field(default_factory=list)


_STATES: WeakKeyDictionary[WalkThrough, EntryState] = WeakKeyDictionary()


@dataclass
class ModeQuestion(Question):
    """Score card or round by round; kept outside the session (it is not a file key)."""

    state: EntryState

    def get(self, answers: dict[str, Any]) -> Any:
        return self.state.mode

    def put(self, answers: dict[str, Any], value: Any) -> None:
        self.state.mode = value
        for question in self.state.score_questions:
            question.follow(value)

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        answer = questionary.select(
            "How will you enter the scores?",
            choices=[
                questionary.Choice("Score card value (kept with the score dice)", value=CARD),
                questionary.Choice("Round by round (food, diet and warmth)", value=ROUNDS),
                BACK_CHOICE,
            ],
            default=current,
        ).unsafe_ask()
        return BACK if answer == BACK_CHOICE else answer


class _ShownRound(dict[str, Any]):
    """A round answer that reads as its points in the review table."""

    def __init__(self, entry: dict[str, Any], number: int) -> None:
        super().__init__(entry)
        self.number = number

    def __str__(self) -> str:
        try:
            return str(rules.round_points(self.number, to_round(dict(self))))
        except InputError:
            return "?"


@dataclass
class ScoreQuestion(Question):
    """One player's score: the score card value, or all six rounds, following the mode."""

    state: EntryState

    def follow(self, mode: str) -> None:
        """Become the question for `mode` (its key, label and the rule hint shown)."""
        self.field = rules.TRACK_FIELD if mode == CARD else rules.ROUNDS_FIELD
        self.key = self.field.key
        self.label = "score card" if mode == CARD else "points per round"

    def get(self, answers: dict[str, Any]) -> Any:
        value = answers.get(self.key)
        if self.key == rules.ROUNDS_FIELD.key and value is not None:
            return [_ShownRound(entry, n) for n, entry in enumerate(value, start=1)]
        return value

    def put(self, answers: dict[str, Any], value: Any) -> None:
        other = rules.ROUNDS_FIELD.key if self.key == rules.TRACK_FIELD.key else "track"
        answers.pop(other, None)
        answers[self.key] = value

    def incomplete(self, value: Any) -> bool:
        """No score in the entry mode now chosen (it was changed in the review)."""
        return value is None

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        if self.key == rules.TRACK_FIELD.key:
            return Question.ask(self, flow, prefix, current)
        rounds = [dict(entry) for entry in current or []]
        numbers = range(1, rules.ROUNDS + 1)
        if len(rounds) == rules.ROUNDS:
            which = questionary.select(
                f"{prefix}which round to change?",
                choices=[
                    *(
                        questionary.Choice(round_summary(n, rounds[n - 1]), value=n)
                        for n in numbers
                    ),
                    BACK_CHOICE,
                ],
            ).unsafe_ask()
            if which == BACK_CHOICE:
                return BACK
            numbers = range(which, which + 1)
        steps = [(n, part) for n in numbers for part in PARTS]
        index = 0
        while index < len(steps):
            number, part = steps[index]
            while len(rounds) < number:
                rounds.append({})
            if not ask_part(flow.console, prefix, number, part, rounds[number - 1]):
                if index == 0:
                    return BACK
                index -= 1
                continue
            if part == PARTS[-1]:
                flow.console.print(render.user(round_summary(number, rounds[number - 1]), "dim"))
            index += 1
        return rounds


def questions(flow: WalkThrough, game: Game[Any, Any], seat: int | None) -> list[Question]:
    """The entry mode first (seat None), then for each player the score and the tools."""
    state = _STATES.setdefault(flow, EntryState())
    if seat is None:
        return [ModeQuestion(None, MODE_FIELD.key, None, MODE_FIELD.label, MODE_FIELD, state)]
    score = ScoreQuestion(seat, rules.TRACK_FIELD.key, None, "score card", rules.TRACK_FIELD, state)
    if state.mode is not None:
        score.follow(state.mode)
    state.score_questions.append(score)
    tools = rules.TOOLS_FIELD
    return [score, Question(seat, tools.key, None, tools.label, tools)]


# -- live play: one round at a time, a draft after every answer ------------------------------
@dataclass(frozen=True)
class Step:
    """One answer of the live game: a round part for a seat, or a seat's end-of-game tools."""

    seat: int
    number: int | None  # None: tools at game end
    part: str


def live_steps(players: int) -> list[Step]:
    rounds = [
        Step(seat, number, part)
        for number in range(1, rules.ROUNDS + 1)
        for seat in range(players)
        for part in PARTS
    ]
    return rounds + [Step(seat, None, "tools") for seat in range(players)]


def is_answered(document: dict[str, Any], step: Step) -> bool:
    player = document["players"][step.seat]
    if step.number is None:
        return step.part in player
    rounds = player.get("rounds", [])
    return len(rounds) >= step.number and step.part in rounds[step.number - 1]


def completed_rounds(document: dict[str, Any]) -> int:
    """Rounds every player has fully answered."""
    done = 0
    for number in range(1, rules.ROUNDS + 1):
        if not all(
            is_answered(document, Step(seat, number, part))
            for seat in range(len(document["players"]))
            for part in PARTS
        ):
            break
        done = number
    return done


def running_totals(document: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Headers and rows: each player's points per completed round and 10 + their sum."""
    done = completed_rounds(document)
    headers = ["Player", *(f"R{n}" for n in range(1, done + 1)), "Total"]
    rows = []
    for player in document["players"]:
        points = [
            rules.round_points(n, to_round(player["rounds"][n - 1])) for n in range(1, done + 1)
        ]
        rows.append([player["name"], *map(str, points), str(rules.START + sum(points))])
    return headers, rows


def _check_draft(document: dict[str, Any]) -> None:
    """A draft we can resume: two named players whose finished rounds are valid."""
    players = document.get("players")
    if document.get("game") != rules.GAME.id or not isinstance(players, list):
        raise StorageError("the saved live game is not a First Snow game")
    if len(players) != rules.GAME.max_players or not all(
        isinstance(p, dict) and isinstance(p.get("name"), str) for p in players
    ):
        raise StorageError("the saved live game does not have two named players")
    try:
        running_totals(document)
    except (InputError, KeyError, TypeError) as error:
        raise StorageError(f"the saved live game has a broken round ({error})") from None


class LiveGame:
    """The live flow over one draft document, saved after every change."""

    def __init__(self, console: Console, home: Path, flow: WalkThrough) -> None:
        self.console = console
        self.home = home
        self.flow = flow

    def save(self, document: dict[str, Any]) -> None:
        storage.save_draft(self.home, LIVE_DRAFT, document)

    def start(self) -> dict[str, Any]:
        """Resume the saved game or start a new one (names first)."""
        try:
            document = storage.load_draft(self.home, LIVE_DRAFT)
            if document is not None:
                _check_draft(document)
        except StorageError as error:
            render.print_warnings(self.console, [str(error)])
            if not questionary.confirm("Discard it and start a new game?").unsafe_ask():
                raise
            document = None
        if document is not None:
            who = " and ".join(p["name"] for p in document["players"])
            done = completed_rounds(document)
            self.console.print(
                render.user(f"A First Snow game in progress: {who}, {done} of 6 rounds done.")
            )
            choice = questionary.select(
                "Resume it or start over?",
                choices=["Resume", "Start over (discard the game in progress)"],
            ).unsafe_ask()
            if choice == "Resume":
                return document
            storage.discard_draft(self.home, LIVE_DRAFT)
        names = self.flow.ask_names(rules.GAME, [])
        document = {
            "format": 1,
            "game": rules.GAME.id,
            "played": self.flow.started,
            "players": [{"name": name, "rounds": []} for name in names],
        }
        self.save(document)
        return document

    def show_totals(self, document: dict[str, Any]) -> None:
        headers, rows = running_totals(document)
        title = f"After round {completed_rounds(document)}"
        self.console.print(render.review_table(title, headers, rows))

    def ask_step(self, document: dict[str, Any], step: Step) -> bool:
        """Ask one step into the document; False when the player went back."""
        player = document["players"][step.seat]
        prefix = f"{player['name']}: "
        if step.number is None:
            tools = rules.TOOLS_FIELD
            question = Question(step.seat, tools.key, None, tools.label, tools)
            value = question.ask(self.flow, prefix, player.get(tools.key))
            if value is BACK:
                return False
            player[tools.key] = value
            return True
        rounds: list[dict[str, Any]] = player.setdefault("rounds", [])
        while len(rounds) < step.number:
            rounds.append({})
        if step.part == PARTS[0] and step.seat == 0:
            self.console.print(render.user(f"Round {step.number} of {rules.ROUNDS}", "bold"))
        return ask_part(self.console, prefix, step.number, step.part, rounds[step.number - 1])

    def play(self, document: dict[str, Any]) -> tuple[Session, Outcome]:
        """Every unanswered step in order, `<` going back; then tools, tie-break, the result."""
        steps = live_steps(len(document["players"]))
        index = next((i for i, s in enumerate(steps) if not is_answered(document, s)), len(steps))
        if completed_rounds(document):
            self.show_totals(document)
        self.console.print(render.rule_hint("first-snow.food", rules.ROUNDS_FIELD.help))
        while True:
            while index < len(steps):
                step = steps[index]
                if step.number is None and (index == 0 or steps[index - 1].number is not None):
                    self.console.print(render.rule_hint("first-snow.tools", rules.TOOLS_FIELD.help))
                if not self.ask_step(document, step):
                    index = max(index - 1, 0)
                    continue
                self.save(document)
                last_seat = step.seat == len(document["players"]) - 1
                if step.number is not None and step.part == PARTS[-1] and last_seat:
                    self.show_totals(document)
                index += 1
            result = self.settle(document)
            if result is not None:
                return result
            index = len(steps) - 1

    def settle(self, document: dict[str, Any]) -> tuple[Session, Outcome] | None:
        """Score; ask a lowest camp die only when a tie needs it; None to go back to tools."""
        while True:
            session = from_dict(document)
            try:
                return session, session.score()
            except MissingTieBreakError as error:
                seat = next(i for i, s in enumerate(session.seats) if s.name == error.where.player)
                self.console.print(render.user(error.message, "yellow"))
                die = rules.LOWEST_DIE_FIELD
                question = Question(seat, die.key, None, die.label, die)
                value = question.ask(self.flow, f"{session.seats[seat].name}: ", None)
                if value is BACK:
                    return None
                document["players"][seat][die.key] = value
                self.save(document)


def live(
    console: Console,
    home: Path,
    known_names: Sequence[str],
    save: Callable[[Session, Outcome], Path],
) -> Path | None:
    """Keep a First Snow game round by round while it is played; returns the saved file."""
    flow = WalkThrough(console, known_names)
    game = LiveGame(console, home, flow)
    console.print(
        render.user(
            f"First Snow, live: answer each round as it ends. Type {BACK_WORD} to go back; "
            "the game is kept after every answer.",
            "bold",
        )
    )
    document = game.start()
    session, outcome = game.play(document)
    print_outcome(console, outcome, rules.GAME.name)
    if not questionary.confirm("Save this session?", default=True).unsafe_ask():
        console.print(
            "Not saved. The game stays in progress: run `scorekeeper score first-snow --live` "
            "to see it again."
        )
        return None
    path = save(session, outcome)
    storage.discard_draft(home, LIVE_DRAFT)
    console.print(render.user(f"Saved {path}", "green"))
    return path
