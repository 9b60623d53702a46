"""`history rescore`: every saved game scored again and compared with its [result] record,
telling a change of the rules from a file corrected since it was saved, and the games that
another house ruling would change."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any

from scorekeeper.core.breakdown import Outcome
from scorekeeper.core.rulings import Rulings
from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.archive import load
from scorekeeper.history.plays import Play, oldest_first, result_changes
from scorekeeper.session import Session, result_is_current
from scorekeeper.storage.session_files import read_session
from scorekeeper.storage.sessions import Unreadable, read_stored_result


class Cause(Enum):
    """Why a stored result differs from the one computed now."""

    RULES = "rules"  # the record matches the file's inputs: the scoring changed
    CORRECTED = "corrected"  # the file's inputs changed since the record was derived
    UNKNOWN = "unknown"  # a record without a fingerprint (an earlier release, or by hand)


@dataclass(frozen=True)
class Rescored:
    """`history rescore`: every play scored again, what changed against its record and why."""

    plays: list[Play]
    changed: list[tuple[Play, list[str], Cause]]
    without_record: int
    unreadable: list[Unreadable]
    effects: list[RulingEffect]  # the games another house ruling would change


def rescore(home: Path) -> Rescored:
    """Score every saved game again and compare with the record it was saved with."""
    loaded = load(home, rescore=True)
    changed: list[tuple[Play, list[str], Cause]] = []
    without = 0
    for play in oldest_first(loaded.plays):
        path = Path(play.file)
        stored = read_stored_result(path)
        if stored is None:
            without += 1
            continue
        changes = result_changes(stored, play)
        if changes:
            changed.append((play, changes, _cause(stored, path, home)))
    effects = ruling_effects(home, oldest_first(loaded.plays))
    return Rescored(loaded.plays, changed, without, loaded.unreadable, effects)


def _cause(stored: dict[str, Any], path: Path, home: Path) -> Cause:
    try:
        current = result_is_current(stored, read_session(path, home))
    except ScorekeeperError:
        return Cause.UNKNOWN
    return {True: Cause.RULES, False: Cause.CORRECTED, None: Cause.UNKNOWN}[current]


@dataclass(frozen=True)
class RulingEffect:
    """A saved game whose result another choice on one open point would change: the ruling's
    full id, the choice, and what would change ("Ana: total 5 -> 6")."""

    ruling: str
    choice: int | str
    play: Play
    changes: tuple[str, ...]


def ruling_effects(home: Path, plays: list[Play]) -> list[RulingEffect]:
    """For every saved game of a title with house rulings, each choice other than the one it
    was scored under that would change a total or the winners (files that cannot be read are
    left to `load` to report)."""
    effects: list[RulingEffect] = []
    for play in plays:
        try:
            session: Session = read_session(Path(play.file), home)
            outcome = session.score()
        except ScorekeeperError:
            continue
        for ruling in session.game.rulings:
            for choice in ruling.choices:
                if choice == session.rulings.value(ruling):
                    continue
                other = replace(
                    session, rulings=Rulings(((ruling.id, choice),)).over(session.rulings)
                )
                changes = _differences(outcome, other.score())
                if changes:
                    full = f"{session.game.id}.{ruling.id}"
                    effects.append(RulingEffect(full, choice, play, changes))
    return effects


def _differences(before: Outcome, after: Outcome) -> tuple[str, ...]:
    """'Ana: total 5 -> 6' for every total that moves, and the winners when they change."""
    totals = {standing.name: standing.total for standing in after.standings}
    changes = [
        f"{s.name}: total {s.total} -> {totals[s.name]}"
        for s in before.standings
        if s.total != totals[s.name]
    ]
    if before.winners != after.winners:
        changes.append(f"winners {', '.join(before.winners)} -> {', '.join(after.winners)}")
    return tuple(changes)
