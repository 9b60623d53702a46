"""A scored game as JSON for scripts (`score --json`): the spec's shape, with the tie-break,
the warnings and the prizes nobody took in words, made here when shown (the saved [result]
keeps them as data)."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.breakdown import Outcome
from scorekeeper.render.sentences import tiebreak_text, unclaimed_text, warnings_text
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
        **(
            {"unclaimed": [unclaimed_text(u) for u in outcome.unclaimed]}
            if outcome.unclaimed
            else {}
        ),
    }
