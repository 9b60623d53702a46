"""The whole walk-through as a list of steps, worked out afresh from the answers so far.

The plan is the game menu (when the game was not named), the players' names, the title's own
steps, a tie-breaker when totals tie and one is needed, then notes and location. Because it is
recomputed after every answer, steps that depend on earlier answers (an entry mode, a design
objective, a card list closed with a blank) appear or go without any state kept on the side.

A title with steps of its own keeps them in its package, as `<engine package>.steps` with
`steps(context) -> list[Step]`; others are asked field by field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime
from importlib import import_module
from types import ModuleType
from typing import Any

from scorekeeper.errors import InputError, MissingTieBreakError
from scorekeeper.fields import parse_record
from scorekeeper.games.base import Game, Seat
from scorekeeper.games.context import Context
from scorekeeper.games.steps import (
    Choice,
    Message,
    Step,
    Text,
    field_steps,
    in_answer_terms,
)
from scorekeeper.render.sentences import caution_text
from scorekeeper.session import COMMON_KEYS, Session, from_dict, to_dict
from scorekeeper.text.names import MAX_NAME, check_name

GAME_STEP = ("game",)
NOTES_MAX = 500


def title_module(game: Game[Any, Any]) -> ModuleType | None:
    """The title's own steps, when its package has a `steps` module."""
    name = f"{game.title.package}.steps"
    try:
        return import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:  # the module exists but needs one that does not: say so
            raise
        return None


def plan(
    answers: dict[str, Any],
    games: Sequence[Game[Any, Any]],
    find: Callable[[str], Game[Any, Any]],
    remembered: dict[str, Any],
    known_names: Sequence[str] = (),
    started: datetime | None = None,
    ruled: Callable[[Session], Session] = lambda session: session,
    renamed: Mapping[str, str] | None = None,
) -> list[Step]:
    """Every step of the walk-through for these answers, in asking order."""
    steps: list[Step] = []
    if answers.get("walk", {}).get("menu"):
        steps.append(game_step(games))
    game_id = answers.get("game")
    if not isinstance(game_id, str):
        return steps
    context = Context(find(game_id), answers, remembered, tuple(known_names), renamed or {})
    steps += name_steps(context)
    if not context.is_closed("players") and len(context.players) < context.game.max_players:
        return steps
    steps += with_warnings(context, title_steps(context))
    if not any(step.is_needed(answers) for step in steps):
        steps += tiebreak_steps(context, steps, started or datetime.now(), ruled)
    steps += closing_steps(started or datetime.now())
    return steps


def game_step(games: Sequence[Game[Any, Any]]) -> Step:
    options = tuple((f"{g.name} ({g.players_text} players)", g.id) for g in games)

    def write(answers: dict[str, Any], value: Any) -> None:
        if answers.get("game") != value:  # another game: its answers start afresh
            answers["players"], answers["settings"] = [], {}
            answers["walk"] = {"menu": True}
        answers["game"] = value

    return Step(
        GAME_STEP,
        "Which game did you play?",
        Choice(options, back=False),
        write=write,
        reviewed=False,
    )


def name_steps(context: Context) -> list[Step]:
    """One step per name so far; then, until a blank closes the table, one for the next."""
    game = context.game
    players = context.players
    steps = [_name_step(context, seat) for seat in range(len(players))]
    if len(players) < game.max_players:
        steps.append(_next_name_step(context))
    if len(players) > game.min_players and (
        context.is_closed("players") or len(players) >= game.max_players
    ):
        steps.append(_remove_step(context))
    return steps


def _remove_step(context: Context) -> Step:
    """Offered in the review: a player entered by mistake goes, with their answers."""
    options = tuple((context.name(seat), seat) for seat in range(len(context.players)))

    def write(answers: dict[str, Any], value: Any) -> None:
        context.remove_player(value)
        context.close("players")  # the table is complete: no further name is asked

    return Step(
        ("players",),
        "Remove which player? Their answers go with them.",
        Choice(options),
        read=lambda answers: None,
        write=write,
        reviewed=False,
        optional=True,
        asked=False,
        menu="Remove a player",
    )


def _name_parse(context: Context, seat: int) -> Callable[[str], str]:
    def parse(text: str) -> str:
        try:
            name = check_name(text)
        except InputError:
            raise ValueError(f"1 to {MAX_NAME} characters") from None
        if any(ch < " " or ch == "\x7f" for ch in name):
            raise ValueError("A name cannot hold control characters")
        now = context.renamed.get(name.casefold(), name)
        if now.casefold() != name.casefold():
            # saved as typed, the next sync would make this player the renamed one
            raise ValueError(
                f"{name} was renamed {now}: type {now} for them, or another name for someone else"
            )
        name = now  # the log's spelling of a name whose case it changed
        taken = {context.name(i).casefold() for i in range(len(context.players)) if i != seat}
        if name.casefold() in taken:
            raise ValueError("Another player already has that name")
        return next((k for k in context.known_names if k.casefold() == name.casefold()), name)

    return parse


def _name_step(context: Context, seat: int) -> Step:
    ask = Text(_name_parse(context, seat), suggestions=context.known_names)
    return Step(("players", seat, "name"), f"Player {seat + 1} name", ask, column="name")


def _next_name_step(context: Context) -> Step:
    """The next player's name, or blank when everyone is in (answered once closed)."""
    game = context.game
    seat = len(context.players)
    enough = seat >= game.min_players

    def read(answers: dict[str, Any]) -> Any:
        return "" if context.is_closed("players") else None

    def write(answers: dict[str, Any], value: Any) -> None:
        if value == "":
            context.close("players")
        else:
            context.players.append({"name": value})
            context.close("players", False)

    label = f"Player {seat + 1} name"
    ask = Text(
        _name_parse(context, seat),
        blank="" if enough else None,
        blank_hint="Enter when everyone is in",
        suggestions=context.known_names,
        shape=f"{game.name} needs at least {game.min_players} players" if not enough else "",
    )
    # From the review, "Add a player" asks this again: a forgotten player is one more name,
    # then their answers, not a new walk-through.
    return Step(
        ("players", seat, "name"),
        label,
        ask,
        read=read,
        write=write,
        reviewed=False,
        menu="Add a player",
    )


def title_steps(context: Context) -> list[Step]:
    module = title_module(context.game)
    if module is not None:
        steps: list[Step] = module.steps(context)
        return steps
    game = context.game
    out = field_steps(game.settings_fields, ("settings",), None)
    for seat in range(len(context.players)):
        out += field_steps(game.player_fields, ("players", seat), seat)
    return out


def with_warnings(context: Context, steps: list[Step]) -> list[Step]:
    """A player's possible mistakes are shown after their last answer."""
    last = {step.seat: index for index, step in enumerate(steps) if step.seat is not None}
    out = list(steps)
    for seat, index in last.items():
        if out[index].after is None:
            out[index] = replace(out[index], after=_warner(context, seat, steps))
    return out


def _warner(
    context: Context, seat: int, steps: Sequence[Step]
) -> Callable[[dict[str, Any]], list[Message]]:
    def warn(answers: dict[str, Any]) -> list[Message]:
        return [*_warnings(context, seat), *_table_problem(context, steps)]

    return warn


def _warnings(context: Context, seat: int) -> list[Message]:
    inputs = context.inputs(seat)
    if inputs is None:
        return []
    return [
        Message(f"Warning: {context.name(seat)}: {caution_text(w)}", "yellow")
        for w in context.game.player_warnings(inputs, len(context.players))
    ]


def _table_problem(context: Context, steps: Sequence[Step]) -> list[Message]:
    """What the box forbids across the players answered so far (12 tourists at the red hotel
    when the box has 10), said at once rather than at the review. A title's `validate` only
    sets upper bounds, so the players answered so far can only break one the table breaks."""

    game = context.game
    answered = [(seat, context.inputs(seat)) for seat in range(len(context.players))]
    seats = [Seat(context.name(seat), inputs) for seat, inputs in answered if inputs is not None]
    try:
        settings = parse_record(
            game.settings_fields, context.answers.get("settings", {}), game.settings_type
        )
        game.validate(seats, settings)
    except InputError as error:
        fields = (*game.settings_fields, *game.player_fields)
        return [Message(f"Check: {in_answer_terms(error, steps, fields)}", "yellow")]
    return []


def tiebreak_steps(
    context: Context,
    steps: Sequence[Step],
    started: datetime,
    ruled: Callable[[Session], Session] = lambda session: session,
) -> list[Step]:
    """Tie-breakers the title's steps do not ask: kept once given, asked when a tie needs one
    (the game scored under the house rulings it will be scored by: `ruled`)."""

    asked = {s.path[1:3] for s in steps if s.path[:1] == ("players",) and len(s.path) > 2}
    game = context.game
    out: list[Step] = []
    for seat, player in enumerate(context.players):
        for f in game.player_fields:
            if (seat, f.key) not in asked and f.key in player:
                out += field_steps([f], ("players", seat), seat)
    if any(s.is_needed(context.answers) for s in out):
        return out
    try:
        ruled(from_dict(session_document(context.answers, started), bound=context.game)).score()
    except MissingTieBreakError as error:
        seats = [i for i in range(len(context.players)) if context.name(i) == error.where.player]
        needed = [f for f in game.player_fields if f.key == error.where.key]
        if seats and needed:
            tie = Message(error.message, "yellow")
            out += [
                replace(step, before=(tie,))
                for step in field_steps(needed, ("players", seats[0]), seats[0])
            ]
    except InputError:
        pass  # the review names what is wrong
    return out


def closing_steps(started: datetime) -> list[Step]:
    """Notes and location, both optional: the session file's own keys; and when the game was
    played, changed only from the review (it is the time the walk-through started)."""

    def text(max_len: int) -> Callable[[str], str]:
        def parse(value: str) -> str:
            value = value.strip()
            if len(value) > max_len:
                raise ValueError(f"At most {max_len} characters")
            if any(ch < " " or ch == "\x7f" for ch in value):
                raise ValueError("No control characters, please")
            return value

        return parse

    return [
        Step(("notes",), "Notes", Text(text(NOTES_MAX), blank=""), column="notes", show=_or_dash),
        Step(
            ("location",),
            "Where was it played?",
            Text(text(100), blank=""),
            column="location",
            show=_or_dash,
        ),
        Step(
            ("played",),
            "When was it played? (like 2026-11-30 20:15, or a day alone)",
            Text(_when, shape="a date, or a date and a time"),
            column="played",
            read=lambda answers: _played(answers, started),
            write=_write_played,
            show=_show_played,
            asked=False,
            optional=True,
        ),
    ]


def _played(answers: dict[str, Any], started: datetime) -> date | datetime | None:
    """The game's date as the session will hold it (none for a saved game without one)."""
    if answers.get("walk", {}).get("undated"):
        return None
    played = answers.get("played", started)
    return played if isinstance(played, date) else started


def _write_played(answers: dict[str, Any], value: Any) -> None:
    answers["played"] = value
    answers.setdefault("walk", {}).pop("undated", None)


def _when(text: str) -> date | datetime:
    """'2026-11-30 20:15', '2026-11-30T20:15:00' or '2026-11-30'."""
    text = text.strip()
    try:
        return datetime.fromisoformat(text) if len(text) > 10 else date.fromisoformat(text)
    except ValueError:
        raise ValueError("Expected a date like 2026-11-30, or 2026-11-30 20:15") from None


def _show_played(value: Any) -> str:
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    return value.isoformat() if isinstance(value, date) else "-"


def _or_dash(value: Any) -> str:
    return str(value) if value else "-"


KEPT = ("series", "extra", "rulings")  # a saved session's keys the walk-through keeps as they are


def session_document(answers: dict[str, Any], started: datetime) -> dict[str, Any]:
    """The session file a finished walk-through writes (empty notes and location left out)."""
    document: dict[str, Any] = {
        "format": 1,
        "game": answers.get("game"),
        "played": answers.get("played", started),
        **answers.get("settings", {}),
        "players": [dict(p) for p in answers.get("players", [])],
    }
    if answers.get("walk", {}).get("undated"):  # a saved session without a date keeps none
        del document["played"]
    for key in ("notes", "location", *KEPT):
        if answers.get(key):
            document[key] = answers[key]
    return document


def answers_from_session(session: Session) -> dict[str, Any]:
    """A saved session as a walk-through's answers, every question answered: to be corrected
    in the review and saved again."""

    document = to_dict(session)
    answers: dict[str, Any] = {
        "game": session.game.id,
        "settings": {k: v for k, v in document.items() if k not in COMMON_KEYS},
        "players": [dict(p) for p in document["players"]],
        "walk": {"closed": ["players"]},
        "notes": document.get("notes", ""),
        "location": document.get("location", ""),
    }
    for key in ("played", *KEPT):
        if key in document:
            answers[key] = document[key]
    if "played" not in document:
        answers["walk"]["undated"] = True
    module = title_module(session.game)
    if module is not None and hasattr(module, "from_session"):
        module.from_session(Context(session.game, answers))
    return answers
