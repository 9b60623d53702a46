""" "Did you mean": a game, session, series or player that matched nothing gets the closest ones.

The lookups themselves (the title registry, `history.find_play`, the series and renaming
code) raise their error through `errors.not_found`, which records the kind and the name that
matched nothing; here that name is compared with what exists. Only on the error path:
nothing here runs otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from scorekeeper.cli import known
from scorekeeper.cli.known import Known
from scorekeeper.errors import ScorekeeperError
from scorekeeper.text.suggest import did_you_mean

IN_HOME: dict[str, Callable[[Path], Known]] = {
    "session": known.sessions,
    "series": known.series,
    "player": known.players,
}
"""Kinds of names found in the data directory; games come from the registry."""


def with_hint(error: ScorekeeperError, home: Callable[[], Path] | None = None) -> str:
    """The error's message; when it says a name matched nothing, with the closest names in
    place of its own advice.

    `home` gives the data directory for sessions, series and players (without it only games
    are suggested). A history that cannot be read leaves the message as it is.
    """
    message = str(error)
    missing = error.missing
    if missing is None:
        return message
    try:
        if missing.kind == "game":
            names = known.games()
        elif missing.kind in IN_HOME and home is not None:
            names = IN_HOME[missing.kind](home())
        else:
            return message
    except ScorekeeperError:
        return message
    hint = did_you_mean(missing.asked, [name for name, _ in names])
    return f"{missing.subject}; {hint}" if hint else message
