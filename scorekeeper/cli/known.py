"""The names a user can type, with a word on each, for shell completion.

Games come from the registry; sessions, series and players from the data directory (the
play cache makes reading it fast), dropped drafts from the drafts folder, rule ids from the
rule notes. Each is a list of (name, description), best known first. Only `complete` imports
this module, and only when the shell asks: it reads everything a command may be given.
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.games import TITLES
from scorekeeper.history.archive import load
from scorekeeper.history.players import known_names, player_counts
from scorekeeper.history.plays import newest_first
from scorekeeper.history.series_archive import series_definitions
from scorekeeper.rulebook import open_notes
from scorekeeper.storage.sessions import Unreadable
from scorekeeper.text import plural
from scorekeeper.walkthrough.kept_drafts import DROPPED, kept_drafts

Known = list[tuple[str, str]]


def games() -> Known:
    """Every id and alias a game can be named by, with the title's name."""
    return [(name, title.name) for title in TITLES for name in (title.id, *title.aliases)]


def sessions(home: Path) -> Known:
    """The short id of every readable session, newest first, with its day and game."""
    return [(p.id, f"{p.day or '-'} {p.title}") for p in newest_first(load(home).plays)]


def series(home: Path) -> Known:
    """Every series, defined by a file or named only by sessions."""
    defined = {d.name: "defined" for d in series_definitions(home) if not isinstance(d, Unreadable)}
    named = {p.series: "named by sessions" for p in load(home).plays if p.series}
    return list({**named, **defined}.items())


def players(home: Path) -> Known:
    """Every player of the history, most played first, with their play count."""
    plays = load(home).plays
    counts = {count.name: count.plays for count in player_counts(plays)}
    return [(name, plural(counts[name], "play")) for name in known_names(plays)]


def dropped_drafts(home: Path) -> Known:
    """The ids of the dropped drafts that can be brought back, with what each holds."""
    return [
        (kept.id, kept.draft.summary())
        for kept in kept_drafts(home)
        if kept.state == DROPPED and kept.draft is not None
    ]


def rule_ids(game: object) -> Known:
    """Rule note ids with their titles, of `game` (a name as typed) if it is one."""
    library = open_notes()
    wanted = library.title(game).id if isinstance(game, str) else None
    return [(n.id, n.title) for n in library.notes.values() if wanted in (None, n.game)]
