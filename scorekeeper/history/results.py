"""A saved game's [result] record kept true to its inputs.

The history always scores the inputs; the [result] a file carries is a record of what it
scored when saved, with the fingerprint of the inputs it came from. When the inputs change
under it (a hand correction, `history edit --editor`, a rename, a merge from the group), the
fingerprint no longer matches, and the record is derived again and written back in place:
only the [result] tables change, the rest of the file stays as the person wrote it, and the
new text is parsed back to prove the inputs are untouched before it replaces the file (the
previous version goes to the trash, like any correction). A record that still matches its
inputs is left alone even when the current rules score the game differently: that is what
`history rescore` reports (see docs/session-format.md).
"""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.core.breakdown import Outcome
from scorekeeper.errors import ScorekeeperError
from scorekeeper.session import Session, inputs_of, result_is_current, result_table
from scorekeeper.storage.files import dumps
from scorekeeper.storage.lock import locked_if_free
from scorekeeper.storage.reading import parse_toml
from scorekeeper.storage.trash import replace_session

# A table header of the [result] record: [result], [result.x], [[result.players]], ...
_RESULT_HEADER = re.compile(r"^\s*\[\[?\s*(?:result|\"result\"|'result')\s*[\].]")
_ANY_HEADER = re.compile(r"^\s*\[")


def with_current_result(text: str, session: Session, outcome: Outcome) -> str | None:
    """The file's text with its [result] record derived again from `session`, or None when
    the record is current already, absent, or cannot be replaced safely."""
    document = parse_toml(text, "the session")
    stored = document.get("result")
    if not isinstance(stored, dict) or result_is_current(stored, session) is not False:
        return None
    before, after = _around_result(text)
    fresh = dumps({"result": result_table(session, outcome)})
    new_text = before.rstrip("\n") + "\n\n" + fresh + (("\n" + after) if after.strip() else "")
    try:
        rewritten = parse_toml(new_text, "the session")
    except ScorekeeperError:
        return None
    if inputs_of(rewritten) != inputs_of(document):
        return None
    return new_text


def refresh_result(home: Path, path: Path, session: Session, outcome: Outcome) -> bool:
    """Write the derived [result] back into a saved file whose record went stale; skipped
    (False) when it is current, when another command holds the data directory, or when the
    file cannot be written: reading the history never fails for it."""
    try:
        text = path.read_text(encoding="utf-8")
        new_text = with_current_result(text, session, outcome)
        if new_text is None:
            return False
        with locked_if_free(home) as held:
            if not held or path.read_text(encoding="utf-8") != text:
                return False
            replace_session(home, path, session, outcome, new_text, derived=True)
    except (OSError, UnicodeDecodeError, ScorekeeperError):
        return False
    return True


def _around_result(text: str) -> tuple[str, str]:
    """The text before the [result] record and what follows it that is not part of it (other
    tables, and every comment the person wrote, kept where the record was)."""
    lines = text.splitlines(keepends=True)
    before: list[str] = []
    after: list[str] = []
    inside = False
    seen = False
    for line in lines:
        if _ANY_HEADER.match(line):
            inside = bool(_RESULT_HEADER.match(line))
            seen = seen or inside
        if not inside:
            (after if seen else before).append(line)
        elif line.lstrip().startswith("#"):
            after.append(line)
    return "".join(before), "".join(after)
