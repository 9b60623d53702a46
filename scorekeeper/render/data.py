"""Results as JSON for scripts (`score --json`, `history export --format json`): the tie-break
and the warnings in words, made here when shown (files and caches keep them as data)."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.breakdown import Outcome
from scorekeeper.history.plays import Play, to_json
from scorekeeper.render.sentences import tiebreak_text, warnings_text
from scorekeeper.session import standings_data


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """The spec's machine-readable shape (`score --json`), plus per-line details."""
    warnings = warnings_text(outcome)
    return {
        "game": outcome.game,
        "players": standings_data(outcome),
        "winners": list(outcome.winners),
        "tiebreak": tiebreak_text(outcome.game, outcome.tiebreak),
        **({"warnings": list(warnings)} if warnings else {}),
        **({"title": outcome.title} if outcome.title else {}),
    }


def play_to_json(play: Play) -> dict[str, Any]:
    """One saved game for `history export --format json`, its tie-break in words."""
    return {**to_json(play), "tiebreak": tiebreak_text(play.game, play.tiebreak)}
