"""What a player's name and a series id may be: checked by session files, the walk-through
and the series commands alike, without loading the session model."""

from __future__ import annotations

import re

from scorekeeper.errors import InputError, Where

MAX_NAME = 40
SERIES_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def check_name(value: object) -> str:
    """A player's name: 1 to 40 characters of visible text."""
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"expected a non-empty name, got {value!r}", Where(key="name"))
    name = value.strip()
    if len(name) > MAX_NAME:
        raise InputError(
            f"expected at most {MAX_NAME} characters, got {len(name)}", Where(key="name")
        )
    return name


def check_series(value: object) -> str:
    """A series id: lowercase letters, digits and single dashes."""
    if not isinstance(value, str) or not SERIES_ID.fullmatch(value):
        raise InputError(
            f"expected lowercase letters, digits and '-' (like 'winter-league'), got {value!r}",
            Where(key="series"),
        )
    return value
