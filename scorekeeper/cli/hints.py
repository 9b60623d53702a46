""" "Did you mean": a game, session, series or player that matched nothing gets the closest ones.

The lookups themselves (the title registry, `history.find_play`, the series and renaming
code) say only that nothing matched; the error's message names what was asked for, and here
that name is compared with what exists. Only on the error path: nothing here runs otherwise.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

from scorekeeper.cli import known
from scorekeeper.cli.known import Known
from scorekeeper.errors import ScorekeeperError, UnknownGameError
from scorekeeper.suggest import did_you_mean

_QUOTED = r"""(?P<name>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
"""A name as the messages quote it, with repr()."""


_HOMELESS: list[tuple[type[ScorekeeperError], str, Callable[[], Known]]] = [
    (UnknownGameError, "unknown game ", known.games),
]
_IN_HOME: list[tuple[str, str, Callable[[Path], Known]]] = [
    ("HistoryError", "no session ", known.sessions),
    ("SeriesError", "no series ", known.series),
    ("RenameError", "no session has a player named ", known.players),
]
"""Errors whose names are compared with what the data directory holds (by class name, so
that none of their modules is imported before an error needs it)."""


def with_hint(error: ScorekeeperError, home: Callable[[], Path] | None = None) -> str:
    """The error's message; when it says a name matched nothing, with the closest names.

    `home` gives the data directory for sessions, series and players (without it only games
    are suggested). A history that cannot be read leaves the message as it is.
    """
    message = str(error)
    for kind, opening, names in _HOMELESS:
        if isinstance(error, kind):
            return _hinted(message, opening, names)
    if home is None:
        return message
    found = [
        (opening, stored) for name, opening, stored in _IN_HOME if type(error).__name__ == name
    ]
    if not found:
        return message
    opening, stored = found[0]
    try:
        return _hinted(message, opening, lambda: stored(home()))
    except ScorekeeperError:
        return message


def _hinted(message: str, opening: str, names: Callable[[], Known]) -> str:
    """'unknown game 'Hungr'; did you mean 'hungry'?' in place of the message's own advice."""
    found = re.match(re.escape(opening) + _QUOTED + r"(;|$)", message)
    if found is None:
        return message
    asked = ast.literal_eval(found["name"])
    hint = did_you_mean(asked, [name for name, _ in names()]) if isinstance(asked, str) else ""
    return f"{message[: found.end('name')]}; {hint}" if hint else message
