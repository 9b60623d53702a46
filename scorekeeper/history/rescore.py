"""`history rescore`: every saved game scored again and compared with its [result] record,
telling a change of the rules from a file corrected since it was saved."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.archive import load
from scorekeeper.history.plays import Play, oldest_first, result_changes
from scorekeeper.session import result_is_current
from scorekeeper.storage import Unreadable, read_session, read_stored_result


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
    return Rescored(loaded.plays, changed, without, loaded.unreadable)


def _cause(stored: dict[str, Any], path: Path, home: Path) -> Cause:
    try:
        current = result_is_current(stored, read_session(path, home))
    except ScorekeeperError:
        return Cause.UNKNOWN
    return {True: Cause.RULES, False: Cause.CORRECTED, None: Cause.UNKNOWN}[current]
