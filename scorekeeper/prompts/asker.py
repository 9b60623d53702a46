"""Steps asked with questionary: the only place that knows how a prompt looks and which keys
it takes.

Every answer is checked before it is accepted: a menu answered with Esc+Enter or Alt+Enter (an
empty answer) is asked again, text is validated as it is typed, and Ctrl-D (EOFError) stops
the walk-through as Ctrl-C does. Enter keeps the answer already given; on a new question it
means what the hint says (0 for counts), and nothing is ever pre-filled for typing to append to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper import render
from scorekeeper.errors import InputError, ScorekeeperError
from scorekeeper.games.steps import (
    Choice,
    Message,
    Step,
    Text,
    show_value,
    split_numbers,
)
from scorekeeper.prompts.interrupts import HELD
from scorekeeper.render.review import review
from scorekeeper.render.score import totals_table
from scorekeeper.rulebook import Library, Note, open_notes
from scorekeeper.walkthrough.navigator import BACK, Fill, Review

if TYPE_CHECKING:
    import questionary
    from rich.console import Console

BACK_WORD = "<"
BACK_TITLE = "< back"
BACK_HINT = f"{BACK_WORD} back"
# Columns a prompt's line keeps free for the answer ("2+0+1", "rbg"); a longer prompt moves the
# order of a group's answers, then its hints, to a line above it rather than wrap.
ROOM_TO_TYPE = 8
_BACK_VALUE = "\x00back"  # a menu value nobody can type


def answer(question: questionary.Question) -> Any:
    """Run a prompt; Ctrl-D ends the walk-through as Ctrl-C does (the draft stays), and a
    Ctrl-C pressed between prompts stops here, before the prompt or once it is answered."""
    HELD.checkpoint()
    try:
        result = question.unsafe_ask()
    except EOFError:
        raise KeyboardInterrupt from None
    HELD.checkpoint()
    return result


def yes_no(message: str, default: bool) -> bool:
    """A yes/no question answered at the table (Ctrl-C and Ctrl-D as in `answer`)."""
    import questionary

    return bool(answer(questionary.confirm(message, default=default)))


def select(message: str, options: Sequence[tuple[str, Any]], default: Any = None) -> Any:
    """One of `options` (title, value); an answer that is none of them asks again."""
    import questionary

    titles = [title for title, _ in options]
    values = dict(enumerate(value for _, value in options))
    choices = [questionary.Choice(t, value=i) for i, t in enumerate(titles)]
    start = next(
        (choices[i] for i, v in values.items() if v == default and default is not None), None
    )
    while True:
        picked = answer(questionary.select(message, choices=choices, default=start))
        if isinstance(picked, int) and not isinstance(picked, bool) and picked in values:
            return values[picked]


def wrapped_errors(question: questionary.Question) -> questionary.Question:
    """A refused answer's reason wraps at the terminal's width instead of being cut: the
    prompt's validation line (one row tall in prompt_toolkit) may grow to what it needs."""
    from prompt_toolkit.filters import to_filter
    from prompt_toolkit.layout.controls import FormattedTextControl

    for window in question.application.layout.find_all_windows():
        content = window.content
        text = getattr(content, "text", None)
        if isinstance(content, FormattedTextControl) and "ValidationToolbar" in getattr(
            text, "__qualname__", ""
        ):
            window.height = None
            window.wrap_lines = to_filter(True)
    return question


class TableAsker:
    """Asks steps for one walk-through; remembers which rule notes it has already shown."""

    def __init__(self, console: Console, library: Library | None = None) -> None:
        self.console = console
        self.explained: set[str] = set()
        self._library = library

    # -- Asker ------------------------------------------------------------------------------
    def ask(self, step: Step, current: Any, prefix: str, group: Sequence[Step]) -> Any:
        self._hint(step)
        self.show(step.before)
        message = f"{prefix}{step.label}"
        if isinstance(step.ask, Choice):
            options = [*step.ask.options, *([(BACK_TITLE, _BACK_VALUE)] if step.ask.back else [])]
            picked = select(message, options, step.ask.default if current is None else current)
            return BACK if picked == _BACK_VALUE else picked
        return self._text(step, step.ask, message, current, group)

    def show(self, messages: Sequence[Message]) -> None:
        for item in messages:
            if item.headers:
                self.console.print(totals_table(item.text, item.headers, item.rows))
            else:
                self.console.print(render.user(item.text, item.style))

    def review(self, summary: Review) -> Step | None:
        review(
            self.console,
            [(step.column or step.label, shown) for step, shown in summary.settings],
            [
                (name, [(step.column or step.label, shown) for step, shown in rows])
                for name, rows in summary.players
            ],
            summary.warnings,
            summary.problem,
        )
        looks_right = [] if summary.problem else [("Looks right: score it", "ok")]
        while True:
            actions = [(step.menu, step) for step in summary.actions]
            action = select(
                "Is everything right?", [*looks_right, ("Change an answer", "change"), *actions]
            )
            if action == "ok":
                return None
            if isinstance(action, Step):
                return action
            owners = [(name, seat) for seat, (name, _) in enumerate(summary.players)]
            if summary.settings:
                owners.append(("Game settings, notes and location", -1))
            who = select("Whose answer?", [*owners, (BACK_TITLE, _BACK_VALUE)])
            if who == _BACK_VALUE:
                continue
            rows = summary.settings if who == -1 else summary.players[who][1]
            choices = [
                (f"{step.column or step.label}: {shown}", i) for i, (step, shown) in enumerate(rows)
            ]
            picked = select("Which answer?", [*choices, (BACK_TITLE, _BACK_VALUE)])
            if picked != _BACK_VALUE:
                chosen: Step = rows[picked][0]
                return chosen

    # -- the prompts ---------------------------------------------------------------------------
    def _text(
        self, step: Step, ask: Text, message: str, current: Any, group: Sequence[Step]
    ) -> Any:
        if isinstance(current, dict):  # a table of counts reads as the step shows it
            shown = step.show(current)
        else:
            shown = show_value(current) if current is not None else ""
        keeps = current is not None and shown != ""
        hints = []
        if keeps:
            hints.append(f"Enter keeps {shown}")
        elif ask.blank is not None:
            blank = show_value(ask.blank)
            hints.append(ask.blank_hint or (f"Enter = {blank}" if blank else "Enter skips"))
        if group:
            order = f": {step.order}" if step.order else ""
            together = f"or all {len(group)} on one line{order}"
            if self._fits(message, [*hints, together, BACK_HINT]):
                hints.append(together)
            else:  # a prompt that wraps puts the answer under it: say this on a line above
                self.console.print(render.user(f"Answer one at a time, {together}", "dim"))
        inline = [*hints, BACK_HINT]
        if not self._fits(message, inline):
            inline = hints  # "<" was told when the walk-through began: the first hint to go
            if inline and not self._fits(message, inline):
                self.console.print(render.user(f"({' · '.join([*hints, BACK_HINT])})", "dim"))
                inline = []
        instruction = f"({' · '.join(inline)})" if inline else ""

        def validate(text: str) -> bool | str:
            try:
                self._parse(step, ask, text, current, group)
            except ValueError as error:
                return str(error) or "Not understood"
            return True

        import questionary

        completer = self._completer(ask)
        while True:
            text = answer(
                wrapped_errors(
                    questionary.text(
                        message,
                        validate=validate,
                        instruction=instruction,
                        completer=completer,
                    )
                )
            )
            try:
                return self._parse(step, ask, text, current, group)
            except ValueError:  # text that got past the prompt's check (a paste): ask again
                continue

    def _fits(self, message: str, hints: Sequence[str]) -> bool:
        """Whether a prompt with these hints leaves ROOM_TO_TYPE on its line of the terminal."""
        from rich.cells import cell_len

        line = f"? {message}  ({' · '.join(hints)}) "  # as questionary draws it
        return cell_len(line) + ROOM_TO_TYPE <= self.console.width

    def _parse(self, step: Step, ask: Text, text: str, current: Any, group: Sequence[Step]) -> Any:
        text = text.strip()
        if text == BACK_WORD:
            return BACK
        if not text:
            if current is not None and show_value(current) != "":
                return current
            if ask.blank is not None:
                return ask.blank
            raise ValueError(ask.shape or "An answer is needed")
        parts = split_numbers(text)
        if group and len(parts) > 1:
            if len(parts) != len(group):
                order = f" ({step.order})" if step.order else ""
                raise ValueError(f"One answer, or all {len(group)}{order}, not {len(parts)}")
            values = []
            for member, part in zip(group, parts, strict=True):
                assert isinstance(member.ask, Text)
                try:
                    values.append(member.ask.parse(part))
                except ValueError as error:
                    raise ValueError(f"{member.label}: {error}") from None
            return Fill(tuple(values))
        if step.group and len(parts) > 1:
            raise ValueError("One answer here: a group goes on one line at its first question")
        try:
            return ask.parse(text)
        except InputError as error:
            raise ValueError(error.message) from None

    def _completer(self, ask: Text) -> Any:
        if not ask.suggestions:
            return None
        from prompt_toolkit.completion import FuzzyWordCompleter

        words = [w for w in ask.suggestions if w.isprintable()]
        meta = {w: m for w, m in ask.meta.items() if w in words and m.isprintable()}
        return FuzzyWordCompleter(words, meta_dict=meta)

    def _hint(self, step: Step) -> None:
        """The rule note and the help line, the first time a rule comes up."""
        if not step.rule or step.rule in self.explained:
            return
        self.explained.add(step.rule)
        note = self._note(step.rule)
        if note is not None:
            self.console.print(render.rule_text(note.title, note.text))
        self.console.print(render.rule_hint(step.rule, step.help))

    def _note(self, rule: str) -> Note | None:
        try:
            if self._library is None:
                self._library = open_notes()
            return self._library.note(rule)
        except ScorekeeperError:  # no such note, or unreadable notes: the help line remains
            return None
