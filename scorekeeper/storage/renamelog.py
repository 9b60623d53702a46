"""The renames a group shares: `renames.toml`, an append-only log that sync merges as a union.

Each `[[rename]]` table is one operation, never edited once written:

    [[rename]]
    id = "5c0f3a9e81d2b7f4"                 # random: the same rename arriving twice counts once
    at = 2026-12-01 18:00:04.125093+00:00   # when it was made, in UTC: the order of the log
    from = "Ana"
    to = "Anabel"

An undone rename is not deleted (a union with a laptop that still has it would bring it
back): `undo` appends a table with `id`, `at` and `undoes = "<the rename's id>"`, and the
rename stops counting everywhere the log travels.

The log is read oldest first (by `at`, then `id`). Each rename gives the player called
`from` at that point the name `to`: every name that player had becomes an alias of `to`,
and a name given to a player stops being an alias of anyone else. So of two renames of one
player made apart (Ana to Anabel here, Ana to Annie there), the later one wins on every
laptop whatever the order the logs met in, and the pair is reported as a conflict.

What arrives from a group is untrusted: a file that is not valid TOML, or not a list of
tables, is a StorageError naming it; a table with a bad id, time or name is left out and
described in `problems`; nothing in the file is ever run or followed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scorekeeper.errors import InputError, StorageError
from scorekeeper.storage.files import dumps
from scorekeeper.storage.reading import MB, Kind, parse_toml, read_optional
from scorekeeper.text import visible
from scorekeeper.text.names import check_name

FILE = "renames.toml"
RENAMES = Kind("renames file", 1 * MB)  # the most any shared file may hold
HEADER = (
    "# The renames this group shares: `scorekeeper players rename` adds one, `scorekeeper sync`\n"
    "# carries them and renames every game that still has an old name. Written by scorekeeper.\n"
)
_ID = re.compile(r"[0-9a-f]{8,64}")
_KEYS = {"id", "at", "from", "to", "undoes"}


@dataclass(frozen=True)
class Rename:
    """One entry of the log: a rename (`old` to `new`), or the undoing of one (`undoes`)."""

    id: str
    at: datetime  # timezone-aware, UTC when written here
    old: str = ""
    new: str = ""
    undoes: str = ""

    @property
    def order(self) -> tuple[datetime, str]:
        return (self.at, self.id)

    def to_table(self) -> dict[str, Any]:
        table: dict[str, Any] = {"id": self.id, "at": self.at}
        if self.undoes:
            table["undoes"] = self.undoes
        else:
            table["from"] = self.old
            table["to"] = self.new
        return table


@dataclass(frozen=True)
class Log:
    """The usable entries of a log, oldest first, and why any table was left out."""

    entries: tuple[Rename, ...] = ()
    problems: tuple[str, ...] = ()

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(entry.id for entry in self.entries)


@dataclass(frozen=True)
class Conflict:
    """Two renames of one player made apart: `later` is the one kept."""

    earlier: Rename
    later: Rename


@dataclass(frozen=True)
class Aliases:
    """What the log makes of every old name: its player's name now. `names` is keyed by the
    old name in casefold; `spelled` holds each key as the log wrote it."""

    names: dict[str, str] = field(default_factory=dict)
    spelled: dict[str, str] = field(default_factory=dict)
    conflicts: tuple[Conflict, ...] = ()

    def current(self, name: str) -> str:
        """The name a player called `name` has now (`name` itself when never renamed)."""
        return self.names.get(name.strip().casefold(), name)

    def renames(self, name: str) -> bool:
        """Whether a file that writes `name` must change (another name, or its case)."""
        return self.current(name) != name

    def former(self, name: str) -> tuple[str, ...]:
        """The other names the player called `name` had, as the log spells them."""
        key = name.casefold()
        return tuple(
            sorted(
                (self.spelled.get(old, old) for old, now in self.names.items()
                 if now.casefold() == key and old != key),
                key=str.casefold,
            )
        )  # fmt: skip


def log_path(home: Path) -> Path:
    return home / FILE


def _new_id() -> str:
    """Sixteen random hex digits, as `secrets.token_hex(8)` makes them from the same
    `os.urandom`; `secrets` imports hmac and so OpenSSL, about 3 ms of every command that
    reads the log."""
    return os.urandom(8).hex()


def new_rename(old: str, new: str, now: datetime | None = None) -> Rename:
    """A rename made here, now."""
    return Rename(_new_id(), now or datetime.now(UTC), old, new)


def undoing(entries: Iterable[Rename], now: datetime | None = None) -> list[Rename]:
    """The entries that undo each rename of `entries` (undo entries themselves are skipped)."""
    when = now or datetime.now(UTC)
    return [Rename(_new_id(), when, undoes=entry.id) for entry in entries if not entry.undoes]


def parse(text: str, origin: Path | str) -> Log:
    """The log in a file's text; StorageError when the file as a whole is not one."""
    try:
        text.encode("utf-8")  # git hands undecodable bytes over as lone surrogates
    except UnicodeEncodeError:
        raise StorageError(f"{origin}: not UTF-8 text") from None
    document = parse_toml(text, origin)
    tables = document.get("rename", [])
    if not isinstance(tables, list):
        raise StorageError(f"{origin}: key 'rename': expected [[rename]] tables")
    entries: list[Rename] = []
    problems: list[str] = []
    for number, table in enumerate(tables, start=1):
        try:
            entries.append(_entry(table))
        except InputError as error:
            problems.append(f"{origin}: rename {number}: {error}; left out")
    return Log(tuple(union(entries)), tuple(problems))


def _entry(table: object) -> Rename:
    if not isinstance(table, dict):
        raise InputError("expected a table")
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise InputError(f"unknown key {visible(unknown[0])!r}")
    ident = table.get("id")
    if not isinstance(ident, str) or not _ID.fullmatch(ident):
        raise InputError(f"key 'id': expected 8 to 64 hex digits, got {_shown(ident)}")
    at = table.get("at")
    if not isinstance(at, datetime) or at.tzinfo is None:
        raise InputError(f"key 'at': expected a date and time with its offset, got {_shown(at)}")
    undoes = table.get("undoes")
    if undoes is not None:
        if not isinstance(undoes, str) or not _ID.fullmatch(undoes) or len(table) != 3:
            raise InputError("an undo holds only 'id', 'at' and the id it 'undoes'")
        return Rename(ident, at.astimezone(UTC), undoes=undoes)
    names = []
    for key in ("from", "to"):
        try:
            name = check_name(table.get(key))
        except InputError as error:
            raise InputError(f"key {key!r}: {error.message}") from None
        if visible(name) != name:
            raise InputError(f"key {key!r}: expected visible characters, got '{visible(name)}'")
        names.append(name)
    return Rename(ident, at.astimezone(UTC), names[0], names[1])


def _shown(value: object) -> str:
    return visible(repr(value))[:60]


def read(home: Path) -> Log:
    """The data directory's log (empty without a file); StorageError when it is broken."""
    path = log_path(home)
    text = read_optional(path, RENAMES)
    return Log() if text is None else parse(text, path)


def union(*groups: Iterable[Rename]) -> list[Rename]:
    """Every entry of every group once (by id), oldest first. An id written twice with
    different contents (only a hand or a hostile remote does that) keeps one, the same one
    whatever the order the groups come in."""
    chosen: dict[str, Rename] = {}
    for entry in (e for group in groups for e in group):
        kept = chosen.get(entry.id)
        if kept is None or _rank(entry) < _rank(kept):
            chosen[entry.id] = entry
    return sorted(chosen.values(), key=lambda e: e.order)


def _rank(entry: Rename) -> tuple[datetime, str, str, str]:
    return (entry.at, entry.old, entry.new, entry.undoes)


def to_text(entries: Sequence[Rename]) -> str:
    """The file for a log, in scorekeeper's layout."""
    return HEADER + _tables(entries)


def _tables(entries: Sequence[Rename]) -> str:
    """Each entry as a `[[rename]]` table of its own (as people read and git merges them)."""
    return "".join(f"\n[[rename]]\n{dumps(entry.to_table())}" for entry in entries)


def appended(text: str | None, entries: Sequence[Rename], origin: Path | str) -> str:
    """The file's text with `entries` added at its end, so its comments and its entries stay
    as they are (a table this version cannot read is kept for one that can). StorageError
    when the file is not a log to add to."""
    if text is None:
        return to_text(entries)
    parse(text, origin)  # a broken file is named, never overwritten
    joined = text + ("" if text.endswith("\n") or not text else "\n") + _tables(entries)
    parse(joined, origin)
    return joined


@dataclass(frozen=True)
class Merged:
    """Two versions of the log as one, and why a side added nothing (empty when both read)."""

    text: str
    unread: str = ""


def merged(group: str, mine: str) -> Merged | None:
    """Two versions of the log as one: the union of their entries. A side that does not read
    as a log adds nothing, and `unread` says which and why; None when neither reads."""
    logs = []
    unread = []
    for side, text in (("the group's version", group), ("yours", mine)):
        try:
            log = parse(text, FILE)
        except StorageError as error:
            unread.append(f"{side} was left out ({error})")
            continue
        logs.append(log)
        if log.problems:
            more = f" and {len(log.problems) - 1} more" if len(log.problems) > 1 else ""
            first = log.problems[0].removesuffix("; left out")
            unread.append(f"{side} had tables left out ({first}{more})")
    if not logs:
        return None
    return Merged(to_text(union(*(log.entries for log in logs))), "; ".join(unread))


def aliases(entries: Iterable[Rename]) -> Aliases:
    """The log folded oldest first into each old name's current name (see the module).

    Each player is a node of a union-find forest holding the player's name now, so a rename
    costs the same however many names the player had (a log of thousands stays quick)."""
    ordered = sorted(entries, key=lambda e: e.order)
    undone = {entry.undoes for entry in ordered if entry.undoes}
    parent: list[int] = []
    label: list[str] = []  # a player's name now, on the player's root node
    last: dict[int, Rename] = {}  # the rename that gave a player that name
    node: dict[str, int] = {}  # every name (casefold) -> the player it names
    renamed: set[str] = set()  # the names that are old names of someone
    spelled: dict[str, str] = {}
    conflicts: list[Conflict] = []

    def find(at: int) -> int:
        while parent[at] != at:
            parent[at] = parent[parent[at]]
            at = parent[at]
        return at

    for entry in ordered:
        if entry.undoes or entry.id in undone:
            continue
        old, new = entry.old.casefold(), entry.new.casefold()
        if old not in node:
            node[old] = len(parent)
            parent.append(len(parent))
            label.append(entry.old)
        player = find(node[old])
        now = label[player]
        if now.casefold() != old:  # `from` was renamed away already: made apart from that
            conflicts.append(Conflict(last[player], entry))
        spelled.setdefault(now.casefold(), now)
        spelled.setdefault(old, entry.old)
        renamed |= {old, now.casefold()}
        other = find(node[new]) if new in node else player
        if other != player and label[other].casefold() == new:
            parent[other] = player  # renamed to another player's name: one player now
        elif other != player:  # an old name of another player: it is this one's from now on
            node[new] = player
            renamed.discard(new)
        else:
            node[new] = player
        label[player] = entry.new
        last[player] = entry
    names = {key: label[find(node[key])] for key in renamed}
    return Aliases(names, spelled, tuple(conflicts))


def undone(now: bytes, before: bytes | None, origin: Path | str) -> str:
    """The log once the renames a change added (those in `now` and not in `before`) are
    undone: the file as it is, with an undo entry for each at its end."""
    try:
        text = now.decode("utf-8")
        earlier = parse(before.decode("utf-8"), origin).ids if before else frozenset[str]()
    except UnicodeDecodeError:
        raise StorageError(f"{origin}: not UTF-8 text") from None
    added = [entry for entry in parse(text, origin).entries if entry.id not in earlier]
    return appended(text, undoing(added), origin)
