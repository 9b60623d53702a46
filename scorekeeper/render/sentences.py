"""Results in words, without rich: how a tie was settled and what looks mistyped, for the
screen, JSON and saved files.

The facts come from the scoring core as data (core.breakdown.TieBreak, Caution); each title
words its own tie-breakers (`Game.tie_words`) and warnings (a template), and this module puts
the sentence together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.text import join_names

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Caution, Outcome


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


def caution_text(caution: Caution) -> str:
    """'Ana: 10 tourists entered, ... (see hungry.tourist-count)'."""
    text = caution.words.format_map(dict(caution.values))
    if caution.players:
        text = f"{join_names(caution.players)}: {text}"
    return f"{text} (see {caution.rule})" if caution.rule else text
