"""The names a user can type, with a word on each: for "did you mean" and shell completion.

Games come from the registry; sessions, series and players from the data directory (the
play cache makes reading it fast). Each is a list of (name, description), best known first.
"""

from __future__ import annotations

from pathlib import Path

Known = list[tuple[str, str]]


def games() -> Known:
    """Every id and alias a game can be named by, with the title's name."""
    from scorekeeper.games import TITLES

    return [(name, title.name) for title in TITLES for name in (title.id, *title.aliases)]


def sessions(home: Path) -> Known:
    """The short id of every readable session, newest first, with its day and game."""
    from scorekeeper.history.archive import load
    from scorekeeper.history.plays import newest_first

    return [(p.id, f"{p.day or '-'} {p.title}") for p in newest_first(load(home).plays)]


def series(home: Path) -> Known:
    """Every series, defined by a file or named only by sessions."""
    from scorekeeper.history.archive import load
    from scorekeeper.history.series_archive import series_definitions
    from scorekeeper.storage.sessions import Unreadable

    defined = {
        d.name: "defined" for d in series_definitions(home) if not isinstance(d, Unreadable)
    }
    named = {p.series: "named by sessions" for p in load(home).plays if p.series}
    return list({**named, **defined}.items())


def players(home: Path) -> Known:
    """Every player of the history, most played first, with their play count."""
    from scorekeeper.history.archive import load
    from scorekeeper.history.players import known_names, player_counts
    from scorekeeper.text import plural

    plays = load(home).plays
    counts = {count.name: count.plays for count in player_counts(plays)}
    return [(name, plural(counts[name], "play")) for name in known_names(plays)]
