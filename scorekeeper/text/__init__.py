"""Words for people: user-typed text made safe to show, plurals, lists of names, places.

Usable without importing rich.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

_KEEP_FORMAT = {"\u200d"}  # zero-width joiner: part of emoji sequences


def visible(text: str) -> str:
    """Text with control and format characters shown as escapes, so none reach the terminal."""
    out = []
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cf") and char not in _KEEP_FORMAT:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def with_article(noun: str) -> str:
    """'a Comfort', 'an Improvement'."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def plural(number: int, noun: str) -> str:
    """'1 paw', '3 paws': breakdown details read as sentences."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def join_names(names: Sequence[str]) -> str:
    """'Ana', 'Ana and Ben', 'Ana, Ben and Cy'."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def place_text(rank: int, shared: bool) -> str:
    """'2', or '2=' for a place two or more players share (docs/games/README.md, "Places")."""
    return f"{rank}=" if shared else str(rank)
