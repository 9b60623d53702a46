"""Players across the history: case-insensitive names, play counts, and renaming in files.

Renaming edits the text of a session file rather than re-writing it from parsed data, so
the comments and layout people put in their files survive. Every edit is proven exact by
parsing the result and comparing it with the intended document; when that proof fails the
caller falls back to writing the intended document (comments lost) and says so.
"""

from __future__ import annotations

import copy
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from scorekeeper.errors import InputError, ScorekeeperError, Where
from scorekeeper.history.plays import Play, oldest_first, spellings
from scorekeeper.storage.renamelog import Aliases
from scorekeeper.text import visible
from scorekeeper.text.names import check_name


class RenameError(ScorekeeperError):
    """A rename would put one name twice in a session, or the old name is nowhere."""


def check_new_name(value: str) -> str:
    """A name a rename may give: a valid name with no control or format character, which
    would be invisible (or worse, a NUL) wherever the name is shown, exported or shared."""
    name = check_name(value)
    if visible(name) != name:
        raise InputError(
            "expected visible characters only (no control or format characters), got "
            f"'{visible(name)}'",
            Where(key="name"),
        )
    return name


@dataclass(frozen=True)
class PlayerCount:
    """How much one player has played."""

    name: str
    plays: int
    wins: int  # games against opponents won (shared victories count)
    last: date | None
    was: tuple[str, ...] = ()  # the names the group's renames took from this player


def with_former(rows: Iterable[PlayerCount], found: Aliases) -> list[PlayerCount]:
    """Each player with the old names the rename log gives them (`Anabel (was Ana)`)."""
    return [replace(row, was=found.former(row.name)) for row in rows]


def player_counts(plays: Iterable[Play]) -> list[PlayerCount]:
    """Every player, most plays first, spelled as in their latest session."""
    ordered = oldest_first(plays)
    names = spellings(ordered)
    counts: dict[str, list[int]] = {}
    last: dict[str, date | None] = {}
    for play in ordered:
        for result in play.results:
            key = result.name.casefold()
            entry = counts.setdefault(key, [0, 0])
            entry[0] += 1
            entry[1] += result.is_winner and not play.is_solo
            last[key] = play.day or last.get(key)
    rows = [PlayerCount(names[k], plays_, wins, last[k]) for k, (plays_, wins) in counts.items()]
    return sorted(rows, key=lambda p: (-p.plays, p.name.casefold()))


def _same(a: object, b: str) -> bool:
    return isinstance(a, str) and a.strip().casefold() == b.strip().casefold()


def rename_document(doc: Mapping[str, Any], old: str, new: str) -> dict[str, Any] | None:
    """The document with player `old` called `new`; None when `old` does not play in it.

    The [result] record is renamed too (player names and winners) so it keeps matching the
    inputs; its tie-break sentence is prose and is left as written.
    """
    players = doc.get("players")
    if not isinstance(players, list):
        return None
    seats = [i for i, p in enumerate(players) if isinstance(p, dict) and _same(p.get("name"), old)]
    if not seats:
        return None
    for i, player in enumerate(players):
        if i not in seats and isinstance(player, dict) and _same(player.get("name"), new):
            raise RenameError(f"{player['name']!r} already plays in this session")
    renamed = copy.deepcopy(dict(doc))
    for i in seats:
        renamed["players"][i]["name"] = new
    result = renamed.get("result")
    if isinstance(result, dict):
        for entry in result.get("players", []):
            if isinstance(entry, dict) and _same(entry.get("name"), old):
                entry["name"] = new
        winners = result.get("winners")
        if isinstance(winners, list):
            result["winners"] = [new if _same(w, old) else w for w in winners]
    return renamed


# Comments and multi-line strings are matched first so that nothing inside them is touched.
_TOKENS = re.compile(
    r"""(?P<skip>\#[^\n]*|\"\"\"(?:[^\\]|\\[\s\S])*?\"{3,5}|'''[\s\S]*?'{3,5})"""
    r"""|(?P<string>"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
)
_NAME_KEY = re.compile(r"(?:^|[\s{,.])name\s*=\s*$")


def quote(text: str) -> str:
    """A TOML basic string for any text."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _edit(text: str, old: str, new: str, only_name_keys: bool) -> str:
    pieces = []
    last = 0
    for match in _TOKENS.finditer(text):
        token = match.group("string")
        if token is None:
            continue
        if only_name_keys:
            line_start = text.rfind("\n", 0, match.start()) + 1
            if not _NAME_KEY.search(text[line_start : match.start()]):
                continue
        try:
            value = tomllib.loads(f"v = {token}")["v"]
        except tomllib.TOMLDecodeError:
            continue
        if _same(value, old):
            pieces += [text[last : match.start()], quote(new)]
            last = match.end()
    pieces.append(text[last:])
    return "".join(pieces)


def rename_text(text: str, wanted: Mapping[str, Any], old: str, new: str) -> str | None:
    """The file text with `old` renamed in place, comments kept; None when no edit could be
    proven to give exactly `wanted` (the caller then writes `wanted` from data).
    """
    for only_name_keys in (False, True):
        edited = _edit(text, old, new, only_name_keys)
        try:
            if tomllib.loads(edited) == wanted:
                return edited
        except tomllib.TOMLDecodeError:
            continue
    return None


def known_names(plays: list[Play]) -> list[str]:
    """The names the walk-through suggests: every player of the history, most played first,
    spelled as in their latest session. A name with control characters cannot be typed at a
    prompt (and breaks completion menus), so it is not suggested."""
    return [count.name for count in player_counts(plays) if visible(count.name) == count.name]
