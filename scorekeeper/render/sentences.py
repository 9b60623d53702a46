"""Results in words, without rich: how a tie was settled and what looks mistyped, for the
screen, the walk-through and JSON. Nothing below this layer makes these sentences: results
are stored and cached as data (core.breakdown.TieBreak, Caution) and worded when shown, so a
renamed player or a corrected game never leaves an old sentence behind.

Each title words its own tie-breakers (`Game.tie_words`) and warnings (a template), and this
module puts the sentence together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.games import find_title
from scorekeeper.text import join_names, plural

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Caution, Outcome, TieBreak
    from scorekeeper.history.series import SeriesStanding


def tiebreak_text(game: str, tiebreak: TieBreak | None) -> str | None:
    """'Ana and Ben tied on 16; Ana holds the 2-star holiday home', or None without a tie."""
    if tiebreak is None:
        return None
    words = find_title(game).load().tie_words
    phrases = [f"{join_names(tiebreak.tied)} tied on {tiebreak.total}"]
    phrases += [words[step.rule](step) for step in tiebreak.steps]
    if tiebreak.shared:
        phrases.append(f"{join_names(tiebreak.shared)} share the victory")
    return "; ".join(phrases)


def warnings_text(outcome: Outcome) -> tuple[str, ...]:
    """Every caution of a result as a sentence."""
    return tuple(caution_text(c) for c in outcome.cautions)


def series_tiebreak_text(standings: Sequence[SeriesStanding], is_mixed: bool) -> str | None:
    """Words for a tie for first in a series' standings, as tiebreak_text words a game's."""
    if not standings:
        return None
    top = standings[0]

    def first(s: SeriesStanding) -> float:
        return s.wins if is_mixed else s.total

    tied = [s for s in standings if first(s) == first(top)]
    if len(tied) < 2:
        return None
    names = join_names([s.name for s in tied])
    if is_mixed:
        opening = f"{names} tied on {plural(top.wins, 'win')}"
        second = "best average place"
    else:
        opening = f"{names} tied on {plural(top.total, 'point')}"
        second = "most games won"
    leaders = [s for s in tied if s.rank == 1]
    if len(leaders) == 1:
        return f"{opening}; {leaders[0].name} has the {second}"
    return f"{opening} and the {second}; {join_names([s.name for s in leaders])} share it"


def caution_text(caution: Caution) -> str:
    """'Ana: 10 tourists entered, ... (see hungry.tourist-count)'."""
    text = caution.words.format_map(dict(caution.values))
    if caution.players:
        text = f"{join_names(caution.players)}: {text}"
    return f"{text} (see {caution.rule})" if caution.rule else text
