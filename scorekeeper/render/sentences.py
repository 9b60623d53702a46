"""Results in words, without rich: how a tie was settled, for the screen, JSON and saved files.

The facts come from the scoring core as data (core.breakdown.TieBreak); each title words its
own tie-breakers (`Game.tie_words`), and this module puts the sentence together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.text import join_names

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Outcome


def tiebreak_text(outcome: Outcome) -> str | None:
    """'Ana and Ben tied on 16; Ana holds the 2-star holiday home', or None without a tie."""
    tiebreak = outcome.tiebreak
    if tiebreak is None:
        return None
    from scorekeeper.games import find_title

    words = find_title(outcome.game).load().tie_words
    phrases = [f"{join_names(tiebreak.tied)} tied on {tiebreak.total}"]
    phrases += [words[step.rule](step) for step in tiebreak.steps]
    if tiebreak.shared:
        phrases.append(f"{join_names(tiebreak.shared)} share the victory")
    return "; ".join(phrases)
