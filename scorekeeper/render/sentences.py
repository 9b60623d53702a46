"""Results in words, without rich: how a tie was settled and what looks mistyped, for the
screen, the walk-through and JSON. Nothing below this layer makes these sentences: results
are stored and cached as data (core.breakdown.TieBreak, Caution) and worded when shown, so a
renamed player or a corrected game never leaves an old sentence behind.

The facts come from the scoring core as data (core.breakdown.TieBreak, Caution, Unclaimed); a
tie-breaker is worded here (each tied player's deciding holding, from the title's `holding`
template in the TieStep) or by its title (`Game.tie_words`), warnings from the title's
template, and this module puts the sentence together. A line a house ruling decided is
marked here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.games import find_title
from scorekeeper.text import join_names, plural, with_article

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Caution, Line, Outcome, Unclaimed
    from scorekeeper.core.tiebreak import TieBreak, TieStep
    from scorekeeper.history.series import SeriesStanding

HOUSE_RULING = "(house ruling)"


def tiebreak_text(game: str, tiebreak: TieBreak | None) -> str | None:
    """'Ana and Ben tied on 16; Ana holds the 2-star holiday home', or None without a tie."""
    if tiebreak is None:
        return None
    words = find_title(game).load().tie_words
    phrases = [f"{join_names(tiebreak.tied)} tied on {tiebreak.total}"]
    phrases += [holdings_text(s) if s.holding else words[s.rule](s) for s in tiebreak.steps]
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


def holdings_text(step: TieStep) -> str:
    """'Cy holds the 4-star holiday home, Ben the 5-star, Ana none': each tied player's
    deciding holding, the kept player first, then best first (lowest value; None: nothing)."""
    if step.is_even and step.values[0] is None:
        who = "neither" if len(step.tied) == 2 else "none of them"
        return f"{who} holds {with_article(step.noun)}"
    if step.is_even:
        return f"each holds {step.holding.format(value=step.values[0])} {step.noun}"

    def held(name: str) -> str:
        value = step.value(name)
        return "none" if value is None else step.holding.format(value=value)

    others = sorted(
        (name for name in step.tied if name not in step.kept),
        key=lambda name: (step.value(name) is None, step.value(name) or 0),
    )
    first = f"{join_names(step.kept)} {'holds' if len(step.kept) == 1 else 'hold'}"
    return ", ".join(
        [f"{first} {held(step.kept[0])} {step.noun}", *(f"{n} {held(n)}" for n in others)]
    )


def unclaimed_text(unclaimed: Unclaimed) -> str:
    """'blue hotel: Ana and Ben tied on 2, nobody else there', 'purple hotel: nobody there',
    'red hotel token: Ben and Cy tied for second on 2, so no token'."""
    ties = [f"{join_names(tied.names)} tied on {tied.count}" for tied in unclaimed.ties]
    if unclaimed.after_tie:
        tied = unclaimed.ties[0]
        text = f"{unclaimed.prize}: {join_names(tied.names)} tied for second on {tied.count}"
        return text + ", so nobody takes it"
    if not ties:
        return f"{unclaimed.prize}: nobody there"
    return f"{unclaimed.prize}: {', '.join(ties)}, nobody else there"


def line_detail(line: Line) -> str:
    """A line's detail, marked when a house ruling decided it."""
    if line.ruling is None:
        return line.detail
    return f"{line.detail} {HOUSE_RULING}".strip()
