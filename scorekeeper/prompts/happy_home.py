"""Happy Home questions: the objective and the table's colour names once, then home by home.

Each room is one question made of a few short prompts (core pieces, colours from a checkbox
list, pot plants, rugs, and only what the design objective in play needs), so the review
shows one column per room. The five colour names are asked once per game, offered again
next time from the data directory, and are the checkbox list for every player's rooms.
The item count is not asked here: settle_ties asks it when a tie needs it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

import questionary

from scorekeeper import render
from scorekeeper.errors import StorageError
from scorekeeper.fields import Field, StrListField
from scorekeeper.games.happy_home import (
    COLOURS_IN_GAME,
    OBJECTIVE_BY_ID,
    OBJECTIVES,
    ROOM_FIELD_BY_KEY,
    ROOMS,
)
from scorekeeper.prompts import BACK, BACK_WORD, Question, questions_for

if TYPE_CHECKING:
    from scorekeeper.games.base import Game
    from scorekeeper.prompts import WalkThrough

REMEMBERED = "happy-home"  # storage kind of the remembered colour names
MAX_COLOUR_NAME = 20
BACK_CHOICE = "< back"
ALWAYS_ASKED = ("core", "colours", "plants", "rugs")  # rugs: for Finishing Touches and items
SHORT = {"empty": "empty", "empty_corners": "empty corners", "most_neighbours": "touching"}
CARD_TEXT = {
    "perfect-fit": "3/7 per room with an item touching 3/4 other items",
    "bigger-is-better": "-1 per empty space of the emptiest room",
    "finishing-touches": "3 per room with a pot plant and a rug",
    "nooks-and-crannies": "no empty corner: 4 per kitchen/bathroom, 6 per bedroom/lounge",
}

PALETTE = StrListField(
    key="colour_names",
    label="colour names",
    help=f"The game's {COLOURS_IN_GAME} colours, named the way your table says them "
    "(comma-separated); remembered for next time.",
    rule="happy-home.colours",
    max_len=COLOURS_IN_GAME,
)


@dataclass
class Table:
    """What every home's questions share during one walk-through."""

    design: str | None = None
    colours: list[str] = field(default_factory=list)
    hinted: set[str] = field(default_factory=set)


_TABLES: WeakKeyDictionary[WalkThrough, Table] = WeakKeyDictionary()


def _table(flow: WalkThrough) -> Table:
    table = _TABLES.get(flow)
    if table is None:
        table = _TABLES[flow] = Table()
    return table


def _same(names: list[str], name: str) -> bool:
    return name.casefold() in {n.casefold() for n in names}


def check_palette(text: str) -> list[str]:
    """Comma-separated colour names: 1 to 5, different ignoring case; raise ValueError."""
    names: list[str] = []
    for name in (part.strip() for part in text.split(",")):
        if not name:
            continue
        if len(name) > MAX_COLOUR_NAME:
            raise ValueError(f"At most {MAX_COLOUR_NAME} characters per colour name")
        if _same(names, name):
            raise ValueError(f"{name!r} is named twice")
        names.append(name)
    if not 1 <= len(names) <= COLOURS_IN_GAME:
        raise ValueError(f"Name the game's {COLOURS_IN_GAME} colours, separated by commas")
    return names


@dataclass
class DesignQuestion(Question):
    """The design objective card, shown with what it scores."""

    table: Table

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        choices = [
            questionary.Choice(f"{o.name}: {CARD_TEXT[o.id]}", value=o.id) for o in OBJECTIVES
        ]
        answer = questionary.select(
            f"{prefix}{self.label}",
            choices=[*choices, questionary.Choice(BACK_CHOICE, value=BACK_CHOICE)],
            default=current if current in OBJECTIVE_BY_ID else None,
        ).unsafe_ask()
        return BACK if answer == BACK_CHOICE else answer

    def put(self, answers: dict[str, Any], value: Any) -> None:
        super().put(answers, value)
        self.table.design = value


@dataclass
class PaletteQuestion(Question):
    """The five colour names, kept beside the session rather than in it."""

    table: Table

    def get(self, answers: dict[str, Any]) -> Any:
        return self.table.colours or None

    def put(self, answers: dict[str, Any], value: Any) -> None:
        self.table.colours = list(value)

    def show(self, value: Any) -> str:
        return ", ".join(value or [])

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        def validate(text: str) -> bool | str:
            if text.strip() == BACK_WORD:
                return True
            try:
                check_palette(text)
            except ValueError as error:
                return str(error)
            return True

        default = ", ".join(current or _recall(flow))
        text = questionary.text(
            f"{prefix}{self.label}:", default=default, validate=validate
        ).unsafe_ask()
        if text.strip() == BACK_WORD:
            return BACK
        names = check_palette(text)
        _remember(flow, names)
        return names


def _recall(flow: WalkThrough) -> list[str]:
    """The colour names this data directory remembers; a broken file only costs the offer."""
    if flow.home is None:
        return []
    from scorekeeper.storage import recall

    try:
        remembered = recall(flow.home, REMEMBERED) or {}
    except StorageError as error:
        render.print_warnings(flow.console, [str(error)])
        return []
    names = remembered.get("colours")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return []
    try:
        return check_palette(", ".join(names))
    except ValueError:
        return []


def _remember(flow: WalkThrough, names: list[str]) -> None:
    if flow.home is None:
        return
    from scorekeeper.storage import remember

    try:
        remember(flow.home, REMEMBERED, {"colours": names})
    except StorageError as error:
        render.print_warnings(flow.console, [f"colour names not remembered: {error}"])


@dataclass
class ColoursQuestion(Question):
    """Colours in one room, ticked from the table's names."""

    table: Table

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        ticked = list(current or [])
        names = self.table.colours + [n for n in ticked if not _same(self.table.colours, n)]
        choices = [questionary.Choice(n, value=n, checked=_same(ticked, n)) for n in names]
        answer = questionary.checkbox(
            f"{prefix}{self.label}",
            choices=[*choices, questionary.Choice(BACK_CHOICE, value=BACK_CHOICE)],
            instruction="(space ticks, enter confirms; none ticked = no colours)",
        ).unsafe_ask()
        return BACK if BACK_CHOICE in answer else answer


@dataclass
class RoomQuestion(Question):
    """One room of one home: a few short prompts, `<` stepping back through them (into the
    last prompt of the room before, when it comes from the first prompt of the next). A room
    answered before the objective changed is asked only what the new objective counts."""

    table: Table

    def get(self, answers: dict[str, Any]) -> Any:
        return answers.get(self.key, {}).get(self.part)

    def keys(self) -> tuple[str, ...]:
        objective = OBJECTIVE_BY_ID.get(self.table.design or "")
        extra = () if objective is None or objective.key in ALWAYS_ASKED else (objective.key,)
        return (*ALWAYS_ASKED, *extra)

    def incomplete(self, value: Any) -> bool:
        return bool(value) and any(key not in value for key in self.keys())

    def show(self, value: Any) -> str:
        if not value:
            return ""
        parts = [f"core {value.get('core', '?')}", ", ".join(value.get("colours", [])) or "-"]
        plants = value.get("plants", [])
        parts.append(f"plants {' '.join(map(str, plants))}" if plants else "no plants")
        parts.append(f"rugs {value.get('rugs', 0)}")
        parts += [f"{SHORT[k]} {value[k]}" for k in SHORT if k in value]
        return "; ".join(parts)

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        keys = self.keys()
        room = {key: value for key, value in (current or {}).items() if key in keys}
        room.setdefault("rugs", 0)
        steps = [self._step(key) for key in keys]
        missing = [index for index, key in enumerate(keys) if key not in room]
        index = len(steps) - 1 if flow.backing else (missing or [0])[0]
        while index < len(steps):
            step = steps[index]
            if step.key not in self.table.hinted:
                self.table.hinted.add(step.key)
                flow.hint(step.field.rule, step.field.help)
            value = step.ask(flow, prefix, step.get(room))
            if value is BACK:
                if index == 0:
                    return BACK
                index -= 1
                continue
            step.put(room, value)
            index += 1
        return room

    def _step(self, key: str) -> Question:
        room_field: Field = ROOM_FIELD_BY_KEY[key]
        label = f"{self.part}, {room_field.label}"
        if key == "core":
            label += " (0-3)"
        if key == "plants":
            label += " (e.g. 2 0 3; blank if none)"
        if key == "colours":
            return ColoursQuestion(self.seat, key, None, label, room_field, self.table)
        return Question(self.seat, key, None, label, room_field)


def questions(flow: WalkThrough, game: Game[Any, Any], seat: int | None) -> list[Question]:
    """The objective and colour names for the table (seat None), else one player's home."""
    table = _table(flow)
    if seat is None:
        design = game.settings_fields[0]
        return [
            DesignQuestion(None, design.key, None, design.label, design, table),
            PaletteQuestion(None, PALETTE.key, None, PALETTE.label, PALETTE, table),
        ]
    rooms = next(f for f in game.player_fields if f.key == "rooms")
    plain = [f for f in game.player_fields if f.key in ("mat", "scratches")]
    return questions_for(plain, seat) + [
        RoomQuestion(seat, rooms.key, room, room, rooms, table) for room in ROOMS
    ]
