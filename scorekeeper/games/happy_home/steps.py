"""Happy Home at the table: the objective and the table's colour names once, then home by home.

Each room is a few short steps: its numbers (core pieces and the count the design objective
in play scores, typed one by one or on one line; rugs only under Finishing Touches), its
colours ticked from the table's names, and its pot plants. The five colour names are asked
once per game and offered again next time (kept under `walk.remember`, which the caller
stores). The item count is a tie-breaker: the plan asks it only when a tie needs it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorekeeper.games.context import Context
from scorekeeper.games.happy_home.engine import (
    COLOURS_IN_GAME,
    OBJECTIVE_BY_ID,
    OBJECTIVES,
    ROOM_FIELD_BY_KEY,
    ROOMS,
    room_help,
)
from scorekeeper.games.happy_home.engine import GAME as rules
from scorekeeper.games.steps import (
    Checklist,
    Choice,
    Step,
    Text,
    field_steps,
    number_step,
    show_value,
)

COLOURS_PATH = ("walk", "colours")
MAX_COLOUR_NAME = 20
NUMBERS = ("core",)  # asked in every room; the objective adds the one it scores
# Counts where 0 scores best (no empty corner, no empty space): typed, never Enter's default,
# so Enter alone cannot award points the room did not earn.
TYPED = ("empty", "empty_corners")
CARD_TEXT = {  # short enough for a menu line at 60 columns
    "perfect-fit": "3 or 7 a room, by most items touching",
    "bigger-is-better": "-1 per empty space, emptiest room",
    "finishing-touches": "3 a room with plant and rug",
    "nooks-and-crannies": "no empty corner: 4 or 6 a room",
}


def steps(context: Context) -> list[Step]:
    """The objective and colour names for the table, then each player's home room by room."""
    out = [design_step(context), palette_step(context)]
    design = context.answers.get("settings", {}).get("design")
    plain = [f for f in rules.player_fields if f.key in ("mat", "scratches")]
    for seat in range(len(context.players)):
        out += field_steps(plain, ("players", seat), seat)
        for room in ROOMS:
            out += room_steps(context, seat, room, design)
    return out


def from_session(context: Context) -> None:
    """The colour names the rooms use, to tick from when a room is corrected."""
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
        needed = OBJECTIVE_BY_ID[value].key
        keep = {*NUMBERS, "colours", "plants", needed}
        for seat, player in enumerate(context.players):
            for name, room in player.get("rooms", {}).items():
                for key in [k for k in room if k not in keep]:
                    context.set_aside(seat, ("rooms", name, key))
                context.bring_back(seat, ("rooms", name, needed))

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


def room_steps(context: Context, seat: int, room: str, design: str | None) -> list[Step]:
    """A room's numbers (one group), its colours ticked, and its pot plants."""
    base = ("players", seat, "rooms", room)
    objective = OBJECTIVE_BY_ID.get(design or "")
    keys = [*NUMBERS]
    if objective is not None and objective.key not in keys:
        keys.append(objective.key)
    numbers = []
    order = ", ".join(ROOM_FIELD_BY_KEY[key].label for key in keys)
    for key in keys:
        f = ROOM_FIELD_BY_KEY[key]
        high = getattr(f, "high", None)
        step = number_step((*base, key), f"{room}, {f.label}", f, 0, high, seat=seat,
                           group=f"{room} numbers", column=f"{room} {f.label}", order=order)
        if key in TYPED and isinstance(step.ask, Text):  # 0 here is the best answer
            step = replace(step, ask=replace(step.ask, blank=None))
        needed = objective is not None and key == objective.key  # the card in play counts it
        numbers.append(replace(step, help=room_help(key, design or ""), optional=not needed))
    colours = ROOM_FIELD_BY_KEY["colours"]
    table = list(context.walk.get("colours", []))
    ticked = list((context.players[seat].get("rooms", {}).get(room) or {}).get("colours", []))
    names = table + [n for n in ticked if not _same(table, n)]
    plants = field_steps([ROOM_FIELD_BY_KEY["plants"]], base, seat)[0]
    return [
        *numbers,
        Step(
            (*base, "colours"),
            f"{room}, colours",
            Checklist(tuple((name, name) for name in names)),
            seat=seat,
            rule=colours.rule,
            help=colours.help,
            column=f"{room} colours",
            show=lambda value: show_value(value) or "none",
        ),
        replace(
            plants,
            label=f"{room}, pot plants' empty neighbours (e.g. 2 0 3)",
            column=f"{room} plants",
            show=lambda value: show_value(value) or "none",
        ),
    ]
