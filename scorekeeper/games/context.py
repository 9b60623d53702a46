"""What a title's walk-through steps may read and change: the game, every answer so far and
the answers remembered from earlier games. It lives beside the titles, with the step
vocabulary (games/steps.py), so that the walk-through imports the titles and never the
other way round."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.errors import InputError
from scorekeeper.fields import parse_record
from scorekeeper.games.base import Game
from scorekeeper.games.steps import put_at, value_at


@dataclass(frozen=True)
class Context:
    """What a title's steps may read: the game, every answer so far, remembered answers."""

    game: Game[Any, Any]
    answers: dict[str, Any]
    remembered: dict[str, Any] = field(default_factory=dict)
    known_names: tuple[str, ...] = ()
    # every name the group's rename log has taken from a player (casefolded), with that
    # player's name now: a walk-through refuses it for a new answer (`players rename`)
    renamed: Mapping[str, str] = field(default_factory=dict)

    @property
    def walk(self) -> dict[str, Any]:
        """What the walk-through keeps beside the session (entry mode, closed lists, live)."""
        walk: dict[str, Any] = self.answers.setdefault("walk", {})
        return walk

    @property
    def players(self) -> list[dict[str, Any]]:
        players: list[dict[str, Any]] = self.answers.setdefault("players", [])
        return players

    def name(self, seat: int) -> str:
        return str(self.players[seat].get("name", f"Player {seat + 1}"))

    def is_closed(self, key: str) -> bool:
        return key in self.walk.get("closed", [])

    def close(self, key: str, closed: bool = True) -> None:
        keys = [k for k in self.walk.get("closed", []) if k != key]
        self.walk["closed"] = [*keys, key] if closed else keys

    def inputs(self, seat: int) -> Any:
        """The player's answers as the title's typed inputs; None while some are missing or
        wrong."""
        raw = {k: v for k, v in self.players[seat].items() if k != "name"}
        try:
            return parse_record(self.game.player_fields, raw, self.game.player_type)
        except InputError:
            return None

    def set_aside(self, seat: int, path: Sequence[str]) -> None:
        """Take a player's answer out of the session but keep it in the walk-through (an
        entry mode or objective switched away from), to come back with `bring_back`."""
        value = value_at(self.players[seat], tuple(path))
        if value is None:
            return
        *parents, last = path
        owner = value_at(self.players[seat], tuple(parents)) if parents else self.players[seat]
        del owner[last]
        self.walk.setdefault("aside", {})[_seat_key(seat, path)] = value

    def bring_back(self, seat: int, path: Sequence[str]) -> None:
        """An answer set aside, back in its place (unless it was answered again meanwhile)."""
        value = self.walk.get("aside", {}).pop(_seat_key(seat, path), None)
        if value is not None and value_at(self.players[seat], tuple(path)) is None:
            put_at(self.players[seat], tuple(path), value)

    def remove_player(self, seat: int) -> None:
        """Take a player and their answers out; later seats move up, with their closed lists
        and answers set aside."""
        del self.players[seat]
        self.walk["closed"] = [
            moved
            for key in self.walk.get("closed", [])
            if (moved := _renumbered(key, seat)) is not None
        ]
        aside = self.walk.get("aside", {})
        if aside:
            self.walk["aside"] = {
                moved: value
                for key, value in aside.items()
                if (moved := _renumbered(key, seat)) is not None
            }


def _seat_key(seat: int, path: Sequence[str]) -> str:
    return ".".join(("players", str(seat), *path))


def _renumbered(key: str, removed: int) -> str | None:
    """A walk-through key after the player at seat `removed` left: None when it was theirs."""
    owner, _, rest = key.partition(".")
    number, _, item = rest.partition(".")
    if owner != "players" or not number.isdigit() or int(number) < removed:
        return key
    if int(number) == removed:
        return None
    return f"players.{int(number) - 1}.{item}"
