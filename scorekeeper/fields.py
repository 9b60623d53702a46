"""Each title's inputs described once, as data: validation, files and prompts derive from it.

A field knows its key, how to check and convert a raw TOML value, how to write it back, and the
rule note that explains it. The walk-through asks questions from the same objects, so a bound
or a help text is written in exactly one place.

Fields are schema constants, built once at import by every command that reads a session, so
they are declared with `schema`: immutable to the type checker, compared by identity, and
without the generated methods that made up most of their import time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, dataclass_transform

from scorekeeper.errors import InputError, Where
from scorekeeper.text import with_article
from scorekeeper.text.suggest import closest as nearest


def _fail(message: str, key: str | None = None) -> InputError:
    return InputError(message, Where(key=key))


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _bounds(low: int, high: int | None, limit: str = "") -> str:
    """'from 0 to 10 (the box has 10 ...)': a bound with the reason for it, when there is one."""
    if high is None:
        return f">= {low}"
    return f"from {low} to {high}" + (f" ({limit})" if limit else "")


def int_range(low: int, high: int | None, limit: str = "") -> str:
    return f"a whole number {_bounds(low, high, limit)}"


def _at_most(count: int | None, limit: str) -> str:
    """' (at most 4: each takes one of your 4 Cottages)' for a list's length."""
    if count is None:
        return ""
    return f" (at most {count}{': ' + limit if limit else ''})"


def _too_many(count: int, nouns: str, limit: str, got: int) -> InputError:
    """'expected at most 4 Improvements (each takes one of your 4 Cottages), got 5'."""
    return _fail(f"expected at most {count} {nouns}{f' ({limit})' if limit else ''}, got {got}")


_C = TypeVar("_C")


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
def schema(cls: type[_C]) -> type[_C]:
    """A keyword-only dataclass that mypy checks as frozen; at run time it skips the frozen
    `__setattr__` and the comparisons, which a schema constant does not need."""
    return dataclass(kw_only=True, eq=False)(cls)


def check_int(value: object, low: int, high: int | None, limit: str = "") -> int:
    """A TOML integer within bounds (bools are not numbers here); `limit` says why the upper
    bound is what it is, and is named when a value passes it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"expected {int_range(low, high)}, got {_show(value)}")
    if value < low or (high is not None and value > high):
        raise _fail(f"expected {int_range(low, high, limit)}, got {_show(value)}")
    return value


@schema
class Field:
    """Common description: key in the file, question label, help and the rule note it cites."""

    key: str
    label: str
    help: str
    rule: str
    required: bool = True
    limit: str = ""
    """Why the upper bound is what it is, from the box ("the box has 10 pot plants"): named in
    the allowed values and in every error about a value past it."""

    def parse(self, raw: object) -> Any:
        """Check a raw TOML value and return the typed value; raise InputError."""
        raise NotImplementedError

    def dump(self, value: Any) -> Any:
        """The TOML value to write for a typed value."""
        return value

    def allowed(self) -> str:
        """The allowed values, in words, for errors and hints."""
        raise NotImplementedError


@schema
class IntField(Field):
    low: int = 0
    high: int | None = None

    def parse(self, raw: object) -> int:
        return check_int(raw, self.low, self.high, self.limit)

    def allowed(self) -> str:
        return int_range(self.low, self.high, self.limit)


@schema
class BoolField(Field):
    def parse(self, raw: object) -> bool:
        if not isinstance(raw, bool):
            raise _fail(f"expected true or false, got {_show(raw)}")
        return raw

    def allowed(self) -> str:
        return "true or false"


@schema
class ChoiceField(Field):
    """One of a fixed set of words; aliases are accepted and written back as the canonical word."""

    choices: tuple[str, ...]
    aliases: Mapping[str, str] = field(default_factory=dict)

    def parse(self, raw: object) -> str:
        if isinstance(raw, str):
            word = raw.strip().lower()
            word = self.aliases.get(word, word)
            if word in self.choices:
                return word
        raise _fail(f"expected one of {', '.join(self.choices)}; got {_show(raw)}")

    def allowed(self) -> str:
        return "one of " + ", ".join(self.choices)


@schema
class IntListField(Field):
    """A list of whole numbers; `labels` name each position when the length is fixed.

    `limit` gives the reason for each number's upper bound, `count_limit` for the length's."""

    low: int = 0
    high: int | None = None
    min_len: int = 0
    max_len: int | None = None
    labels: tuple[str, ...] = ()
    count_limit: str = ""

    def parse(self, raw: object) -> tuple[int, ...]:
        if not isinstance(raw, list):
            raise _fail(f"expected {self.allowed()}, got {_show(raw)}")
        if self.max_len not in (None, self.min_len) and len(raw) > self.max_len:
            raise _too_many(self.max_len, "numbers", self.count_limit, len(raw))
        if len(raw) < self.min_len or (self.max_len is not None and len(raw) > self.max_len):
            raise _fail(f"expected {self._list(counted=False)}, got {len(raw)} numbers")
        try:
            return tuple(check_int(item, self.low, self.high, self.limit) for item in raw)
        except InputError:
            raise _fail(f"expected {self._list(counted=False)}, got {_show(raw)}") from None

    def dump(self, value: tuple[int, ...]) -> list[int]:
        return list(value)

    def allowed(self) -> str:
        return self._list(counted=True)

    def _list(self, counted: bool) -> str:
        """The allowed lists; `counted` adds why the length is bounded."""
        if self.max_len == self.min_len:
            size = f"{self.min_len} "
        elif self.max_len is None:
            size = f"at least {self.min_len} " if self.min_len else ""
        elif self.min_len == 0:
            size = f"up to {self.max_len} "
        else:
            size = f"{self.min_len} to {self.max_len} "
        why = f" ({self.count_limit})" if counted and self.count_limit else ""
        each = _bounds(self.low, self.high, self.limit)
        return f"a list of {size}whole numbers{why}, each {each}"


@schema
class IntOrListField(Field):
    """A total, or one number per card: both forms are kept as written."""

    total: IntField
    items: IntListField

    def parse(self, raw: object) -> int | tuple[int, ...]:
        if isinstance(raw, list):
            return self.items.parse(raw)
        if isinstance(raw, int) and not isinstance(raw, bool):
            return self.total.parse(raw)
        raise _fail(f"expected {self.allowed()}, got {_show(raw)}")

    def dump(self, value: int | tuple[int, ...]) -> int | list[int]:
        return list(value) if isinstance(value, tuple) else value

    def allowed(self) -> str:
        return f"{self.total.allowed()}, or {self.items.allowed()}"


@schema
class CountsField(Field):
    """A table of named counts (missing names are 0), kept as a tuple in `names` order."""

    names: tuple[str, ...]
    low: int = 0
    high: int | None = None

    def parse(self, raw: object) -> tuple[int, ...]:
        if not isinstance(raw, dict):
            raise _fail(f"expected a table of {', '.join(self.names)}, got {_show(raw)}")
        for name in raw:
            if name not in self.names:
                raise _fail(
                    f"unknown key {name!r}; allowed: {', '.join(self.names)}", key=str(name)
                )
        counts = []
        for name in self.names:
            try:
                counts.append(check_int(raw.get(name, 0), self.low, self.high, self.limit))
            except InputError as error:
                raise error.at(key=name) from None
        return tuple(counts)

    def dump(self, value: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(self.names, value, strict=True))

    def allowed(self) -> str:
        each = _bounds(self.low, self.high, self.limit)
        return f"a table of {', '.join(self.names)}, each {each}"


@schema
class StrListField(Field):
    """A list of short texts (names of cards, colours); `limit` says why at most `max_len`."""

    max_len: int | None = None

    def parse(self, raw: object) -> tuple[str, ...]:
        if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
            raise _fail(f"expected {self.allowed()}, got {_show(raw)}")
        if self.max_len is not None and len(raw) > self.max_len:
            raise _too_many(self.max_len, "entries", self.limit, len(raw))
        return tuple(item.strip() for item in raw)

    def dump(self, value: tuple[str, ...]) -> list[str]:
        return list(value)

    def allowed(self) -> str:
        return "a list of texts" + _at_most(self.max_len, self.limit)


@schema
class RecordField(Field):
    """A nested table described by its own fields and built into `build`."""

    fields: tuple[Field, ...]
    build: Callable[..., Any]

    def parse(self, raw: object) -> Any:
        return parse_record(self.fields, raw, self.build)

    def dump(self, value: Any) -> dict[str, Any]:
        return dump_record(self.fields, value)

    def allowed(self) -> str:
        return "a table with " + ", ".join(f.key for f in self.fields)


@schema
class RecordListField(Field):
    """An array of tables, each a RecordField."""

    item: RecordField
    max_len: int | None = None
    header: str = ""
    """How the array's tables open in a session file ("[[players.custom]]"), and"""
    noun: str = "table"
    """what one of them is ("card"): named when a key of the enclosing table was written
    after such a header, which TOML puts into that table instead."""
    outer: tuple[str, ...] = ()
    """The enclosing table's keys."""

    def parse(self, raw: object) -> tuple[Any, ...]:
        if not isinstance(raw, list):
            raise _fail(f"expected an array of tables ({self.item.allowed()}), got {_show(raw)}")
        if self.max_len is not None and len(raw) > self.max_len:
            nouns = f"{self.item.label}s" if self.item.label else "tables"
            raise _too_many(self.max_len, nouns, self.limit, len(raw))
        items = []
        for index, entry in enumerate(raw, start=1):
            strays = [key for key in entry if key in self.outer] if isinstance(entry, dict) else []
            if strays and self.header:
                raise _fail(
                    f"keys after a {self.header} table belong to that {self.noun}; "
                    "move them above it",
                    key=f"{index}.{strays[0]}",
                )
            try:
                items.append(self.item.parse(entry))
            except InputError as error:
                raise error.at(key=str(index)) from None
        return tuple(items)

    def dump(self, value: tuple[Any, ...]) -> list[dict[str, Any]]:
        return [self.item.dump(entry) for entry in value]

    def allowed(self) -> str:
        at_most = _at_most(self.max_len, self.limit)
        return f"an array of tables{at_most} ({self.item.allowed()})"


@schema
class RecordTableField(Field):
    """A table of named records, one for every name (a home's rooms), kept in `names` order.

    `aliases` maps other accepted keys to a name (a room's second name); files are written
    back with the names, and a name given under two keys is an error, not a silent pick.
    With `default`, a name may be left out and stands for `default()` (a room with nothing
    in it); files are written with every name, so the walk-through finds every record.
    """

    names: tuple[str, ...]
    item: RecordField
    aliases: Mapping[str, str] = field(default_factory=dict)
    default: Callable[[], Any] | None = None

    def parse(self, raw: object) -> tuple[Any, ...]:
        if not isinstance(raw, dict):
            raise _fail(f"expected {self.allowed()}, got {_show(raw)}")
        given: dict[str, str] = {}
        for key in raw:
            name = self.aliases.get(key, key)
            if name not in self.names:
                raise _fail(f"unknown key; allowed: {self._keys()}", key=str(key))
            if name in given:
                raise _fail(f"given twice, as {given[name]!r} and {key!r}", key=str(key))
            given[name] = key
        records = []
        for name in self.names:
            if name not in given:
                if self.default is not None:
                    records.append(self.default())
                    continue
                raise _fail(f"missing; expected {self.item.allowed()}", key=name)
            try:
                records.append(self.item.parse(raw[given[name]]))
            except InputError as error:
                raise error.at(key=given[name]) from None
        return tuple(records)

    def dump(self, value: tuple[Any, ...]) -> dict[str, Any]:
        return {
            name: self.item.dump(record) for name, record in zip(self.names, value, strict=True)
        }

    def allowed(self) -> str:
        return f"a table for each of {self._keys()}"

    def _keys(self) -> str:
        also = {name: [a for a, n in self.aliases.items() if n == name] for name in self.names}
        return ", ".join(
            name + (f" (or {', '.join(also[name])})" if also[name] else "") for name in self.names
        )


def parse_record(fields: Sequence[Field], raw: object, build: Callable[..., Any]) -> Any:
    """Check a table against its fields (no unknown keys, required keys present) and build it."""
    if not isinstance(raw, dict):
        raise _fail(f"expected a table, got {_show(raw)}")
    known = {f.key for f in fields}
    for key in raw:
        if key not in known:
            raise _fail(f"unknown key; allowed: {', '.join(sorted(known))}", key=str(key))
    values: dict[str, Any] = {}
    for f in fields:
        if f.key not in raw:
            if f.required:
                raise _fail(f"missing; expected {f.allowed()}", key=f.key)
            continue
        try:
            values[f.key] = f.parse(raw[f.key])
        except InputError as error:
            raise error.at(key=f.key) from None
    return build(**values)


def dump_record(fields: Sequence[Field], value: Any) -> dict[str, Any]:
    """The TOML table for a built record; None (an omitted optional) is left out."""
    table: dict[str, Any] = {}
    for f in fields:
        item = getattr(value, f.key)
        if item is not None:
            table[f.key] = f.dump(item)
    return table


@schema
class TextField(Field):
    """One short line of text (a card's name, a label)."""

    max_len: int = 60

    def parse(self, raw: object) -> str:
        if not isinstance(raw, str) or not raw.strip():
            raise _fail(f"expected {self.allowed()}, got {_show(raw)}")
        if len(raw.strip()) > self.max_len:
            raise _fail(f"expected {self.allowed()}, got {len(raw.strip())} characters")
        return raw.strip()

    def allowed(self) -> str:
        return f"a text of 1 to {self.max_len} characters"


def fold(name: str) -> str:
    """The form names are compared in: case and runs of spaces ignored."""
    return " ".join(name.casefold().split())


def closest(name: str, names: Sequence[str]) -> str:
    """' (did you mean 'Hearth'?)' for a near miss, else an empty string."""
    near = nearest(" ".join(name.split()), names)
    if not near:
        return ""
    return f" (did you mean {' or '.join(repr(known) for known in near)}?)"


@schema
class NamesField(Field):
    """A list of names from a known set, matched ignoring case and written back canonically.

    `names` is called at parse time, so the set can come from data loaded later (a card
    catalogue a user can extend). A name may repeat unless `unique`.
    """

    names: Callable[[], Sequence[str]]
    noun: str = "name"
    unique: bool = False
    max_len: int | None = None
    elsewhere: Callable[[str], str | None] | None = None
    """For an unknown name, where it belongs instead ("an Improvement: ..."), if anywhere."""

    def parse(self, raw: object) -> tuple[str, ...]:
        if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
            raise _fail(f"expected {self.allowed()}, got {_show(raw)}")
        if self.max_len is not None and len(raw) > self.max_len:
            raise _too_many(self.max_len, f"{self.noun}s", self.limit, len(raw))
        known = list(self.names())
        by_fold = {fold(name): name for name in known}
        out: list[str] = []
        for item in raw:
            name = by_fold.get(fold(item))
            if name is None:
                belongs = self.elsewhere(item) if self.elsewhere else None
                if belongs:
                    raise _fail(f"{item!r} is not {with_article(self.noun)} but {belongs}")
                raise _fail(f"unknown {self.noun} {item!r}{closest(item, known)}")
            if self.unique and name in out:
                raise _fail(f"{name!r} is listed twice; each {self.noun} can appear only once")
            out.append(name)
        return tuple(out)

    def dump(self, value: tuple[str, ...]) -> list[str]:
        return list(value)

    def allowed(self) -> str:
        return f"a list of {self.noun}s{_at_most(self.max_len, self.limit)}"
