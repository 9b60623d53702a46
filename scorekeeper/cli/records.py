"""What the history, series, stats and players commands share: loading plays, parsing options."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.cli.common import fail

if TYPE_CHECKING:
    from scorekeeper.history import Play
    from scorekeeper.storage import Unreadable


@dataclass(frozen=True)
class Loaded:
    """The usable plays (file order) and the files that could not be used."""

    plays: list[Play]
    unreadable: list[Unreadable]


def load(home: Path) -> Loaded:
    """Read and score every session file; a file that cannot be scored counts as unreadable."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.history import from_session
    from scorekeeper.storage import Unreadable, iter_sessions

    plays: list[Play] = []
    unreadable: list[Unreadable] = []
    for entry in iter_sessions(home):
        if isinstance(entry, Unreadable):
            unreadable.append(entry)
            continue
        path, session = entry
        try:
            outcome = session.score()
        except ScorekeeperError as error:
            unreadable.append(Unreadable(path, f"{path}: cannot score: {error}"))
            continue
        plays.append(from_session(path, session, outcome))
    return Loaded(plays, unreadable)


def report_unreadable(items: list[Unreadable]) -> None:
    """Each unusable file once, on stderr, so the tables on stdout stay clean."""
    if items:
        from scorekeeper import render

        render.print_unreadable(render.make_console(stderr=True), items)


def game_id(name: str | None) -> str | None:
    """The id of the title named by --game (id, alias or name), or None."""
    if name is None:
        return None
    from scorekeeper.games import find_game

    return find_game(name).id


def day(text: str | None, option: str) -> date | None:
    """A YYYY-MM-DD option value."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise fail(f"{option}: expected a date like 2026-11-29, got {text!r}") from None
