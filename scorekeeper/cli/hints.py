""" "Did you mean": a game, session, series or player that matched nothing gets the closest ones.

The lookups themselves (the title registry, `history.find_play`, the series and renaming
code) raise their error through `errors.not_found`, which records the kind, the name that
matched nothing and the names that exist, which the lookup had at hand; here the one is
compared with the others. Only on the error path: nothing here runs otherwise, and nothing
here reads the data directory.
"""

from __future__ import annotations

from scorekeeper.errors import ScorekeeperError
from scorekeeper.text.suggest import did_you_mean


def with_hint(error: ScorekeeperError) -> str:
    """The error's message; when it says a name matched nothing, with the closest names in
    place of its own advice (when any is close)."""
    missing = error.missing
    if missing is None:
        return str(error)
    hint = did_you_mean(missing.asked, list(missing.known))
    return f"{missing.subject}; {hint}" if hint else str(error)
