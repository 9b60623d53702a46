"""Happy Home at the table: the objective and the table's colour names once, then each home
a few lines at a time.

A player's answers are groups, each typed one answer at a time or all on one line in the
order the prompt names: the welcome mat and scratches, then room by room (kitchen bathroom
bedroom lounge) the core pieces, the colours (the letters of the table's colour names, `rb`
for red and blue), the pot plants (each plant's empty neighbours joined by `+`, `2+0` for two
plants) and the count the design objective in play scores (under Finishing Touches the rugs
of the rooms with a pot plant); nothing the objective does not score is asked. The five
colour names are asked once per game and offered again next time (kept under
`walk.remember`, which the caller stores). The item count is a tie-breaker: the plan asks it
only when a tie needs it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from scorekeeper.games.context import Context
from scorekeeper.games.happy_home.engine import (
    COLOURS_IN_GAME,
    MAX_EMPTY_NEIGHBOURS,
    OBJECTIVE_BY_ID,
    OBJECTIVES,
    PLANTS_IN_BOX,
    ROOM_FIELD_BY_KEY,
    ROOMS,
    Objective,
    room_help,
)
from scorekeeper.games.happy_home.engine import GAME as rules
from scorekeeper.games.steps import (
    Choice,
    Message,
    Parse,
    Step,
    Text,
    field_steps,
    number_step,
    put_at,
    whole_number,
)

COLOURS_PATH = ("walk", "colours")
MAX_COLOUR_NAME = 20
ROOM_ORDER = " ".join(ROOMS)  # the order a line of four room answers fills
NONE = "-"  # a room with no colour or no pot plant, on a line of four
JOIN = "+"  # joins a room's several pot plants (2+0) or colour names (red+blue)
PARTS = re.compile(r"[\s,+]+")
# Counts where 0 scores best (no scratch, no empty corner, no empty space): typed, never
# Enter's default, so Enter alone cannot award points the home did not earn.
TYPED = ("scratches", "empty", "empty_corners")
SHORT = {  # the review's row names: "kitchen core pieces"
    "core": "core pieces",
    "colours": "colours",
    "plants": "plants",
    "rugs": "rugs",
    "empty": "empty spaces",
    "empty_corners": "empty corners",
    "most_neighbours": "most touching",
}
CARD_TEXT = {  # short enough for a menu line at 60 columns
    "perfect-fit": "3 or 7 a room, by most items touching",
    "bigger-is-better": "-1 per empty space, emptiest room",
    "finishing-touches": "3 a room with plant and rug",
    "nooks-and-crannies": "no empty corner: 4 or 6 a room",
}


def steps(context: Context) -> list[Step]:
    """The objective and colour names for the table, then each player's home."""
    out = [design_step(context), palette_step(context)]
    objective = OBJECTIVE_BY_ID.get(context.answers.get("settings", {}).get("design") or "")
    for seat in range(len(context.players)):
        out += home_steps(context, seat, objective)
    return out


def from_session(context: Context) -> None:
    """The colour names the rooms use, to type by letter when a room is corrected."""
    names: list[str] = []
    for player in context.players:
        for room in player.get("rooms", {}).values():
            names += [n for n in room.get("colours", []) if not _same(names, n)]
    context.walk["colours"] = names


def design_step(context: Context) -> Step:
    """The design objective card, shown with what it scores; a new one sets the old one's
    room counts aside (back if the table switches back), so only the count it needs is
    asked."""
    design = rules.settings_fields[0]

    def write(answers: dict[str, Any], value: Any) -> None:
        answers.setdefault("settings", {})[design.key] = value
        objective = OBJECTIVE_BY_ID[value]
        for seat, player in enumerate(context.players):
            for name, room in player.get("rooms", {}).items():
                keep = {"core", "colours", "plants"}
                if scores(room, objective):
                    keep.add(objective.key)
                for key in [k for k in room if k not in keep]:
                    context.set_aside(seat, ("rooms", name, key))
                if scores(room, objective):
                    context.bring_back(seat, ("rooms", name, objective.key))

    options = tuple((f"{o.name}: {CARD_TEXT[o.id]}", o.id) for o in OBJECTIVES)
    return Step(
        ("settings", design.key),
        design.label,
        Choice(options),
        rule=design.rule,
        help=design.help,
        show=lambda value: OBJECTIVE_BY_ID[value].name if value in OBJECTIVE_BY_ID else "",
        write=write,
    )


def palette_step(context: Context) -> Step:
    """The game's five colour names, as the table says them; remembered for next time."""
    remembered = context.remembered.get("colours")
    known: list[str] | None = None
    if isinstance(remembered, list):
        try:
            known = check_palette(", ".join(str(name) for name in remembered))
        except ValueError:
            known = None

    def write(answers: dict[str, Any], value: Any) -> None:
        context.walk["colours"] = list(value)
        context.walk["remember"] = {"colours": list(value)}

    return Step(
        COLOURS_PATH,
        f"the game's {COLOURS_IN_GAME} colour names (comma-separated)",
        Text(check_palette, blank=known, shape=f"Name the game's {COLOURS_IN_GAME} colours"),
        rule="happy-home.colours",
        help="Named the way your table says them; remembered for next time.",
        column="colour names",
        show=lambda value: colour_legend([str(name) for name in value]),
        write=write,
    )


def _same(names: list[str], name: str) -> bool:
    return name.casefold() in {n.casefold() for n in names}


def check_palette(text: str) -> list[str]:
    """Comma-separated colour names: exactly the game's five, different ignoring case."""
    names: list[str] = []
    for name in (part.strip() for part in text.split(",")):
        if not name:
            continue
        if len(name) > MAX_COLOUR_NAME or not name.isprintable():
            raise ValueError(f"At most {MAX_COLOUR_NAME} visible characters per colour name")
        if _same(names, name):
            raise ValueError(f"{name!r} is named twice")
        names.append(name)
    if len(names) != COLOURS_IN_GAME:
        raise ValueError(
            f"The game has {COLOURS_IN_GAME} colours: name all {COLOURS_IN_GAME}, "
            f"separated by commas (got {len(names)})"
        )
    return names


def scores(room: dict[str, Any], objective: Objective) -> bool:
    """Whether the objective can score this room, so its count is asked: Finishing Touches
    only a room with a pot plant (its rugs matter nowhere else); every other card any room."""
    return objective.id != "finishing-touches" or bool(room.get("plants"))


def home_steps(context: Context, seat: int, objective: Objective | None) -> list[Step]:
    """One player's answers, group by group: mat and scratches, then the rooms' core pieces,
    colours, pot plants and the objective's count, each a line of four."""
    plain = [f for f in rules.player_fields if f.key in ("mat", "scratches")]
    out = []
    for step in field_steps(plain, ("players", seat), seat):
        assert isinstance(step.ask, Text)
        ask = replace(step.ask, blank=None) if step.path[-1] in TYPED else step.ask
        out.append(replace(step, ask=ask, group="mat", order="mat scratches"))
    mat = out[0]  # the group's first question: its help speaks for the line
    out[0] = replace(mat, help=f"{mat.help} Then the visible scratches (-1 each).")
    out += _room_numbers(seat, "core", objective)
    out += [_colour_step(context, seat, room) for room in ROOMS]
    out += [_plant_step(context, seat, room, objective) for room in ROOMS]
    if objective is not None:
        rooms = context.players[seat].get("rooms", {})
        counted = [room for room in ROOMS if scores(rooms.get(room) or {}, objective)]
        out += _room_numbers(seat, objective.key, objective, counted)
    return out


def _room_path(seat: int, room: str, key: str) -> tuple[str | int, ...]:
    return ("players", seat, "rooms", room, key)


def _room_numbers(
    seat: int, key: str, objective: Objective | None, rooms: Sequence[str] = ROOMS
) -> list[Step]:
    """One whole number per room (core pieces, or the count the objective scores)."""
    f = ROOM_FIELD_BY_KEY[key]
    design = objective.id if objective is not None else ""
    order = " ".join(rooms)
    out = []
    for room in rooms:
        label = SHORT[key] if key == "core" else f.label  # "different" is in the help
        step = number_step(
            _room_path(seat, room, key),
            f"{room}, {label}",
            f,
            0,
            getattr(f, "high", None),
            seat=seat,
            group=key,
            order=order,
            column=f"{room} {SHORT[key]}",
        )
        if key in TYPED and isinstance(step.ask, Text):  # 0 here is the best answer
            step = replace(step, ask=replace(step.ask, blank=None))
        out.append(replace(step, help=room_help(key, design)))
    return out


def colour_keys(palette: list[str]) -> dict[str, str]:
    """The letter each of the table's colour names is typed as: its first letter when the
    five differ (r for red), else its place in the list (1 to 5)."""
    firsts = [name[:1].casefold() for name in palette]
    if len(set(firsts)) == len(firsts) and all(first.isalpha() for first in firsts):
        return dict(zip(firsts, palette, strict=True))
    return {str(place): name for place, name in enumerate(palette, start=1)}


def colour_legend(palette: list[str]) -> str:
    """'r red, b blue, g green, y yellow, w white'."""
    return ", ".join(f"{key} {name}" for key, name in colour_keys(palette).items())


def parse_colours(palette: list[str], known: list[str]) -> Parse:
    """A room's colours: their letters together (rb), names joined by + or commas, or - for
    none; a name already in the room (from a saved game) is accepted as written."""
    keys = colour_keys(palette)
    names = [*palette, *(n for n in known if not _same(palette, n))]

    def piece(text: str) -> list[str]:
        named = [n for n in names if n.casefold() == text.casefold()]
        if named:
            return named[:1]
        if all(letter.casefold() in keys for letter in text):
            return [keys[letter.casefold()] for letter in text]
        raise ValueError(f"{text!r}: type a room's colours as {colour_legend(palette)}")

    def parse(text: str) -> list[str]:
        text = text.strip()
        if text == NONE:
            return []
        out: list[str] = []
        for part in PARTS.split(text):
            for name in piece(part) if part else []:
                if _same(out, name):
                    raise ValueError(f"{name} is named twice")
                out.append(name)
        if len(out) > COLOURS_IN_GAME:
            raise ValueError(f"At most {COLOURS_IN_GAME}: the game has {COLOURS_IN_GAME} colours")
        return out

    return parse


def _colour_step(context: Context, seat: int, room: str) -> Step:
    f = ROOM_FIELD_BY_KEY["colours"]
    palette = [str(name) for name in context.walk.get("colours", [])]
    given = context.players[seat].get("rooms", {}).get(room) or {}
    known = [str(name) for name in given.get("colours", [])]
    keys = list(colour_keys(palette))
    both = f"; {keys[0]}{keys[1]} = {palette[0]} and {palette[1]}" if len(keys) > 1 else ""
    legend = Message(f"Colours: {colour_legend(palette)}{both}; {NONE} = none", "dim")
    return Step(
        _room_path(seat, room, "colours"),
        f"{room}, colours",
        Text(
            parse_colours(palette, known),
            blank=[],
            blank_hint="Enter = none",
            shape=f"letters ({colour_legend(palette)}) or {NONE} for none",
        ),
        seat=seat,
        rule=f.rule,
        help=f.help,
        group="colours",
        order=ROOM_ORDER,
        column=f"{room} {SHORT['colours']}",
        show=lambda value: _show_colours(palette, value),
        before=(legend,),
    )


def _show_colours(palette: list[str], value: Any) -> str:
    """A room's colours by their letters when the table named them all ('r b'), so three
    homes fit side by side in the review; a name not among them in full."""
    letters = {name.casefold(): key for key, name in colour_keys(palette).items()}
    shown = [letters.get(str(name).casefold(), str(name)) for name in value]
    return " ".join(shown) or "none"


def parse_plants(text: str) -> list[int]:
    """A room's pot plants, each one's empty neighbours joined by + (2+0), or - for none."""
    text = text.strip()
    if text == NONE:
        return []
    one = whole_number(
        0, MAX_EMPTY_NEIGHBOURS, f"a space has {MAX_EMPTY_NEIGHBOURS} orthogonal neighbours"
    )
    plants = [one(part) for part in PARTS.split(text) if part]
    if len(plants) > PLANTS_IN_BOX:
        raise ValueError(f"At most {PLANTS_IN_BOX} pot plants: the box has {PLANTS_IN_BOX}")
    return plants


PLANTS_HOW = Message(
    f"Pot plants: each plant's empty neighbours, joined by {JOIN} (2{JOIN}0 for "
    f"two plants), {NONE} for none",
    "dim",
)


def _plant_step(context: Context, seat: int, room: str, objective: Objective | None) -> Step:
    """A room's pot plants; under Finishing Touches a room left without one has its rugs set
    aside (not asked, not saved) and given one again, they come back."""
    f = ROOM_FIELD_BY_KEY["plants"]
    path = _room_path(seat, room, "plants")

    def write(answers: dict[str, Any], value: Any) -> None:
        put_at(answers, path, value)
        if objective is not None and objective.id == "finishing-touches":
            rugs = ("rooms", room, objective.key)
            if value:
                context.bring_back(seat, rugs)
            else:
                context.set_aside(seat, rugs)

    return Step(
        path,
        f"{room}, pot plants' empty neighbours",
        Text(
            parse_plants,
            blank=[],
            blank_hint="Enter = none",
            shape=f"each plant's empty neighbours, 0 to {MAX_EMPTY_NEIGHBOURS}, joined by "
            f"{JOIN} (2{JOIN}0), or {NONE} for none",
        ),
        seat=seat,
        rule=f.rule,
        help=f.help,
        group="plants",
        order=ROOM_ORDER,
        column=f"{room} {SHORT['plants']}",
        show=lambda value: JOIN.join(map(str, value)) or "none",
        write=write,
        before=(PLANTS_HOW,),
    )
