""" "Did you mean": a game, session, series or player that matched nothing gets the closest ones.

The lookups themselves (the title registry, `history.find_play`, the series and renaming
code) say only that nothing matched; the error's message names what was asked for, and here
that name is compared with what exists. Only on the error path: nothing here runs otherwise.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from scorekeeper.errors import ScorekeeperError, UnknownGameError
from scorekeeper.suggest import did_you_mean

_QUOTED = r"""(?P<name>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
"""A name as the messages quote it, with repr()."""


def game_names() -> list[str]:
    """Every id and alias a game can be named by."""
    from scorekeeper.games import TITLES

    return [name for title in TITLES for name in (title.id, *title.aliases)]


def session_ids(home: Path) -> list[str]:
    """The short id of every readable session, newest first."""
    from scorekeeper.cli.records import load
    from scorekeeper.history import newest_first

    return [play.id for play in newest_first(load(home).plays)]


def series_names(home: Path) -> list[str]:
    """Every series, defined by a file or named by a session."""
    from scorekeeper.cli.records import load
    from scorekeeper.storage import Unreadable, iter_series

    defined = [d.name for d in iter_series(home) if not isinstance(d, Unreadable)]
    named = [play.series for play in load(home).plays if play.series]
    return list(dict.fromkeys([*defined, *named]))


def player_names(home: Path) -> list[str]:
    """Every player of the history, most played first."""
    from scorekeeper.cli.records import known_names, load

    return known_names(load(home).plays)


_HOMELESS: list[tuple[type[ScorekeeperError], str, Callable[[], Iterable[str]]]] = [
    (UnknownGameError, "unknown game ", game_names),
]
_IN_HOME: list[tuple[str, str, Callable[[Path], Iterable[str]]]] = [
    ("HistoryError", "no session ", session_ids),
    ("SeriesError", "no series ", series_names),
    ("RenameError", "no session has a player named ", player_names),
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


def _hinted(message: str, opening: str, names: Callable[[], Iterable[str]]) -> str:
    """'unknown game 'Hungr'; did you mean 'hungry'?' in place of the message's own advice."""
    found = re.match(re.escape(opening) + _QUOTED + r"(;|$)", message)
    if found is None:
        return message
    asked = ast.literal_eval(found["name"])
    hint = did_you_mean(asked, names()) if isinstance(asked, str) else ""
    return f"{message[: found.end('name')]}; {hint}" if hint else message
