"""Merging two versions of one session file: key by key, with its result derived again.

Used by an exchange (a file changed here and in the group) and by settling a conflict (one
side chosen for the keys both changed). The stored `[result]` is not merged: it is derived
from the inputs, so when the merged inputs are neither side's own the result is computed
again. The merged file is this side's text with the merged values edited in, so the comments
people wrote stay; only when that edit cannot be proven is it written in the standard layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.core.breakdown import Outcome
from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.renames import group_aliases, renamed_document
from scorekeeper.history.results import with_current_result
from scorekeeper.session import DERIVED, Session, from_dict, inputs_of, to_dict
from scorekeeper.storage import renamelog
from scorekeeper.storage.files import dumps
from scorekeeper.storage.reading import parse_toml
from scorekeeper.storage.textedit import edited
from scorekeeper.storage.userfiles import user_files
from scorekeeper.sync.fields import KeyConflict, Side, merge, same


@dataclass(frozen=True)
class MergedText:
    """The merged file, and the keys both sides changed (their `prefer` value is in it)."""

    text: str
    conflicts: tuple[KeyConflict, ...]
    note: str = ""  # a side that could not be read, and was left out


def is_session(path: str) -> bool:
    return path.startswith("sessions/")


def merge_texts(
    home: Path,
    path: str,
    base: str | None,
    group: str,
    mine: str,
    prefer: Side = "group",
) -> MergedText | None:
    """The two versions of a session merged key by key, or None when they cannot be (not a
    session, no version shared before, a version that does not parse, or merged inputs that
    do not make a valid session): then the file is one value, taken whole. The rename log is
    merged as the union of both sides' entries, never a conflict."""
    if path == renamelog.FILE:
        both = renamelog.merged(group, mine)
        return None if both is None else MergedText(both.text, (), both.unread)
    if base is None or not is_session(path):
        return None
    try:
        documents = [parse_toml(text, path) for text in (base, group, mine)]
    except ScorekeeperError:
        return None
    # A player renamed on one side (or two ways) is the same player on both: compared under
    # the names the group's renames give them now, a rename is no change to merge
    found = group_aliases(home)  # a broken log is reported once the exchange is done
    base_doc, group_doc, mine_doc = (renamed_document(d, found) for d in documents)
    merged = merge(base_doc, group_doc, mine_doc, prefer, ignore=DERIVED)
    for text, document in ((group, group_doc), (mine, mine_doc)):
        if same(merged.document, inputs_of(document)):
            return MergedText(text, merged.conflicts)
    try:
        session = from_dict(merged.document, user_files(home))
        outcome = session.score()
    except ScorekeeperError:
        return None
    return MergedText(_written(mine, merged.document, session, outcome), merged.conflicts)


def _written(text: str, document: dict[str, Any], session: Session, outcome: Outcome) -> str:
    """The merged session as this side's text with the merged values edited in and its
    [result] derived again, comments kept; written anew when the edit is not proven."""
    in_place = edited(text, document, kept=DERIVED)
    if in_place is None:
        return dumps(to_dict(session, outcome))
    try:
        return with_current_result(in_place, session, outcome) or in_place
    except ScorekeeperError:
        return dumps(to_dict(session, outcome))
