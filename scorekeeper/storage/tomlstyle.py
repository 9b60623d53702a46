"""Written TOML laid out the way people write it: a short array of numbers or words on one line.

tomli-w puts every array item on a line of its own, so a Hungry player's five homes took
seven lines. Session files are read and edited by hand for years, so each array of plain
values that fits in a line is joined onto its key's line. The result is parsed again and
compared with the original text's document; if anything differs, the original is kept.
"""

from __future__ import annotations

import re
import tomllib

MAX_LINE = 100
_ITEM = re.compile(r"^\s+(?P<value>[^\s\[{].*),$")  # one plain value per line, as tomli-w writes


def compact_arrays(text: str) -> str:
    """`text` with every short array of plain values on its key's line; same document."""
    compact = join_arrays(text)
    try:
        same = tomllib.loads(compact) == tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        same = False
    return compact if same else text


def join_arrays(text: str) -> str:
    """tomli-w's `text` with each array of plain values that fits on one line joined onto its
    key's line (unchecked: compact_arrays proves the result)."""
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        joined, end = _joined_array(lines, index) if line.endswith(" = [") else (None, index)
        out.append(joined if joined is not None else line)
        index = end + 1
    return "\n".join(out)


def _joined_array(lines: list[str], start: int) -> tuple[str | None, int]:
    """The array opened on line `start` as one line, and the index of its last line; None
    (and `start`) when it holds tables or arrays, or would not fit."""
    values = []
    index = start + 1
    while index < len(lines) and (item := _ITEM.match(lines[index])):
        values.append(item.group("value"))
        index += 1
    if not values or index == len(lines) or lines[index].strip() != "]":
        return None, start
    joined = f"{lines[start]}{', '.join(values)}]"
    return (joined, index) if len(joined) <= MAX_LINE else (None, start)
