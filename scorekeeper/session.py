"""One game played at one table (the public session format, version 1), as typed data."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time
from typing import TYPE_CHECKING, Any

from scorekeeper.core.breakdown import Outcome
from scorekeeper.core.rulings import RULEBOOK, Rulings, rulings_from_table
from scorekeeper.core.tiebreak import TieBreak
from scorekeeper.errors import InputError, UnknownGameError, Where
from scorekeeper.fields import dump_record, parse_record
from scorekeeper.games import find_game, find_title
from scorekeeper.games.base import Game, Seat
from scorekeeper.games.title import UserFiles
from scorekeeper.text.names import check_name, check_series

if TYPE_CHECKING:
    pass

FORMAT = 1
COMMON_KEYS = (
    "format",
    "game",
    "played",
    "series",
    "location",
    "notes",
    "players",
    "rulings",
    "extra",
    "result",
)
DERIVED = ("result",)
"""The tables of a session file derived from its inputs (the program writes them and derives
them again when the inputs change): two files are compared and merged on everything else."""


@dataclass(frozen=True)
class Session:
    """The inputs of one game; the result is always recomputed from them."""

    game: Game[Any, Any]
    seats: tuple[Seat[Any], ...]
    settings: Any
    played: date | datetime | None = None
    series: str | None = None
    location: str | None = None
    notes: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    rulings: Rulings = RULEBOOK
    """The house rulings the game is played by (the file's `[rulings]`; a point it does not
    name takes the rulebook's reading)."""

    def score(self) -> Outcome:
        return self.game.score(self.seats, self.settings, self.rulings)

    def ruled_by(self, group: Rulings) -> Session:
        """The session under a group's choices, for the points its own `[rulings]` leaves out."""
        return replace(self, rulings=self.rulings.over(group))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)


def tried(session: Session, choices: Sequence[str]) -> Session:
    """The session under rulings given as `ID=VALUE` (full or title-local id), over its own."""
    by_id = {ruling.id: ruling for ruling in session.game.rulings}
    chosen = []
    for choice in choices:
        name, equals, text = choice.partition("=")
        local = name.strip().removeprefix(f"{session.game.id}.")
        if not equals:
            raise InputError(f"--ruling {choice!r}: expected ID=VALUE")
        if not by_id:
            raise InputError(f"--ruling {choice!r}: {session.game.name} has no house rulings")
        if local not in by_id:
            known = ", ".join(f"{session.game.id}.{r}" for r in by_id)
            name = session.game.name
            raise InputError(f"--ruling {choice!r}: not a house ruling of {name}; known: {known}")
        try:
            chosen.append((local, by_id[local].from_text(text)))
        except InputError as error:
            raise InputError(f"--ruling {choice!r}: {error.message}") from None
    return replace(session, rulings=Rulings(tuple(sorted(chosen))).over(session.rulings))


def _error(message: str, key: str | None = None, player: str | None = None) -> InputError:
    return InputError(message, Where(player=player, key=key))


def _text(raw: Mapping[str, Any], key: str) -> str | None:
    value = raw.get(key)
    if value is None or isinstance(value, str):
        return value
    raise _error(f"expected text, got {value!r}", key)


def _played(value: object) -> date | datetime | None:
    if value is None or isinstance(value, date):  # datetime is a date too
        return value
    kind = "a time without a date" if isinstance(value, time) else repr(value)
    raise _error(
        f"expected a TOML date or date-time like 2026-11-29T20:15:00, got {kind}", "played"
    )


def _format(raw: Mapping[str, Any]) -> None:
    if "format" not in raw:
        raise _error(f"missing; expected format = {FORMAT}", "format")
    value = raw["format"]
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _error(f"expected {FORMAT}, got {value!r}", "format")
    if value > FORMAT:
        raise _error(
            f"format {value} is newer than this scorekeeper reads (up to {FORMAT}); "
            "upgrade scorekeeper",
            "format",
        )


def _seat(game: Game[Any, Any], raw: object, number: int) -> Seat[Any]:
    if not isinstance(raw, dict):
        raise _error(f"expected a [[players]] table, got {raw!r}", "players")
    label = raw.get("name") if isinstance(raw.get("name"), str) else f"#{number}"
    try:
        name = check_name(raw.get("name"))
        values = {key: value for key, value in raw.items() if key != "name"}
        inputs = parse_record(game.player_fields, values, game.player_type)
    except InputError as error:
        raise error.at(player=str(label)) from None
    return Seat(name, inputs)


def from_dict(
    raw: Mapping[str, Any],
    user_files: UserFiles | None = None,
    bound: Game[Any, Any] | None = None,
) -> Session:
    """Check a parsed TOML document against the format and the title's fields.

    `user_files` are the data directory's (a card catalogue) that the title checks the
    session against; None: the shipped data only (see games.find_game). A caller
    holding an engine bound to its own data (creature_comforts.game_with(catalogue)) passes it
    as `bound`; the document must name that title.
    """
    _format(raw)
    if "game" not in raw or not isinstance(raw["game"], str):
        raise _error("missing or not text; expected a game id such as 'hungry'", "game")
    try:
        game = find_game(raw["game"], user_files) if bound is None else bound
        if find_title(raw["game"]) is not game.title:
            raise _error(f"expected {game.id!r} here, got {raw['game']!r}", "game")
    except UnknownGameError as error:
        raise _error(str(error), "game") from None
    setting_keys = {f.key for f in game.settings_fields}
    for key in raw:
        if key not in COMMON_KEYS and key not in setting_keys:
            allowed = ", ".join([*COMMON_KEYS, *sorted(setting_keys)])
            raise _error(f"unknown key; allowed: {allowed} (free-form data goes in [extra])", key)
    settings = parse_record(
        game.settings_fields,
        {key: raw[key] for key in setting_keys if key in raw},
        game.settings_type,
    )
    players = raw.get("players")
    if not isinstance(players, list):
        raise _error("missing; expected one [[players]] table per player", "players")
    if not game.min_players <= len(players) <= game.max_players:
        raise _error(
            f"{game.name} is played by {game.players_text} players, got {len(players)}",
            "players",
        )
    seats = tuple(_seat(game, entry, number) for number, entry in enumerate(players, start=1))
    seen: dict[str, str] = {}
    for seat in seats:
        folded = seat.name.casefold()
        if folded in seen:
            raise _error(f"name used twice (also {seen[folded]!r})", "name", seat.name)
        seen[folded] = seat.name
    game.validate(seats, settings)
    rulings = (
        rulings_from_table(game.rulings, raw["rulings"], "rulings")
        if "rulings" in raw
        else RULEBOOK
    )
    extra = raw.get("extra", {})
    if not isinstance(extra, dict):
        raise _error(f"expected a table, got {extra!r}", "extra")
    return Session(
        game=game,
        seats=seats,
        settings=settings,
        played=_played(raw.get("played")),
        series=check_series(raw["series"]) if "series" in raw else None,
        location=_text(raw, "location"),
        notes=_text(raw, "notes"),
        extra=extra,
        rulings=rulings,
    )


def to_dict(session: Session, outcome: Outcome | None = None) -> dict[str, Any]:
    """The TOML document for a session, keys in the spec's order; omitted optionals stay out."""
    doc: dict[str, Any] = {"format": FORMAT, "game": session.game.id}
    for key in ("played", "series", "location", "notes"):
        value = getattr(session, key)
        if value is not None:
            doc[key] = value
    doc.update(dump_record(session.game.settings_fields, session.settings))
    house = session.rulings.house(session.game.rulings)
    if house.chosen:
        doc["rulings"] = dict(house.chosen)
    doc["players"] = [
        {"name": seat.name, **dump_record(session.game.player_fields, seat.inputs)}
        for seat in session.seats
    ]
    if session.extra:
        doc["extra"] = dict(session.extra)
    if outcome is not None:
        doc["result"] = result_table(session, outcome)
    return doc


def result_table(session: Session, outcome: Outcome) -> dict[str, Any]:
    """The [result] record written beside the inputs, as data only: totals, ranks, lines,
    winners and the tie-break's steps (players by seat, 1 = the first [[players]]), with the
    fingerprint of the inputs it was derived from. Words are made when shown, so nothing in
    it goes stale when a player is renamed; a hand correction is told by the fingerprint
    (see `result_is_current`)."""
    table: dict[str, Any] = {
        "inputs": inputs_fingerprint(session),
        "game": outcome.game,
        "players": standings_data(outcome),
        "winners": list(outcome.winners),
    }
    if outcome.tiebreak is not None:
        table["tiebreak"] = _tiebreak_table(outcome.tiebreak, session.names)
    if outcome.title:
        table["title"] = outcome.title
    return table


def standings_data(outcome: Outcome) -> list[dict[str, Any]]:
    """Each player's total, rank and lines, in seat order, as the spec's `players` list."""
    return [
        {
            "name": standing.name,
            "total": standing.total,
            "rank": standing.rank,
            "lines": [
                {
                    "category": line.category,
                    "points": line.points,
                    "rule": line.rule,
                    **({"detail": line.detail} if line.detail else {}),
                    **({"ruling": line.ruling} if line.ruling else {}),
                }
                for line in standing.lines
            ],
        }
        for standing in outcome.standings
    ]


def _tiebreak_table(tiebreak: TieBreak, names: Sequence[str]) -> dict[str, Any]:
    seat = {name: number for number, name in enumerate(names, start=1)}

    def seats(players: Sequence[str]) -> list[int]:
        return [seat[name] for name in players]

    return {
        "total": tiebreak.total,
        "tied": seats(tiebreak.tied),
        "steps": [
            {
                "rule": step.rule,
                "players": [
                    {"seat": seat[name], **({"value": value} if value is not None else {})}
                    for name, value in zip(step.tied, step.values, strict=True)
                ],
                "kept": seats(step.kept),
            }
            for step in tiebreak.steps
        ],
        "shared": seats(tiebreak.shared),
    }


def inputs_of(document: Mapping[str, Any]) -> dict[str, Any]:
    """A session document without its derived tables (DERIVED)."""
    return {key: value for key, value in document.items() if key not in DERIVED}


def inputs_fingerprint(session: Session) -> str:
    """A short hash of the session's inputs as the program writes them (so a hand-written
    file and its rewritten twin agree): what a stored [result] was derived from."""
    import hashlib

    document = to_dict(session)
    text = json.dumps(document, sort_keys=True, ensure_ascii=False, default=str)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def result_is_current(stored: Mapping[str, Any], session: Session) -> bool | None:
    """Whether a file's stored [result] was derived from the inputs the file holds now; None
    when it cannot tell (a [result] written before the fingerprint, or by hand)."""
    written = stored.get("inputs")
    if not isinstance(written, str):
        return None
    return written == inputs_fingerprint(session)
