"""An unfinished walk-through as data: every answer so far, the settings, and where to carry on.

The walk-through keeps one after every answer, so Ctrl-C, Ctrl-D, a closed terminal or a crash
loses nothing typed. `answers` is the walk-through's whole document: the game, the session's
settings and players exactly as a session file holds them, notes and location, and under
`walk` what the walk-through needs beside the session (a title's entry mode or colour names,
lists closed with a blank answer, live play). A draft resumed is the same walk-through.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper.errors import StorageError, UnknownGameError
from scorekeeper.games import find_game
from scorekeeper.storage.documents import discard_draft, save_draft
from scorekeeper.text import plural

KIND = "score"
DRAFT_FORMAT = 2
STAGES = ("questions", "review")
"""questions: answering, `position` says where; review: every question answered."""


@dataclass
class Draft:
    """The answers document of one walk-through, when it started, and where it stands."""

    started: datetime
    answers: dict[str, Any] = field(default_factory=dict)
    stage: str = "questions"
    position: str = ""  # the key of the step to ask next; empty: the first unanswered

    @property
    def game(self) -> str | None:
        game = self.answers.get("game")
        return game if isinstance(game, str) else None

    @property
    def names(self) -> list[str]:
        players = self.answers.get("players", [])
        return [
            p["name"] for p in players if isinstance(p, dict) and isinstance(p.get("name"), str)
        ]

    def to_dict(self) -> dict[str, Any]:
        """The TOML document to keep (TOML has no null: unanswered values are left out)."""
        return {
            "draft": DRAFT_FORMAT,
            "started": self.started,
            "stage": self.stage,
            "position": self.position,
            "answers": _without_none(self.answers),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Draft:
        """Check a kept document; raise StorageError when it cannot be continued."""
        version = raw.get("draft")
        if version == 1:
            raw = _from_first_format(raw)
        elif version != DRAFT_FORMAT:
            raise StorageError(f"draft format {version!r} is not {DRAFT_FORMAT}")
        started = raw.get("started")
        if not isinstance(started, datetime):
            started = datetime.now().replace(microsecond=0)
        answers = raw.get("answers", {})
        stage = raw.get("stage", "questions")
        position = raw.get("position", "")
        if not isinstance(answers, dict):
            raise StorageError(f"draft: expected a table of answers, got {answers!r}")
        game = answers.get("game")
        if game is not None:
            try:
                title = find_game(game) if isinstance(game, str) else None
            except UnknownGameError as error:
                raise StorageError(f"draft: {error}") from None
            if title is None:
                raise StorageError(f"draft: expected a game id, got {game!r}")
            players = answers.get("players", [])
            if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
                raise StorageError(f"draft: expected a table per player, got {players!r}")
            if len(players) > title.max_players:
                raise StorageError(
                    f"draft: {len(players)} players; {title.name} takes at most {title.max_players}"
                )
        for key in ("settings", "walk"):
            if not isinstance(answers.get(key, {}), dict):
                raise StorageError(f"draft: expected a table for {key!r}")
        if stage not in STAGES:
            raise StorageError(f"draft: unknown stage {stage!r}")
        if not isinstance(position, str):
            raise StorageError(f"draft: expected a question key, got {position!r}")
        return cls(started, answers, stage, position)

    def summary(self) -> str:
        """One line naming the game, the players and how far it got (user text inside)."""
        name = find_game(self.game).name if self.game else "A game not yet chosen"
        who = ", ".join(self.names) if self.names else "no players yet"
        where = "at the review" if self.stage == "review" else self._progress()
        if self.answers.get("walk", {}).get("live"):
            where += " (live)"
        return f"{name} with {who}, started {self.started:%Y-%m-%d %H:%M}, {where}"

    def _progress(self) -> str:
        """'answering, 12 answers given': the players' answers and settings so far."""
        players = [
            {k: v for k, v in p.items() if k != "name"}
            for p in self.answers.get("players", [])
            if isinstance(p, dict)
        ]
        given = _count(players) + _count(self.answers.get("settings", {}))
        return f"answering, {plural(given, 'answer')} given" if given else "answering"


def _count(value: Any) -> int:
    """How many answers a value of the draft holds (each number, word or choice)."""
    if isinstance(value, dict):
        return sum(_count(v) for v in value.values())
    if isinstance(value, list):
        return sum(_count(v) for v in value)
    return 0 if value is None else 1


def _from_first_format(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A draft kept by an older scorekeeper: its answers, to be asked on from the first gap."""
    names = raw.get("names", [])
    players = raw.get("players", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise StorageError(f"draft: expected lists of names and players' answers, got {names!r}")
    if not isinstance(players, list):
        raise StorageError(f"draft: expected lists of names and players' answers, got {players!r}")
    people = [
        {"name": name, **(players[i] if i < len(players) and isinstance(players[i], dict) else {})}
        for i, name in enumerate(names)
    ]
    answers = {
        "game": raw.get("game"),
        "settings": raw.get("settings", {}),
        "players": people,
        "walk": {"closed": ["players"]} if raw.get("stage") != "names" else {},
    }
    return {"draft": DRAFT_FORMAT, "started": raw.get("started"), "answers": answers}


def _without_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):  # a list answered in order: drop the unanswered tail
        items = list(value)
        while items and items[-1] is None:
            items.pop()
        return [_without_none(v) for v in items]
    return value


class DraftKeeper:
    """Keeps a walk-through's draft after every answer, and never gives up on it.

    A write that fails (a full disk, a folder made read-only) is tried again at the next
    answer; meanwhile the draft is written to `rescue` (a data directory elsewhere, such as the
    temporary folder) and the table is told where, once. The answers themselves are always
    held in memory by the walk-through, so a failing disk costs nothing typed.
    """

    def __init__(self, home: Path, rescue: Path, warn: Callable[[str], None]) -> None:
        self.home = home
        self.rescue = rescue
        self.warn = warn
        self.where: Path | None = None  # the file the answers are in now; None: memory only
        self.away = False  # the last write did not reach the data directory

    def __call__(self, draft: Draft) -> None:
        document = draft.to_dict()
        try:
            path = save_draft(self.home, KIND, document)
        except (StorageError, TypeError, ValueError) as error:  # TOML cannot hold it, or disk
            self._fall_back(document, error)
            return
        if self.away:
            self.warn(f"there is room again: the answers are kept in {path}")
            with contextlib.suppress(StorageError):
                discard_draft(self.rescue, KIND)
        self.where, self.away = path, False

    def _fall_back(self, document: dict[str, Any], error: Exception) -> None:
        try:
            path: Path | None = save_draft(self.rescue, KIND, document)
        except (StorageError, TypeError, ValueError):
            path = None
        if not self.away or path != self.where:
            if path is None:
                self.warn(
                    f"answers cannot be written ({error}); they are held until there "
                    "is room, and written as soon as there is"
                )
            else:
                self.warn(
                    f"answers cannot be kept in the data directory ({error}); they are "
                    f"kept in {path} until it has room again"
                )
        self.where, self.away = path, True
