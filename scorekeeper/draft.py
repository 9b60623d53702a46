"""An unfinished walk-through as data: everything typed so far and where to carry on.

The walk-through writes one after every answer (storage.save_draft), so Ctrl-C, a closed
terminal or a crash loses nothing typed. Answers are kept raw, exactly as a session file would
hold them, so the draft works for every title's questions without knowing what they mean.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scorekeeper.errors import StorageError, UnknownGameError
from scorekeeper.games import find_game

KIND = "score"
DRAFT_FORMAT = 1
STAGES = ("names", "questions", "review")
"""names: still typing player names; questions: answering; review: every question answered."""


@dataclass
class Draft:
    """Game, names, raw answers and the first unanswered question of one walk-through."""

    game: str
    started: datetime
    names: list[str] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    players: list[dict[str, Any]] = field(default_factory=list)
    stage: str = "names"
    position: int = 0  # index of the first unanswered question, in the walk-through's order

    def to_dict(self) -> dict[str, Any]:
        """The TOML document to keep (TOML has no null: unanswered values are left out)."""
        return {
            "draft": DRAFT_FORMAT,
            "game": self.game,
            "started": self.started,
            "stage": self.stage,
            "position": self.position,
            "names": list(self.names),
            "settings": _without_none(self.settings),
            "players": [_without_none(answers) for answers in self.players],
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Draft:
        """Check a kept document; raise StorageError when it cannot be continued."""
        if raw.get("draft") != DRAFT_FORMAT:
            raise StorageError(f"draft format {raw.get('draft')!r} is not {DRAFT_FORMAT}")
        game = raw.get("game")
        if not isinstance(game, str):
            raise StorageError(f"draft: expected a game id, got {game!r}")
        try:
            title = find_game(game)
        except UnknownGameError as error:
            raise StorageError(f"draft: {error}") from None
        started = raw.get("started")
        names = raw.get("names", [])
        settings = raw.get("settings", {})
        players = raw.get("players", [])
        stage = raw.get("stage", "names")
        position = raw.get("position", 0)
        if not isinstance(started, datetime):
            started = datetime.now().replace(microsecond=0)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise StorageError(f"draft: expected a list of player names, got {names!r}")
        if len(names) > title.max_players:
            raise StorageError(
                f"draft: {len(names)} players; {title.name} takes at most {title.max_players}"
            )
        if not isinstance(settings, dict):
            raise StorageError(f"draft: expected a table of settings, got {settings!r}")
        if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
            raise StorageError(f"draft: expected a table per player, got {players!r}")
        if stage not in STAGES:
            raise StorageError(f"draft: unknown stage {stage!r}")
        if isinstance(position, bool) or not isinstance(position, int) or position < 0:
            raise StorageError(f"draft: expected a question number, got {position!r}")
        if stage != "names" and len(players) != len(names):
            raise StorageError(f"draft: {len(names)} names but {len(players)} players' answers")
        return cls(title.id, started, names, settings, players, stage, position)

    def summary(self) -> str:
        """One line naming the game, the players and how far it got (user text inside)."""
        name = find_game(self.game).name
        who = ", ".join(self.names) if self.names else "no players yet"
        where = {"names": "entering names", "questions": "answering", "review": "at the review"}
        return f"{name} with {who}, started {self.started:%Y-%m-%d %H:%M}, {where[self.stage]}"


def _without_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):  # a list answered in order: drop the unanswered tail
        items = list(value)
        while items and items[-1] is None:
            items.pop()
        return [_without_none(v) for v in items]
    return value
