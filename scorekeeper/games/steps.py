"""A walk-through described as data: steps that say where an answer goes and how to ask it.

A step is one prompt. It names the place in the answers document (`path`) its answer is kept,
the kind of prompt (`Text` or `Choice`), the rule note behind it and, for counts
that belong together, a `group` that can be answered on one line. Titles build their steps
from their field descriptions; the navigator asks them and the prompt layer draws them, so
neither knows a title.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

from scorekeeper.errors import InputError
from scorekeeper.fields import (
    BoolField,
    ChoiceField,
    CountsField,
    Field,
    IntField,
    IntListField,
    IntOrListField,
    StrListField,
    int_range,
)

Path = tuple[str | int, ...]
Parse = Callable[[str], Any]


@dataclass(frozen=True)
class Text:
    """Typed text turned into the raw answer by `parse` (which raises ValueError or InputError
    with the reason); `blank` is what Enter alone means, None when an answer is needed."""

    parse: Parse
    blank: Any = None
    suggestions: tuple[str, ...] = ()
    meta: dict[str, str] = field(default_factory=dict)
    shape: str = ""  # what to type, for the hint ("a whole number from 0 to 10")
    blank_hint: str = ""  # what the hint says Enter does, when not "Enter = <blank>"


@dataclass(frozen=True)
class Choice:
    """One of `options`, each (title, value); values are never None."""

    options: tuple[tuple[str, Any], ...]
    back: bool = True  # offer "< back" (not on a walk-through's very first question)
    default: Any = None  # the option first highlighted when nothing was chosen yet


Ask = Text | Choice


@dataclass(frozen=True)
class Message:
    """Something to show around a question: a line, or a small table (headers, rows)."""

    text: str = ""
    style: str = ""
    headers: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()


def show_value(value: Any) -> str:
    """An answer as the review shows it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return (", " if all(isinstance(v, str) for v in value) else " ").join(
            show_value(v) for v in value
        )
    return "" if value is None else str(value)


@dataclass(frozen=True)
class Step:
    """One prompt of a walk-through and the place its answer is kept."""

    path: Path
    label: str
    ask: Ask
    seat: int | None = None
    rule: str = ""
    help: str = ""
    group: str | None = None  # steps in one group may be answered together on one line
    order: str = ""  # a group's members in the order one line fills them ("red yellow ...")
    column: str = ""  # the review's name for it, when not the label
    show: Callable[[Any], str] = show_value
    read: Callable[[dict[str, Any]], Any] | None = None  # when the answer is not at `path`
    write: Callable[[dict[str, Any], Any], None] | None = None
    before: tuple[Message, ...] = ()  # shown each time it is asked
    after: Callable[[dict[str, Any]], Sequence[Message]] | None = None  # shown once answered
    # shown when a kept walk-through resumes at this step: where the game stands (a round)
    resumed: Callable[[dict[str, Any]], Sequence[Message]] | None = None
    reviewed: bool = True  # listed in the review
    optional: bool = False  # a file may leave it out (the walk-through still asks it)
    asked: bool = True  # False: not asked on the way, only changed from the review
    menu: str = ""  # offered as this action in the review's first menu ("Add a player")

    @property
    def key(self) -> str:
        """A stable text form of the path, for drafts and the review."""
        return ".".join(map(str, self.path))

    def get(self, doc: dict[str, Any]) -> Any:
        return self.read(doc) if self.read is not None else value_at(doc, self.path)

    def put(self, doc: dict[str, Any], value: Any) -> None:
        if self.write is not None:
            self.write(doc, value)
        else:
            put_at(doc, self.path, value)

    def is_answered(self, doc: dict[str, Any]) -> bool:
        return self.get(doc) is not None

    def is_needed(self, doc: dict[str, Any]) -> bool:
        """Unanswered, and either asked on the way or one the session cannot do without.

        This one rule decides what a correction asks: whatever the review changed (a player
        added, a mode switched), every question now unanswered is asked, and the review does
        not offer to score while one is."""
        return not self.is_answered(doc) and (self.asked or not self.optional)


# -- the answers document ---------------------------------------------------------------------
def value_at(doc: Any, path: Path) -> Any:
    """The value at `path`, or None when any part of the way is missing."""
    here = doc
    for part in path:
        if isinstance(part, int):
            if not isinstance(here, list) or part >= len(here):
                return None
            here = here[part]
        else:
            if not isinstance(here, dict):
                return None
            here = here.get(part)
        if here is None:
            return None
    return here


def put_at(doc: dict[str, Any], path: Path, value: Any) -> None:
    """Set the value at `path`, making the tables and lists on the way."""
    here: Any = doc
    for part, following in pairwise(path):
        fresh: Any = [] if isinstance(following, int) else {}
        if isinstance(part, int):
            here.extend([None] * (part + 1 - len(here)))
            if not isinstance(here[part], type(fresh)):
                here[part] = fresh
        elif not isinstance(here.get(part), type(fresh)):
            here[part] = fresh
        here = here[part]
    last = path[-1]
    if isinstance(last, int):
        here.extend([None] * (last + 1 - len(here)))
    here[last] = value


# -- steps from field descriptions --------------------------------------------------------------
def whole_number(low: int, high: int | None, limit: str = "") -> Parse:
    """A parser for one whole number within bounds; the error (short: a prompt shows one
    line) names the limit and why."""
    bounds = f"{low} or more" if high is None else f"{low} to {high}"
    expected = f"{bounds}: {limit}" if limit else f"A whole number, {bounds}"

    def parse(text: str) -> int:
        try:
            number = int(text.strip())
        except ValueError:
            raise ValueError(expected) from None
        if number < low or (high is not None and number > high):
            raise ValueError(expected)
        return number

    return parse


def number_list(item: Parse, max_len: int | None = None) -> Parse:
    """Numbers separated by spaces or commas, each checked by `item`."""

    def parse(text: str) -> list[int]:
        parts = split_numbers(text)
        if max_len is not None and len(parts) > max_len:
            raise ValueError(f"At most {max_len} numbers")
        return [item(part) for part in parts]

    return parse


def split_numbers(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _checked(field_: Field, parse: Parse) -> Parse:
    """`parse`, then the field's own check of the raw value (its message on failure)."""

    def check(text: str) -> Any:
        value = parse(text)
        try:
            field_.parse(value)
        except InputError as error:
            raise ValueError(error.message) from None
        return value

    return check


def number_step(
    path: Path, label: str, field_: Field, low: int, high: int | None, **more: Any
) -> Step:
    """A whole-number prompt where Enter means 0 when 0 is allowed."""
    blank = 0 if low <= 0 and (high is None or high >= 0) else None
    limit = getattr(field_, "limit", "")
    ask = Text(whole_number(low, high, limit), blank=blank, shape=int_range(low, high, limit))
    more.setdefault("optional", not field_.required)
    return Step(path, label, ask, rule=field_.rule, help=field_.help, **more)


def field_steps(fields: Sequence[Field], base: Path, seat: int | None) -> list[Step]:
    """The steps a person answers for plain fields: one per value, counts grouped."""
    out: list[Step] = []
    for f in fields:
        path = (*base, f.key)
        if isinstance(f, IntListField) and f.labels:
            order = " ".join(label.split()[0] for label in f.labels)
            out += [
                number_step(
                    (*path, i), label, f, f.low, f.high, seat=seat, group=f.key, order=order
                )
                for i, label in enumerate(f.labels)
            ]
        elif isinstance(f, CountsField):
            out += [
                number_step(
                    (*path, name),
                    f"{name} ({f.label})",
                    f,
                    f.low,
                    f.high,
                    seat=seat,
                    group=f.key,
                    order=" ".join(f.names),
                )
                for name in f.names
            ]
        elif isinstance(f, IntField):
            step = number_step(path, f.label, f, f.low, f.high, seat=seat)
            assert isinstance(step.ask, Text)
            out.append(replace(step, ask=replace(step.ask, parse=_checked(f, step.ask.parse))))
        elif isinstance(f, BoolField):
            ask: Ask = Choice((("yes", True), ("no", False)))
            out.append(
                Step(
                    path, f.label, ask, seat=seat, rule=f.rule, help=f.help, optional=not f.required
                )
            )
        elif isinstance(f, ChoiceField):
            ask = Choice(tuple((c, c) for c in f.choices))
            out.append(
                Step(
                    path, f.label, ask, seat=seat, rule=f.rule, help=f.help, optional=not f.required
                )
            )
        elif isinstance(f, IntOrListField):
            out.append(
                Step(
                    path,
                    f.label,
                    _total_or_list(f),
                    seat=seat,
                    rule=f.rule,
                    help=f.help,
                    optional=not f.required,
                )
            )
        elif isinstance(f, IntListField):
            parse = _checked(f, number_list(whole_number(f.low, f.high, f.limit), f.max_len))
            ask = Text(parse, blank=[] if f.min_len == 0 else None, shape=f.allowed())
            out.append(
                Step(
                    path, f.label, ask, seat=seat, rule=f.rule, help=f.help, optional=not f.required
                )
            )
        elif isinstance(f, StrListField):
            ask = Text(_checked(f, _texts), shape=f.allowed())
            out.append(
                Step(
                    path, f.label, ask, seat=seat, rule=f.rule, help=f.help, optional=not f.required
                )
            )
        else:
            raise TypeError(f"{f.key}: no plain step for {type(f).__name__}")
    return out


def _texts(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def _total_or_list(f: IntOrListField) -> Text:
    """One number is the total; several are one per card."""
    items = whole_number(f.items.low, f.items.high)

    total = whole_number(f.total.low, f.total.high)

    def parse(text: str) -> int | list[int]:
        parts = split_numbers(text)
        if len(parts) == 1:
            number: int = total(parts[0])
            return number
        return [items(part) for part in parts]

    return Text(_checked(f, parse), blank=None, shape=f.allowed())


def in_answer_terms(error: InputError, steps: Sequence[Step], fields: Sequence[Field]) -> str:
    """An error about a session in the review's words: the player, then the answer as the
    review names it ("Ana: tourists at the holiday homes: ..."), not the file's keys."""
    where = error.where
    parts = [] if where.player is None else [where.player]
    if where.key is not None:
        parts.append(answer_name(where.key, steps, fields))
    return ": ".join([*parts, error.message])


def answer_name(key: str, steps: Sequence[Step], fields: Sequence[Field]) -> str:
    """What the review calls the answer at a session key: its step ("red (tourists at the
    hotels)" for `hotels.red`), else its field ("tourists at the holiday homes")."""
    parts = tuple(key.split("."))
    for step in steps:
        owner, rest = step.path[0], step.path[2:] if step.path[0] == "players" else step.path[1:]
        if owner in ("players", "settings") and rest == parts:
            return step.column or step.label
    return next((f.label for f in fields if f.key == parts[0]), key)
