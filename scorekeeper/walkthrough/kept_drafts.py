"""The walk-through's drafts kept in a data directory: the current one and those set aside
(dropped by the table, or damaged), listed, brought back, and cleared when old.

A draft set aside stays beside the current one for KEEP_DAYS days; the first walk-through to
start after that moves it into the trash (`trash/drafts/`), which scorekeeper never empties.
Nothing here destroys a file.
"""

from __future__ import annotations

import getpass
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from scorekeeper.errors import ScorekeeperError, StorageError
from scorekeeper.games import find_game
from scorekeeper.storage.documents import DRAFTS, draft_path, set_aside_draft
from scorekeeper.storage.files import digest
from scorekeeper.storage.lock import held_while_open
from scorekeeper.storage.reading import DRAFT, read_toml
from scorekeeper.walkthrough.draft import KIND, Draft

KEEP_DAYS = 30
CURRENT = "current"
DROPPED = "dropped"  # a draft the user chose not to resume or save
DAMAGED = "damaged"  # a draft that could not be read, set aside by the walk-through
RESCUED = "rescued"  # kept in the temporary folder while the data directory was full


class DraftError(ScorekeeperError):
    """A kept draft that is not there, or cannot be brought back."""


@dataclass(frozen=True)
class KeptDraft:
    """One draft on disk: `draft` is None when it cannot be read (`problem` says why)."""

    id: str  # "current", or the short id of one set aside
    state: str  # CURRENT, DROPPED or DAMAGED
    path: Path
    set_aside: datetime | None
    draft: Draft | None
    problem: str = ""

    def to_json(self) -> dict[str, Any]:
        """The `drafts --json` object (docs/walkthrough.md: its shape)."""
        draft = self.draft
        return {
            "id": self.id,
            "state": self.state,
            "file": str(self.path),
            "set_aside": self.set_aside.isoformat() if self.set_aside else None,
            "game": find_game(draft.game).id if draft and draft.game else None,
            "players": draft.names if draft else [],
            "started": draft.started.isoformat() if draft else None,
            "stage": draft.stage if draft else None,
            "live": bool(draft and draft.answers.get("walk", {}).get("live")),
            "problem": self.problem or None,
        }


@dataclass(frozen=True)
class Restored:
    """A dropped draft made current: where it is now, and where the previous one went."""

    kept: KeptDraft
    path: Path
    previous: Path | None


def open_lock(home: Path) -> Path:
    """The file a running walk-through holds locked (`held_while_open`)."""
    return draft_path(home, KIND).with_name(f".{KIND}.open")


def draft_id(aside: Path) -> str:
    """The short id of a draft set aside: the random end of its name."""
    return aside.name.rsplit("-", 1)[-1]


def kept_drafts(home: Path) -> list[KeptDraft]:
    """The current draft first, then one kept in the rescue folder while the data directory
    was full (`score --resume` brings it home), then those set aside, newest first."""
    found = []
    current = draft_path(home, KIND)
    if os.path.lexists(current):
        draft, problem = _read(current)
        found.append(KeptDraft(CURRENT, CURRENT, current, None, draft, problem))
    rescued = draft_path(rescue_home(home), KIND)
    if os.path.lexists(rescued):
        draft, problem = _read(rescued)
        found.append(KeptDraft(RESCUED, RESCUED, rescued, None, draft, problem))
    for aside in DRAFTS.asides(home, KIND):
        if aside.why == DAMAGED:
            draft, problem = None, "set aside as damaged"
        else:
            draft, problem = _read(aside.path)
        found.append(KeptDraft(aside.id, aside.why, aside.path, aside.when, draft, problem))
    return found


def _read(path: Path) -> tuple[Draft | None, str]:
    try:
        return Draft.from_dict(read_toml(path, DRAFT)), ""
    except StorageError as error:
        return None, str(error).removeprefix(f"{path}: ")


def restore(home: Path, wanted: str) -> Restored:
    """Make the dropped draft `wanted` (its id or file name) the current one; a current draft
    is set aside first (as dropped, or as damaged when it cannot be read). Refused while a
    walk-through has the drafts open, and for a draft that cannot be resumed."""
    _find(wanted, _set_aside(kept_drafts(home)))  # a wrong id refused before any file is made
    with held_while_open(open_lock(home)) as mine:
        if not mine:
            raise DraftError(
                "a walk-through is open in another terminal; finish or stop it "
                "there, then run this again"
            )
        found = kept_drafts(home)
        kept = _find(wanted, _set_aside(found))  # again, as it is now the lock is held
        if kept.draft is None:
            raise DraftError(
                f"draft {kept.id} cannot be resumed ({kept.problem}); its file "
                f"is kept as {kept.path}"
            )
        current = next((k for k in found if k.state == CURRENT), None)
        previous = None
        if current is not None:
            why = DROPPED if current.draft is not None else DAMAGED
            previous = set_aside_draft(home, KIND, why)
        return Restored(kept, DRAFTS.put_back(home, KIND, kept.path), previous)


def _set_aside(found: list[KeptDraft]) -> list[KeptDraft]:
    return [kept for kept in found if kept.state not in (CURRENT, RESCUED)]


def _find(wanted: str, asides: list[KeptDraft]) -> KeptDraft:
    matches = [k for k in asides if wanted in (k.id, k.path.name)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        names = ", ".join(k.path.name for k in matches)
        raise DraftError(f"{wanted!r} names {len(matches)} drafts; give its file name: {names}")
    if not asides:
        raise DraftError(f"no dropped draft {wanted!r}: none is kept")
    ids = ", ".join(k.id for k in asides)
    raise DraftError(f"no dropped draft {wanted!r}; the ids are: {ids}")


def clear_old(home: Path, now: datetime | None = None) -> list[Path]:
    """Move drafts set aside more than KEEP_DAYS days ago into the trash; returns where they
    went. One listing of the drafts folder when nothing is old: cheap at every start."""
    cutoff = (now or datetime.now()) - timedelta(days=KEEP_DAYS)
    return [DRAFTS.to_trash(home, a.path) for a in DRAFTS.asides(home, KIND) if a.when < cutoff]


def rescue_home(home: Path) -> Path:
    """Where the draft of `home` goes while that data directory cannot take it (a full
    disk): the temporary folder, one place per user and data directory."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no name for this user id
        user = "user"
    which = digest(str(home.resolve()).encode())[:12]
    return Path(tempfile.gettempdir()) / f"scorekeeper-{user}-{which}"
