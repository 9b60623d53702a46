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
from scorekeeper.history.archive import load
from scorekeeper.history.plays import Difference, Play, oldest_first, result_changes
from scorekeeper.history.scoring import Scored
from scorekeeper.session import Session, result_is_current
from scorekeeper.storage.sessions import Unreadable


class Cause(Enum):
    """Why a stored result differs from the one computed now."""

    RULES = "rules"  # the record matches the file's inputs: the scoring changed
    CORRECTED = "corrected"  # the file's inputs changed since the record was derived
    UNKNOWN = "unknown"  # a record without a fingerprint (an earlier release, or by hand)


@dataclass(frozen=True)
class Rescored:
    """`history rescore`: every play scored again, what changed against its record and why."""

    plays: list[Play]
    changed: list[tuple[Play, list[Difference], Cause]]
    without_record: int
    unreadable: list[Unreadable]
    effects: list[RulingEffect]  # the games another house ruling would change


def rescore(home: Path) -> Rescored:
    """Score every saved game again and compare with the record it was saved with: each file
    is read and scored once, and its session kept for the comparisons."""
    scored: dict[str, Scored] = {}

    def keep(fresh: Scored) -> None:
        scored[fresh.play.file] = fresh

    loaded = load(home, rescore=True, scored=keep)
    changed: list[tuple[Play, list[Difference], Cause]] = []
    effects: list[RulingEffect] = []
    without = 0
    for play in oldest_first(loaded.plays):
        fresh = scored[play.file]
        if fresh.record is None:
            without += 1
        else:
            changes = result_changes(fresh.record, play)
            if changes:
                changed.append((play, changes, _cause(fresh.record, fresh.session)))
        effects += _ruling_effects(fresh)
    return Rescored(loaded.plays, changed, without, loaded.unreadable, effects)


def _cause(stored: dict[str, Any], session: Session) -> Cause:
    current = result_is_current(stored, session)
    return {True: Cause.RULES, False: Cause.CORRECTED, None: Cause.UNKNOWN}[current]


@dataclass(frozen=True)
class RulingEffect:
    """A saved game whose result another choice on one open point would change: the ruling's
    full id, the choice, and what would change (a total, or the winners)."""

    ruling: str
    choice: int | str
    play: Play
    changes: tuple[Difference, ...]


def _ruling_effects(scored: Scored) -> list[RulingEffect]:
    """For a saved game of a title with house rulings, each choice other than the one it was
    scored under that would change a total or the winners."""
    session, outcome = scored.session, scored.outcome
    effects: list[RulingEffect] = []
    for ruling in session.game.rulings:
        for choice in ruling.choices:
            if choice == session.rulings.value(ruling):
                continue
            other = replace(session, rulings=Rulings(((ruling.id, choice),)).over(session.rulings))
            changes = _differences(outcome, other.score())
            if changes:
                full = f"{session.game.id}.{ruling.id}"
                effects.append(RulingEffect(full, choice, scored.play, changes))
    return effects


def _differences(before: Outcome, after: Outcome) -> tuple[Difference, ...]:
    """Every total that moves, and the winners when they change."""
    totals = {standing.name: standing.total for standing in after.standings}
    changes = [
        Difference("total", s.name, s.total, totals[s.name])
        for s in before.standings
        if s.total != totals[s.name]
    ]
    if before.winners != after.winners:
        changes.append(
            Difference("winners", before=tuple(before.winners), after=tuple(after.winners))
        )
    return tuple(changes)
