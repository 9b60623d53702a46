"""Happy Home: furniture, colours and pot plants room by room, a mat and a design objective."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.breakdown import Caution, Line, Outcome, PlayerScore, caution
from scorekeeper.core.ranking import TieBreaker, rank
from scorekeeper.core.rulings import RULEBOOK, Rulings
from scorekeeper.core.tiebreak import TieStep
from scorekeeper.errors import InputError, MissingTieBreakError, Where
from scorekeeper.fields import (
    ChoiceField,
    IntField,
    IntListField,
    RecordField,
    RecordTableField,
    StrListField,
)
from scorekeeper.games.base import Game, Seat
from scorekeeper.games.happy_home import TITLE
from scorekeeper.games.happy_home.rulings import EXACTLY, PERFECT_FIT_COUNT
from scorekeeper.text import join_names

ROOMS = ("kitchen", "bathroom", "bedroom", "lounge")
ROOM_ALIASES = {"living-room": "lounge"}  # the rulebook says Lounge, the box Living Room
CORE_PIECES = 3
FURNITURE_POINTS = (0, 1, 3, 6)  # by different core pieces in a room
COLOURS_IN_GAME = 5
COLOUR_POINTS = {3: 2, 4: 5}  # by rooms showing the colour; 2 or fewer score nothing
MAX_EMPTY_NEIGHBOURS = 4  # orthogonal neighbours of one square
PLANTS_IN_BOX = 10
RUGS_IN_BOX = 10
ITEM_TILES = 80  # 60 furniture, 10 rugs, 10 pot plants
FURNITURE_PER_ROOM = 15  # furniture tiles for each room (Components)
# The most other items one item in a room can touch: everything else the room can hold.
MAX_NEIGHBOURS = FURNITURE_PER_ROOM + RUGS_IN_BOX + PLANTS_IN_BOX - 1
PERFECT_FIT = {3: 3, 4: 7}  # other items touching the best item in a room; 4 or more = 7
FINISHING_TOUCHES = 3
NOOKS_AND_CRANNIES = {"kitchen": 4, "bathroom": 4, "bedroom": 6, "lounge": 6}

FURNITURE, COLOURS, PLANTS, MAT, OBJECTIVE, SCRATCHES = (
    "Furniture",
    "Colours",
    "Plants",
    "Mat",
    "Design",
    "Scratches",
)
# The scorepad's Rugs row scores nothing: its 0-point line is listed under its own name, never
# under a column it does not add to, and the score table has no column for it.
RUGS = "Rugs"


@dataclass(frozen=True)
class Objective:
    """A design objective card and the one room value it needs beyond the usual ones."""

    id: str
    name: str
    key: str  # the room key every room must give when this card is in play

    @property
    def rule(self) -> str:
        return f"happy-home.{self.id}"


OBJECTIVES = (
    Objective("perfect-fit", "Perfect Fit", "most_neighbours"),
    Objective("bigger-is-better", "Bigger Is Better", "empty"),
    Objective("finishing-touches", "Finishing Touches", "rugs"),
    Objective("nooks-and-crannies", "Nooks & Crannies", "empty_corners"),
)
OBJECTIVE_BY_ID = {objective.id: objective for objective in OBJECTIVES}


@dataclass(frozen=True)
class Room:
    """What one room holds; the objective values are None when the card in play ignores them
    (or the room was left out of the file: a room with nothing in it)."""

    core: int
    colours: tuple[str, ...] = ()
    plants: tuple[int, ...] = ()
    rugs: int | None = None
    empty: int | None = None
    empty_corners: int | None = None
    most_neighbours: int | None = None


@dataclass(frozen=True)
class HappyHomePlayer:
    """One home: the mat, visible scratches, the four rooms in ROOMS order, and the item count."""

    mat: int
    scratches: int
    rooms: tuple[Room, ...]
    items: int | None = None

    @property
    def least_items(self) -> int:
        """Items the rooms must hold at least: one per core piece, plant and rug entered."""
        return sum(room.core + len(room.plants) + (room.rugs or 0) for room in self.rooms)


@dataclass(frozen=True)
class HappyHomeSettings:
    """The design objective card drawn at setup, scored by every player."""

    design: str


def _objective_aliases() -> dict[str, str]:
    """'perfect fit', 'Nooks & Crannies', 'nooks_and_crannies' ... -> the objective id."""
    aliases: dict[str, str] = {}
    for objective in OBJECTIVES:
        for spelling in (objective.name, objective.id.replace("-", " "), objective.id):
            word = spelling.lower()
            aliases.update({word: objective.id, word.replace(" ", "-"): objective.id})
            aliases[word.replace(" ", "_").replace("-", "_")] = objective.id
    aliases["nooks and crannies"] = "nooks-and-crannies"
    return aliases


SETTINGS_FIELDS = (
    ChoiceField(
        key="design",
        label="design objective",
        help="The design objective card drawn at setup; every player scores it.",
        rule="happy-home.design-objectives",
        choices=tuple(objective.id for objective in OBJECTIVES),
        aliases=_objective_aliases(),
    ),
)

ROOM_FIELDS = (
    IntField(
        key="core",
        label="different core pieces",
        help="How many of the room's 3 core pieces it holds (copies count once): 1, 3 or 6 points.",
        rule="happy-home.furniture",
        high=CORE_PIECES,
        limit=f"each room has {CORE_PIECES} core pieces",
    ),
    StrListField(
        key="colours",
        label="colours",
        help="Colours on items (rugs too) in the room: 2 points in 3 rooms, 5 in all 4.",
        rule="happy-home.colours",
        max_len=COLOURS_IN_GAME,
        limit=f"the game has {COLOURS_IN_GAME} colours",
        required=False,
    ),
    IntListField(
        key="plants",
        label="pot plants' empty neighbours",
        help="For each pot plant, its empty orthogonal neighbours (an open door counts): 1 + that.",
        rule="happy-home.pot-plants",
        high=MAX_EMPTY_NEIGHBOURS,
        limit=f"a space has {MAX_EMPTY_NEIGHBOURS} orthogonal neighbours",
        max_len=PLANTS_IN_BOX,
        count_limit=f"the box has {PLANTS_IN_BOX} pot plants",
        required=False,
    ),
    IntField(
        key="rugs",
        label="rugs",
        help="Rugs score no points of their own; their colours count under Colours.",
        rule="happy-home.rugs",
        high=RUGS_IN_BOX,
        limit=f"the box has {RUGS_IN_BOX} rugs",
        required=False,
    ),
    IntField(
        key="empty",
        label="empty floor spaces",
        help="Empty floor spaces, not the one by the door: the emptiest room costs 1 each.",
        rule="happy-home.bigger-is-better",
        required=False,
    ),
    IntField(
        key="empty_corners",
        label="empty corners",
        help="Empty corner spaces (walls on two sides): a room with none scores 4 or 6.",
        rule="happy-home.nooks-and-crannies",
        required=False,
    ),
    IntField(
        key="most_neighbours",
        label="most items touching one item",
        help="The most other items any one item in the room touches: 3 = 3 points, 4+ = 7.",
        rule="happy-home.perfect-fit",
        high=MAX_NEIGHBOURS,
        limit=(
            f"a room holds at most {FURNITURE_PER_ROOM} furniture tiles, {RUGS_IN_BOX} rugs "
            f"and {PLANTS_IN_BOX} pot plants"
        ),
        required=False,
    ),
)
ROOM_FIELD_BY_KEY = {f.key: f for f in ROOM_FIELDS}
EMPTY_ROOM = Room(core=0, rugs=0, most_neighbours=0)
"""A room left out of a file: nothing in it, so no rug and no item touching another; its
empty floor spaces and corners are not known (Bigger Is Better needs the room given)."""


def room_help(key: str, design: str) -> str:
    """A room question's help for the objective in play: the rugs question names Finishing
    Touches only when that card is the one drawn."""
    text = ROOM_FIELD_BY_KEY[key].help
    if key == "rugs" and design == "finishing-touches":
        text += f" Finishing Touches: {FINISHING_TOUCHES} per room with a pot plant and a rug."
    return text


PLAYER_FIELDS = (
    IntField(
        key="mat",
        label="welcome mat value",
        help="The value printed on the welcome mat you took.",
        rule="happy-home.welcome-mat",
    ),
    IntField(
        key="scratches",
        label="visible scratches",
        help="Scratches on your floor still visible at the end: -1 each.",
        rule="happy-home.scratches",
    ),
    IntField(
        key="items",
        label="items in the home",
        help="Furniture, pot plants and rugs in your home (not the mat): fewest wins a tie.",
        rule="happy-home.ties",
        high=ITEM_TILES,
        limit=f"the box has {ITEM_TILES} item tiles",
        required=False,
    ),
    RecordTableField(
        key="rooms",
        label="rooms",
        help="Room by room: core pieces, colours, pot plants, rugs and what the objective needs.",
        rule="happy-home.scoring",
        names=ROOMS,
        aliases=ROOM_ALIASES,
        item=RecordField(
            key="room",
            label="room",
            help="",
            rule="happy-home.rooms",
            fields=ROOM_FIELDS,
            build=Room,
        ),
        default=lambda: EMPTY_ROOM,
    ),
)


def _plural(number: int, noun: str, plural: str | None = None) -> str:
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def _colour_rooms(player: HappyHomePlayer) -> dict[str, list[str]]:
    """Each colour (first spelling seen; compared ignoring case) -> the rooms showing it."""
    spelling: dict[str, str] = {}
    rooms: dict[str, list[str]] = {}
    for name, room in zip(ROOMS, player.rooms, strict=True):
        for colour in room.colours:
            folded = colour.casefold()
            spelling.setdefault(folded, colour)
            if name not in rooms.setdefault(folded, []):
                rooms[folded].append(name)
    return {spelling[folded]: names for folded, names in rooms.items()}


def _needed(room: Room, name: str, objective: Objective) -> int | None:
    """The room value the objective in play scores; missing is an error naming the key, but
    for a room left out of the file (nothing in it: no corner filled, None) and for the rugs
    of a room without a pot plant (it cannot score Finishing Touches, whatever its rugs)."""
    value: int | None = getattr(room, objective.key)
    if value is None and room == EMPTY_ROOM and objective.id != "bigger-is-better":
        return None
    if value is None and not room.plants and objective.id == "finishing-touches":
        return None
    if value is None:
        field = ROOM_FIELD_BY_KEY[objective.key]
        raise InputError(
            f"missing; {objective.name} is the design objective, so every room needs "
            f"{objective.key} ({field.label}: {field.allowed()})",
            Where(key=f"rooms.{name}.{objective.key}"),
        )
    return value


def _objective_lines(
    player: HappyHomePlayer, objective: Objective, rulings: Rulings = RULEBOOK
) -> list[Line]:
    """The design objective card, scored per room (Bigger Is Better: the emptiest room only).

    Perfect Fit counts an item touching more than 4 others as touching 4, unless the table
    plays the house ruling `perfect-fit-count = "exactly"`: then only 3 and 4 score."""
    rule, title = objective.rule, objective.name
    values = {
        name: _needed(room, name, objective) for name, room in zip(ROOMS, player.rooms, strict=True)
    }
    lines: list[Line] = []
    if objective.id == "perfect-fit":
        exactly = rulings.value(PERFECT_FIT_COUNT) == EXACTLY
        house = f"{GAME.id}.{PERFECT_FIT_COUNT.id}" if rulings.is_house(PERFECT_FIT_COUNT) else None
        for name, most in values.items():
            if most is None:
                continue
            points = PERFECT_FIT[min(most, 4)] if most >= 3 else 0
            if exactly and most > 4:
                detail = f"{title}: {name} (an item touches {most}; only 3 or 4 count)"
                lines.append(Line(OBJECTIVE, 0, rule, detail, house))
            elif points:
                lines.append(
                    Line(OBJECTIVE, points, rule, f"{title}: {name} (an item touches {most})")
                )
        none = f"{title}: no item touches 3 others"
    elif objective.id == "bigger-is-better":
        worst = max(value or 0 for value in values.values())
        if worst:
            where = join_names([name for name, empty in values.items() if empty == worst])
            spaces = _plural(worst, "empty space")
            return [Line(OBJECTIVE, -worst, rule, f"{title}: {spaces} in the {where}")]
        none = f"{title}: no empty floor space"
    elif objective.id == "finishing-touches":
        for name, room in zip(ROOMS, player.rooms, strict=True):
            if room.plants and values[name]:
                detail = f"{title}: plant and rug in the {name}"
                lines.append(Line(OBJECTIVE, FINISHING_TOUCHES, rule, detail))
        none = f"{title}: no room has both a pot plant and a rug"
    else:
        for name, corners in values.items():
            if corners == 0:
                detail = f"{title}: no empty corner in the {name}"
                lines.append(Line(OBJECTIVE, NOOKS_AND_CRANNIES[name], rule, detail))
        none = f"{title}: every room has an empty corner"
    return lines or [Line(OBJECTIVE, 0, rule, none)]


def _lines(
    player: HappyHomePlayer, objective: Objective, rulings: Rulings = RULEBOOK
) -> tuple[Line, ...]:
    """One line per scoring room, colour and plant, in the scorepad's order."""
    lines: list[Line] = []
    for name, room in zip(ROOMS, player.rooms, strict=True):
        if room.core:
            detail = f"{name}: {_plural(room.core, 'core piece')}"
            lines.append(
                Line(FURNITURE, FURNITURE_POINTS[room.core], "happy-home.furniture", detail)
            )
    for colour, rooms in _colour_rooms(player).items():
        points = COLOUR_POINTS.get(len(rooms), 0)
        if points:
            detail = f"{colour}: {'all 4 rooms' if len(rooms) == 4 else ', '.join(rooms)}"
            lines.append(Line(COLOURS, points, "happy-home.colours", detail))
    for name, room in zip(ROOMS, player.rooms, strict=True):
        for empty in room.plants:
            detail = f"{name} plant: 1 + {empty} empty"
            lines.append(Line(PLANTS, 1 + empty, "happy-home.pot-plants", detail))
    mat = f"welcome mat worth {player.mat}"
    lines.append(Line(MAT, player.mat, "happy-home.welcome-mat", mat))
    rugs = sum(room.rugs or 0 for room in player.rooms)
    if rugs:
        detail = f"{_plural(rugs, 'rug')}: no points of their own (colours count)"
        lines.append(Line(RUGS, 0, "happy-home.rugs", detail))
    lines += _objective_lines(player, objective, rulings)
    if player.scratches:
        detail = f"{_plural(player.scratches, 'visible scratch', 'visible scratches')}"
        lines.append(Line(SCRATCHES, -player.scratches, "happy-home.scratches", detail))
    return tuple(lines)


def _missing_items(
    tied: Sequence[str], total: int, seat: Seat[HappyHomePlayer]
) -> MissingTieBreakError:
    """Ask for a count the file left out: the fewest items decides who wins this tie."""
    return MissingTieBreakError(
        f"{join_names(tied)} tied on {total} points and the fewest items in the "
        "home (furniture, pot plants and rugs) breaks the tie: this player's count is needed",
        Where(player=seat.name, key="items"),
    )


def score(
    seats: Sequence[Seat[HappyHomePlayer]], settings: HappyHomeSettings, rulings: Rulings = RULEBOOK
) -> Outcome:
    """Every category of the scorepad, then rank; tie: fewest items, then a shared victory."""
    objective = OBJECTIVE_BY_ID[settings.design]
    scores = []
    for seat in seats:
        try:
            scores.append(PlayerScore(seat.name, _lines(seat.inputs, objective, rulings)))
        except InputError as error:
            raise error.at(player=seat.name) from None

    def fewer_items(seat: int) -> int | None:
        count = seats[seat].inputs.items
        return None if count is None else -count

    fewest_items = TieBreaker(
        rule="happy-home.ties",
        key=fewer_items,
        value=lambda seat: seats[seat].inputs.items,
        missing=lambda tied, total, seat: _missing_items(tied, total, seats[seat]),
    )
    warnings = [w.about(s.name) for s in seats for w in player_warnings(s.inputs, len(seats))]
    warnings += _table_warnings(seats)
    return rank(GAME.id, GAME.categories, scores, [fewest_items], warnings)


def player_warnings(inputs: HappyHomePlayer, players: int) -> tuple[Caution, ...]:
    """An item count below what the rooms were entered with is a mistyped number somewhere."""
    if inputs.items is None or inputs.items >= inputs.least_items:
        return ()
    return (
        caution(
            "happy-home.ties",
            "{items} items entered, but the rooms hold at least {least} "
            "(core pieces, pot plants and rugs): a count is probably wrong",
            items=inputs.items,
            least=inputs.least_items,
        ),
    )


def _table_warnings(seats: Sequence[Seat[HappyHomePlayer]]) -> list[Caution]:
    """The game has five colours: more names over the whole table is likely a spelling slip."""
    names: dict[str, str] = {}
    for seat in seats:
        for colour in _colour_rooms(seat.inputs):
            names.setdefault(colour.casefold(), colour)
    if len(names) <= COLOURS_IN_GAME:
        return []
    return [
        caution(
            "happy-home.colours",
            "{count} colour names over the table ({names}) but the game has {colours}: "
            "a colour is probably spelt two ways",
            count=len(names),
            names=", ".join(names.values()),
            colours=COLOURS_IN_GAME,
        )
    ]


def _check_home(player: HappyHomePlayer, objective: Objective) -> None:
    """At most five colours in a home, and every room gives what the objective needs."""
    seen: dict[str, str] = {}
    for name, room in zip(ROOMS, player.rooms, strict=True):
        for colour in room.colours:
            if not colour:
                raise InputError("a colour name is blank", Where(key=f"rooms.{name}.colours"))
            seen.setdefault(colour.casefold(), colour)
        if len(seen) > COLOURS_IN_GAME:
            raise InputError(
                f"{len(seen)} different colours in the home ({', '.join(seen.values())}); "
                f"the game has {COLOURS_IN_GAME} (names are compared ignoring case)",
                Where(key=f"rooms.{name}.colours"),
            )
        _needed(room, name, objective)


def validate(seats: Sequence[Seat[HappyHomePlayer]], settings: HappyHomeSettings) -> None:
    """Each home is checked on its own; the box limits pot plants, rugs and item tiles."""
    objective = OBJECTIVE_BY_ID[settings.design]
    for seat in seats:
        try:
            _check_home(seat.inputs, objective)
        except InputError as error:
            raise error.at(player=seat.name) from None
    rooms = [room for seat in seats for room in seat.inputs.rooms]
    plants = sum(len(room.plants) for room in rooms)
    rugs = sum(room.rugs or 0 for room in rooms)
    for what, total, limit in (("pot plants", plants, PLANTS_IN_BOX), ("rugs", rugs, RUGS_IN_BOX)):
        if total > limit:
            raise InputError(
                f"{total} {what} in all homes together; the box has {limit}", Where(key="rooms")
            )
    items = sum(seat.inputs.items or 0 for seat in seats)
    if items > ITEM_TILES:
        raise InputError(
            f"{items} items in all homes together; the box has {ITEM_TILES} item tiles",
            Where(key="items"),
        )


def _tie_words(step: TieStep) -> str:
    """The fewest items settle a tie (value: each player's items)."""
    fewest = step.value(step.kept[0]) or 0
    if step.is_even:
        return f"each has {_plural(fewest, 'item')}"
    verb = "has" if len(step.kept) == 1 else "have"
    return f"{join_names(step.kept)} {verb} the fewest items ({fewest})"


GAME: Game[HappyHomePlayer, HappyHomeSettings] = Game(
    title=TITLE,
    tie_words={"happy-home.ties": _tie_words},
    categories=(FURNITURE, COLOURS, PLANTS, MAT, OBJECTIVE, SCRATCHES),
    player_fields=PLAYER_FIELDS,
    player_type=HappyHomePlayer,
    score=score,
    settings_fields=SETTINGS_FIELDS,
    settings_type=HappyHomeSettings,
    validate=validate,
    player_warnings=player_warnings,
)
