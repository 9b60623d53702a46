"""The one hardened reader: every file scorekeeper reads goes through it.

Regular files only (a FIFO, device or socket is refused without blocking), a size cap per
kind of file, and for TOML a bound on nesting, on dotted-key depth and on the length of
numbers, checked before tomllib sees the text (tomllib's time and memory grow with the square
of a dotted key's depth; Python refuses integers past 4,300 digits with a traceback-prone
ValueError). Every failure is a StorageError naming the file.
"""

from __future__ import annotations

import os
import re
import stat
from functools import cache
from pathlib import Path
from typing import Any

from scorekeeper.errors import StorageError
from scorekeeper.storage.files import reason

MAX_NESTING = 32  # arrays and tables inside each other; a session needs about 4
MAX_KEY_PARTS = 32  # parts of one dotted key or table header ("a.b.c" has 3)
MAX_NUMBER_CHARS = 100  # an integer of 100 digits is already no score


class Kind:
    """A kind of file: what to call it in errors, and the most bytes it may hold. (A plain
    class: this module loads with every command, and a dataclass costs start-up time.)"""

    __slots__ = ("max_bytes", "what")

    def __init__(self, what: str, max_bytes: int) -> None:
        self.what = what
        self.max_bytes = max_bytes


KB = 1 << 10
MB = 1 << 20
SESSION = Kind("session file", 1 * MB)  # a session is a few kilobytes
SERIES = Kind("series file", 64 * KB)
DRAFT = Kind("draft", 1 * MB)
REMEMBERED = Kind("remembered answers file", 64 * KB)
CATALOGUE = Kind("card catalogue", 1 * MB)
PLAY_CACHE = Kind("play cache", 256 * MB)  # about 300 bytes a session
JOURNAL = Kind("change journal", 64 * MB)  # about 200 bytes a changed file
RULE_NOTES = Kind("rule notes file", 4 * MB)
RULINGS = Kind("house rulings file", 64 * KB)
CHANGES = Kind("change log", 16 * MB)  # about 300 bytes a change, and renames list every file


def _size(count: int) -> str:
    return f"{count // MB} MB" if count >= MB else f"{count // KB} KB"


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "Is a directory"
    if stat.S_ISFIFO(mode):
        return "not a regular file (a named pipe)"
    if stat.S_ISSOCK(mode):
        return "not a regular file (a socket)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "not a regular file (a device)"
    return "not a regular file"


def read_bytes(path: Path, kind: Kind) -> bytes:
    """The bytes of a regular file of at most `kind.max_bytes`; FileNotFoundError and
    NotADirectoryError pass through (the caller knows whether a missing file is normal)."""
    try:
        status = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        raise
    except OSError as error:
        raise StorageError(f"{path}: cannot read: {reason(error)}") from None
    if not stat.S_ISREG(status.st_mode):
        raise StorageError(f"{path}: cannot read: {_kind_of(status.st_mode)}")
    too_big = f"{path}: larger than {_size(kind.max_bytes)}: not a {kind.what}"
    if status.st_size > kind.max_bytes:
        raise StorageError(too_big)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        handle = os.open(path, flags)  # non-blocking: a FIFO swapped in since the stat
    except OSError as error:
        raise StorageError(f"{path}: cannot read: {reason(error)}") from None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise StorageError(f"{path}: cannot read: {_kind_of(status.st_mode)}")
        chunks = []
        left = kind.max_bytes + 1
        while left > 0:
            chunk = os.read(handle, min(left, MB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise StorageError(f"{path}: cannot read: {reason(error)}") from None
    finally:
        os.close(handle)
    data = b"".join(chunks)
    if len(data) > kind.max_bytes:
        raise StorageError(too_big)
    return data


def read_text(path: Path, kind: Kind) -> str:
    """The UTF-8 text of a regular file (see `read_bytes`)."""
    try:
        return read_bytes(path, kind).decode("utf-8")
    except UnicodeDecodeError:
        raise StorageError(f"{path}: not UTF-8 text") from None


def read_existing(path: Path, kind: Kind) -> str:
    """The text of a file that must be there: a missing one is a StorageError too."""
    try:
        return read_text(path, kind)
    except (FileNotFoundError, NotADirectoryError) as error:
        raise StorageError(f"{path}: cannot read: {reason(error)}") from None


def read_optional(path: Path, kind: Kind) -> str | None:
    """The text of a file that may not exist yet (a draft, a cache): None when absent."""
    try:
        return read_text(path, kind)
    except (FileNotFoundError, NotADirectoryError):
        return None


@cache
def _toml_scan() -> re.Pattern[str]:
    """Strings and comments matched whole, so nothing inside them counts; long numbers; and
    the marks that open, close and separate. (Compiled on first use: start-up time.)"""
    return re.compile(
        r"""(?P<skip>\"\"\"(?:[^\\]|\\[\s\S])*?\"{3,5}|'''[\s\S]*?'{3,5}"""
        r"""|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|\#[^\n]*)"""
        rf"""|(?P<number>(?<![\w-])[+-]?\d\w{{{MAX_NUMBER_CHARS},}})"""
        r"""|(?P<mark>[\[\]{}=,.\n])"""
    )


def toml_shape_problem(text: str) -> str | None:
    """Why tomllib should not be given `text` (too deep, too dotted, too long a number), or
    None. Only the shape is judged: tomllib still decides whether the text is valid TOML."""
    open_brackets: list[str] = []
    in_key = True  # at a key (or a table header), where dots separate key parts
    parts = 1
    for match in _toml_scan().finditer(text):
        if match.lastgroup == "number":
            return f"a number longer than {MAX_NUMBER_CHARS} characters"
        mark = match.group("mark")
        if mark is None:
            continue
        if mark == "\n":
            if not open_brackets:
                in_key, parts = True, 1
        elif mark in "[{":
            open_brackets.append(mark)
            if len(open_brackets) > MAX_NESTING:
                return f"nested more than {MAX_NESTING} deep"
            if mark == "{":
                in_key, parts = True, 1
        elif mark in "]}":
            if open_brackets:
                open_brackets.pop()
            in_key = False
        elif mark == "=":
            in_key = False
        elif mark == ",":
            if open_brackets and open_brackets[-1] == "{":
                in_key, parts = True, 1
        elif in_key:  # a dot
            parts += 1
            if parts > MAX_KEY_PARTS:
                return f"a dotted key of more than {MAX_KEY_PARTS} parts"
    return None


def parse_toml(text: str, origin: Path | str) -> dict[str, Any]:
    """A TOML document, its shape checked first; every problem names `origin`."""
    import tomllib  # noqa: PLC0415 (8 ms: a history read from the play cache parses no TOML)

    problem = toml_shape_problem(text)
    if problem is not None:
        raise StorageError(f"{origin}: not valid TOML: {problem}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        at = re.search(r"at line (\d+)", str(error))  # Python 3.11 has no `lineno` yet
        reason = _nested_table_reason(text, int(at.group(1))) if at else ""
        raise StorageError(f"{origin}: not valid TOML: {error}{reason}") from None
    except ValueError as error:  # an integer past Python's digit limit
        raise StorageError(f"{origin}: not valid TOML: {str(error).split(';')[0]}") from None
    except RecursionError:
        raise StorageError(f"{origin}: not valid TOML: nested too deeply") from None


NESTED_NOUNS = {"custom": "card", "rounds": "round"}  # [[players.custom]], [[players.rounds]]


def _nested_table_reason(text: str, line: int) -> str:
    """'; keys after a [[players.custom]] table belong to that card; move them above it',
    when the line that failed sits under a player's nested table (a player's key repeated
    there, such as a second `name`), else ''."""
    header = ""
    for row in text.splitlines()[: max(line - 1, 0)]:
        stripped = row.strip()
        if stripped.startswith("["):
            header = stripped.split("#", 1)[0].strip()
    match = re.fullmatch(r"\[\[\s*players\.(\w+)\s*\]\]", header)
    if match is None:
        return ""
    noun = NESTED_NOUNS.get(match.group(1), "table")
    return f"; keys after a {header} table belong to that {noun}; move them above it"


def read_toml(path: Path, kind: Kind) -> dict[str, Any]:
    """A TOML file through the hardened reader; a missing one is a StorageError."""
    return parse_toml(read_existing(path, kind), path)


def parse_json(text: str, origin: Path | str) -> Any:
    """A JSON document; deep nesting and huge integers are errors naming `origin`."""
    import json  # noqa: PLC0415 (scoring a file reads no JSON)

    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        detail = "nested too deeply" if isinstance(error, RecursionError) else str(error)
        raise StorageError(f"{origin}: not valid JSON: {detail.split(';')[0]}") from None
