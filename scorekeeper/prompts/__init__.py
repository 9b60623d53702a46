"""The interactive walk-through at the table: questions derived from each title's fields.

Answers are collected as the same raw values a session file holds, then checked by the same
code that reads files, so the walk-through and the files can never disagree. Typing `<` goes
back one question; a review lets any answer be corrected before anything is scored or saved.
Every answer is handed to a `keep` callback as a Draft (scorekeeper.draft), which the CLI writes
to the data directory; a walk-through resumed from a draft carries on at the first unanswered
question. Ctrl-C raises KeyboardInterrupt (questionary's unsafe_ask): no session is written and
the draft stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import questionary
from rich.console import Console

from scorekeeper import render
from scorekeeper.core.breakdown import Outcome
from scorekeeper.draft import Draft
from scorekeeper.errors import InputError, MissingTieBreakError
from scorekeeper.fields import (
    BoolField,
    ChoiceField,
    CountsField,
    Field,
    IntField,
    IntListField,
    IntOrListField,
    StrListField,
    check_int,
    int_range,
    parse_record,
)
from scorekeeper.games import GAMES
from scorekeeper.games.base import Game
from scorekeeper.names import MAX_NAME, check_name
from scorekeeper.render.score import print_outcome
from scorekeeper.rulebook.notes import Library, Note
from scorekeeper.session import Session, from_dict

BACK_WORD = "<"
BACK = object()
_NUMBERS = re.compile(r"[\s,+]+")


@dataclass
class Question:
    """One prompt: whose answer it is, where it goes in the raw answers, how to ask it."""

    seat: int | None  # None: a session-level setting
    key: str
    part: int | str | None  # list index or table key within the field, None for the whole
    label: str
    field: Field

    def get(self, answers: dict[str, Any]) -> Any:
        value = answers.get(self.key)
        if self.part is None or value is None:
            return value
        if isinstance(value, dict):  # a table answered one key at a time
            return value.get(self.part)
        if isinstance(self.part, int) and self.part < len(value):  # a list answered in order
            return value[self.part]
        return None

    def put(self, answers: dict[str, Any], value: Any) -> None:
        if self.part is None:
            answers[self.key] = value
        elif isinstance(self.part, int):
            values = answers.setdefault(self.key, [])
            values.extend([None] * (self.part + 1 - len(values)))
            values[self.part] = value
        else:
            answers.setdefault(self.key, {})[self.part] = value

    def allowed(self) -> str:
        """What this one question accepts, in words."""
        if self.part is not None and isinstance(self.field, IntListField | CountsField):
            return int_range(self.field.low, self.field.high)
        return self.field.allowed()

    def show(self, value: Any) -> str:
        """The answer as the review shows it; titles with table-shaped answers override it."""
        return _show(value)

    def incomplete(self, value: Any) -> bool:
        """Whether an answer given earlier lacks parts another answer now asks for (a room
        asked before the objective that needs one more count was chosen)."""
        return False

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        """Ask this question; return the raw value or BACK. Titles subclass for richer prompts."""
        question = self
        field = question.field
        message = f"{prefix}{question.label}"
        if isinstance(field, ChoiceField | BoolField):
            choices = list(field.choices) if isinstance(field, ChoiceField) else ["yes", "no"]
            default = _show(current) if current is not None else None
            answer = questionary.select(
                message,
                choices=[*choices, "< back"],
                default=default if default in choices else None,
            ).unsafe_ask()
            if answer == "< back":
                return BACK
            return answer == "yes" if isinstance(field, BoolField) else answer

        def validate(text: str) -> bool | str:
            if text.strip() == BACK_WORD:
                return True
            try:
                parse_answer(question, text)
            except (InputError, ValueError):
                return f"Expected {question.allowed()}"
            return True

        instruction = "(Enter for 0)" if isinstance(field, CountsField) else None
        text = questionary.text(
            message, default=_show(current), validate=validate, instruction=instruction
        ).unsafe_ask()
        if text.strip() == BACK_WORD:
            return BACK
        return parse_answer(question, text)


def questions_for(fields: Sequence[Field], seat: int | None) -> list[Question]:
    """Split each field into the questions a person answers one at a time."""
    out: list[Question] = []
    for field in fields:
        if isinstance(field, IntListField) and field.labels:
            out += [
                Question(seat, field.key, i, label, field) for i, label in enumerate(field.labels)
            ]
        elif isinstance(field, CountsField):
            out += [
                Question(seat, field.key, name, f"{name} ({field.label})", field)
                for name in field.names
            ]
        else:
            out.append(Question(seat, field.key, None, field.label, field))
    return out


QuestionBuilder = Callable[["WalkThrough", Game[Any, Any], "int | None"], list[Question]]
TITLE_QUESTIONS: dict[str, QuestionBuilder] = {}
"""Titles whose questions are not one-per-field register a builder here, keyed by game id."""


def title_questions(flow: WalkThrough, game: Game[Any, Any], seat: int | None) -> list[Question]:
    """The questions for the session settings (seat None) or for one player."""
    builder = TITLE_QUESTIONS.get(game.id)
    if builder is not None:
        return builder(flow, game, seat)
    return questions_for(game.settings_fields if seat is None else game.player_fields, seat)


def _split_numbers(text: str) -> list[int]:
    return [int(part) for part in _NUMBERS.split(text.strip()) if part]


def parse_answer(question: Question, text: str) -> Any:
    """Turn typed text into the raw value a file would hold; raise InputError or ValueError."""
    field = question.field
    text = text.strip()
    if isinstance(field, IntListField) and field.labels:
        return check_int(int(text), field.low, field.high)
    if isinstance(field, CountsField):
        return check_int(int(text or "0"), field.low, field.high)
    if isinstance(field, IntField):
        return field.parse(int(text))
    if isinstance(field, IntOrListField):
        numbers = _split_numbers(text)
        raw: Any = numbers[0] if len(numbers) == 1 else numbers  # one number is the total
        field.parse(raw)
        return raw
    if isinstance(field, IntListField):
        numbers = _split_numbers(text)
        field.parse(numbers)
        return numbers
    if isinstance(field, StrListField):
        items = [item.strip() for item in text.split(",") if item.strip()]
        field.parse(items)
        return items
    raise TypeError(f"no text question for {type(field).__name__}")


def _show(value: Any) -> str:
    if isinstance(value, list):
        # names can hold spaces ("Board Game"), and StrListField answers split on commas
        return (", " if all(isinstance(v, str) for v in value) else " ").join(map(str, value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


class WalkThrough:
    """State of one walk-through: the game, the names and every raw answer so far."""

    def __init__(
        self,
        console: Console,
        known_names: Sequence[str] = (),
        keep: Callable[[Draft], None] = lambda draft: None,
        home: Path | None = None,
    ) -> None:
        self.console = console
        self.known_names = list(known_names)
        self.home = home  # the data directory, for answers remembered between games
        self.started = datetime.now().replace(microsecond=0)
        self.draft: Draft | None = None
        self.explained: set[str] = set()  # rule notes already shown in this walk-through
        self.backing = False  # the last answer was `<`: the question asked now is reached
        # going back, and one with nothing to ask passes the `<` on
        self._library: Library | None = None
        self._keep = keep

    def hint(self, rule: str, help_text: str) -> None:
        """The question's help; the first time a rule comes up, the rule note itself too."""
        if rule not in self.explained:
            self.explained.add(rule)
            note = self._rule_note(rule)
            if note is not None:
                self.console.print(render.rule_text(note.title, note.text))
        self.console.print(render.rule_hint(rule, help_text))

    def _rule_note(self, rule: str) -> Note | None:
        from scorekeeper.errors import ScorekeeperError
        from scorekeeper.rulebook.notes import load_library, rules_root

        try:
            if self._library is None:
                self._library = load_library(rules_root())
            return self._library.note(rule)
        except ScorekeeperError:  # no such note, or unreadable notes: the help line remains
            return None

    def keep(self) -> None:
        """Hand the draft over after every answer, so an interruption loses nothing typed."""
        if self.draft is not None:
            self._keep(self.draft)

    def run_questions(
        self,
        questions: Sequence[Question],
        answers: Callable[[Question], dict[str, Any]],
        prefix: Callable[[Question], str],
        after_seat: Callable[[int], None] = lambda seat: None,
        start: int = 0,
        answered: Callable[[int], None] = lambda following: None,
    ) -> bool:
        """Ask in order from `start` with `<` going back; False if the user backed out of the
        first one. `answered` gets the index of the question after each one answered."""
        index = min(start, len(questions))
        self.backing = False
        shown_help: set[tuple[int | None, str]] = set()
        while index < len(questions):
            question = questions[index]
            target = answers(question)
            if (question.seat, question.key) not in shown_help:
                shown_help.add((question.seat, question.key))
                self.hint(question.field.rule, question.field.help)
            value = question.ask(self, prefix(question), question.get(target))
            self.backing = value is BACK
            if value is BACK:
                if index == 0:
                    return False
                index -= 1
                continue
            question.put(target, value)
            answered(index + 1)
            last_of_seat = index + 1 == len(questions) or questions[index + 1].seat != question.seat
            if question.seat is not None and last_of_seat:
                after_seat(question.seat)
            index += 1
        return True

    # -- the whole game -----------------------------------------------------------------
    def choose_game(self) -> Game[Any, Any]:
        choices = [
            questionary.Choice(f"{g.name} ({g.players_text} players)", value=g) for g in GAMES
        ]
        game: Game[Any, Any] = questionary.select(
            "Which game did you play?", choices=choices
        ).unsafe_ask()
        return game

    def ask_names(self, game: Game[Any, Any], names: list[str], start: int = 0) -> list[str]:
        """Player names in seat order from seat `start`; blank finishes once enough are in."""
        if self.known_names:
            known = ", ".join(self.known_names[:12])
            self.console.print(render.user(f"Known players (Tab completes): {known}", "dim"))
        seat = min(start, len(names))
        while seat < game.max_players:
            required = seat < game.min_players
            taken = {n.casefold() for i, n in enumerate(names) if i != seat}

            def validate(
                text: str, required: bool = required, taken: set[str] = taken
            ) -> bool | str:
                text = text.strip()
                if text == BACK_WORD or (not text and not required):
                    return True
                if not text:
                    return f"{game.name} needs at least {game.min_players} players"
                if len(text) > MAX_NAME:
                    return f"At most {MAX_NAME} characters"
                if text.casefold() in taken:
                    return "Another player already has that name"
                return True

            hint = "" if required else " (blank when everyone is in)"
            current = names[seat] if seat < len(names) else ""
            text = (
                self._name_prompt(
                    f"Player {seat + 1} name{hint}:",
                    choices=self.known_names,
                    default=current,
                    validate=validate,
                )
                .unsafe_ask()
                .strip()
            )
            if text == BACK_WORD:
                seat = max(seat - 1, 0)
                continue
            if not text:
                del names[seat:]
                break
            name = check_name(text)
            name = next((k for k in self.known_names if k.casefold() == name.casefold()), name)
            if seat < len(names):
                names[seat] = name
            else:
                names.append(name)
            self.keep()
            seat += 1
        return names

    def collect(self, game: Game[Any, Any], resume: Draft | None = None) -> Session:
        """Names, settings, every player's answers, then the review until it is right.

        Resuming a draft keeps every earlier answer and carries on where it stopped."""
        self.console.print(
            render.user(f"Scoring {game.name}. Type {BACK_WORD} to go back.", "bold")
        )
        draft = resume or Draft(game.id, self.started)
        self.draft, self.started = draft, draft.started
        names, settings = draft.names, draft.settings
        if draft.stage == "names":
            self.ask_names(game, names, start=len(names))
            draft.players[:] = [{} for _ in names]
            draft.stage, draft.position = "questions", 0
        players = draft.players

        def all_questions() -> list[Question]:
            return title_questions(self, game, None) + [
                q for seat in range(len(names)) for q in title_questions(self, game, seat)
            ]

        questions = all_questions()

        def answers(question: Question) -> dict[str, Any]:
            return settings if question.seat is None else players[question.seat]

        def prefix(question: Question) -> str:
            return "" if question.seat is None else f"{names[question.seat]}: "

        def warn(seat: int) -> None:
            try:
                inputs = parse_record(game.player_fields, players[seat], game.player_type)
            except InputError:
                return
            render.print_warnings(
                self.console,
                [f"{names[seat]}: {w}" for w in game.player_warnings(inputs, len(names))],
            )

        def answered(following: int) -> None:
            draft.position = max(draft.position, following)
            self.keep()

        if draft.stage == "questions":
            while not self.run_questions(
                questions, answers, prefix, warn, draft.position, answered
            ):
                draft.stage = "names"
                self.ask_names(game, names)
                players[:] = [{} for _ in names]
                questions[:] = all_questions()  # the table may have grown or shrunk
                draft.stage, draft.position = "questions", 0
        draft.stage = "review"
        self.keep()
        return self.review(game, names, settings, players, questions, answers, prefix)

    def _document(
        self,
        game: Game[Any, Any],
        names: list[str],
        settings: dict[str, Any],
        players: list[dict[str, Any]],
    ) -> dict[str, Any]:
        return {
            "format": 1,
            "game": game.id,
            "played": self.started,
            **settings,
            "players": [{"name": n, **a} for n, a in zip(names, players, strict=True)],
        }

    def review(
        self,
        game: Game[Any, Any],
        names: list[str],
        settings: dict[str, Any],
        players: list[dict[str, Any]],
        questions: list[Question],
        answers: Callable[[Question], dict[str, Any]],
        prefix: Callable[[Question], str],
    ) -> Session:
        """Show everything entered; let any answer be changed; return the checked session."""
        while True:
            headers = ["Player", *dict.fromkeys(q.label for q in questions if q.seat is not None)]
            rows = [
                [name, *(q.show(q.get(players[seat])) for q in questions if q.seat == seat)]
                for seat, name in enumerate(names)
            ]
            for q in questions:
                if q.seat is None:
                    self.console.print(render.user(f"{q.label}: {q.show(q.get(settings))}"))
            self.console.print(render.review_table("Please check", headers, rows))
            problem = None
            try:
                session = from_dict(self._document(game, names, settings, players))
            except InputError as error:
                problem = str(error)
                render.print_warnings(self.console, [problem])
            choices = ([] if problem else ["Looks right: score it"]) + ["Change an answer"]
            action = questionary.select("Is everything right?", choices=choices).unsafe_ask()
            if action.startswith("Looks right"):
                return session
            seat: int = questionary.select(
                "Whose answer?",
                choices=[
                    *(questionary.Choice(n, value=i) for i, n in enumerate(names)),
                    # not value=None: questionary would answer with the title instead
                    *(
                        [questionary.Choice("Game settings", value=-1)]
                        if any(q.seat is None for q in questions)
                        else []
                    ),
                ],
            ).unsafe_ask()
            who = None if seat == -1 else seat
            own = [q for q in questions if q.seat == who]
            pick = questionary.select(
                "Which answer?",
                choices=[
                    questionary.Choice(f"{q.label}: {q.show(q.get(answers(q)))}", value=q)
                    for q in own
                ]
                + ([questionary.Choice("name", value="name")] if who is not None else []),
            ).unsafe_ask()
            if pick == "name":
                names[seat] = self.ask_names_single(names, seat)
                self.keep()
                continue
            value = pick.ask(self, prefix(pick), pick.get(answers(pick)))
            if value is not BACK:
                pick.put(answers(pick), value)
                self.keep()
                self._complete(questions, answers, prefix)

    def _complete(
        self,
        questions: list[Question],
        answers: Callable[[Question], dict[str, Any]],
        prefix: Callable[[Question], str],
    ) -> None:
        """Ask what a changed answer left incomplete in the others, and only that."""
        for question in questions:
            current = question.get(answers(question))
            if question.incomplete(current):
                value = question.ask(self, prefix(question), current)
                if value is not BACK:
                    question.put(answers(question), value)
                    self.keep()

    def _name_prompt(
        self, message: str, choices: Sequence[str], default: str, validate: Any
    ) -> questionary.Question:
        """Names with Tab completion from the history; a plain text prompt when it is empty."""
        if not choices:
            return questionary.text(message, default=default, validate=validate)
        return questionary.autocomplete(
            message, choices=list(choices), default=default, validate=validate
        )

    def ask_names_single(self, names: list[str], seat: int) -> str:
        taken = {n.casefold() for i, n in enumerate(names) if i != seat}

        def validate(text: str) -> bool | str:
            text = text.strip()
            if not text or len(text) > MAX_NAME:
                return f"1 to {MAX_NAME} characters"
            return "Another player already has that name" if text.casefold() in taken else True

        text: str = self._name_prompt(
            "New name:", choices=self.known_names, default=names[seat], validate=validate
        ).unsafe_ask()
        return check_name(text)

    def settle_ties(self, session: Session, document: dict[str, Any]) -> tuple[Session, Outcome]:
        """Score; when a tie-breaker needs a value nobody entered, ask for it and score again."""
        while True:
            try:
                return session, session.score()
            except MissingTieBreakError as error:
                seat = next(i for i, s in enumerate(session.seats) if s.name == error.where.player)
                field = next(f for f in session.game.player_fields if f.key == error.where.key)
                self.console.print(render.user(error.message, "yellow"))
                question = Question(seat, field.key, None, field.label, field)
                value = BACK
                while value is BACK:
                    value = question.ask(self, f"{session.seats[seat].name}: ", None)
                document["players"][seat][field.key] = value
                if self.draft is not None:
                    self.draft.players[seat][field.key] = value
                    self.keep()
                session = from_dict(document)


def ask_series(open_series: Sequence[tuple[str, str]]) -> str | None:
    """Which open series this game belongs to; None for none (not asked when none is open)."""
    if not open_series:
        return None
    choices = [
        questionary.Choice("No series", value=""),
        *(questionary.Choice(label, value=series_id) for series_id, label in open_series),
    ]
    answer: str = questionary.select("Part of a series?", choices=choices).unsafe_ask()
    return answer or None


def walk_through(
    console: Console,
    game: Game[Any, Any] | None,
    known_names: Sequence[str],
    save: Callable[[Session, Outcome], Path],
    home: Path | None = None,
    offer_series: Callable[[Game[Any, Any]], Sequence[tuple[str, str]]] | None = None,
    keep: Callable[[Draft], None] = lambda draft: None,
    resume: Draft | None = None,
) -> Path | None:
    """The whole table-side flow; returns the saved file, or None when the user declined.

    `offer_series(game)` lists the open series (id, description) the game may join; `keep`
    receives the draft after every answer; `resume` carries on from a kept draft.
    """
    flow = WalkThrough(console, known_names, keep, home)
    if resume is not None:
        from scorekeeper.games import find_game

        game = find_game(resume.game)
    game = game or flow.choose_game()
    session = flow.collect(game, resume)
    from scorekeeper.session import to_dict

    session, outcome = flow.settle_ties(session, to_dict(session))
    print_outcome(console, outcome, game.name)
    if offer_series is not None:
        session = replace(session, series=ask_series(offer_series(game)) or session.series)
    if not questionary.confirm("Save this session?", default=True).unsafe_ask():
        return None
    path = save(session, outcome)
    console.print(render.user(f"Saved {path}", "green"))
    return path


def offer_draft(console: Console, draft: Draft) -> bool:
    """Ask whether to carry on with a kept draft (True) or drop it for a new game (False)."""
    console.print(render.user(f"Unfinished game kept from last time: {draft.summary()}.", "bold"))
    resume: bool = questionary.select(
        "Carry on with it?",
        choices=[
            questionary.Choice("Resume it", value=True),
            questionary.Choice("Discard it and start a new game", value=False),
        ],
    ).unsafe_ask()
    return resume


# Titles whose walk-through is not one question per field register their builders here
# (imported last: they subclass Question and use the walk-through's helpers).
from scorekeeper.prompts import creature_comforts, first_snow, happy_home  # noqa: E402

TITLE_QUESTIONS["creature-comforts"] = creature_comforts.questions
TITLE_QUESTIONS["first-snow"] = first_snow.questions
TITLE_QUESTIONS["happy-home"] = happy_home.questions
