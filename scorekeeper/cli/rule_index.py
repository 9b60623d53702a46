"""The rule notes' search index, for a `rules` question (`rules show`, `rules list`, `games
show` and the completion of rule ids only show or list notes: `rulebook.open_notes`)."""

from __future__ import annotations

from scorekeeper.cli.common import AppState
from scorekeeper.rulebook import Index, open_index


def rule_index(state: AppState) -> Index:
    """The rule notes' search index, cached under --home (or SCOREKEEPER_HOME) when given, so
    that one option holds all that we write, else in the platform's cache directory."""
    if state.home_option is not None:
        return open_index(cache_dir=state.home_option / "cache")
    import platformdirs

    return open_index(cache_dir=platformdirs.user_cache_path("scorekeeper", appauthor=False))
