"""Ranking with a title's chain of tie-breakers, and the words that explain a tie."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scorekeeper.core.breakdown import Outcome, PlayerScore, Standing
from scorekeeper.text import join_names


@dataclass(frozen=True)
class TieBreaker:
    """One link of a tie-break chain: among tied players, the highest key wins.

    `explain(tied, best)` gets the names still tied before this link and the names it keeps,
    and returns a phrase such as "Ana holds the 1-star holiday home".
    """

    rule: str
    key: Callable[[int], int]
    explain: Callable[[Sequence[str], Sequence[str]], str]


def rank(
    game: str,
    categories: tuple[str, ...],
    scores: Sequence[PlayerScore],
    tiebreakers: Sequence[TieBreaker] = (),
    warnings: Sequence[str] = (),
) -> Outcome:
    """Rank players by total, then by each tie-breaker in turn; equal all the way = shared."""
    keys = [
        (score.total, *(breaker.key(seat) for breaker in tiebreakers))
        for seat, score in enumerate(scores)
    ]
    standings = tuple(
        Standing(
            name=score.name,
            total=score.total,
            rank=1 + sum(other > keys[seat] for other in keys),
            lines=score.lines,
        )
        for seat, score in enumerate(scores)
    )
    winners = tuple(s.name for s in standings if s.rank == 1)
    tiebreak = _explain_tie(scores, tiebreakers)
    return Outcome(
        game=game,
        categories=categories,
        standings=standings,
        winners=winners,
        tiebreak=tiebreak,
        tiebreak_rule=tiebreakers[0].rule if tiebreak and tiebreakers else None,
        warnings=tuple(warnings),
    )


def _explain_tie(scores: Sequence[PlayerScore], tiebreakers: Sequence[TieBreaker]) -> str | None:
    """Words for how the tie on the top total was settled; None when nobody tied for first."""
    if not scores:
        return None
    top = max(score.total for score in scores)
    tied = [seat for seat, score in enumerate(scores) if score.total == top]
    if len(tied) < 2:
        return None
    phrases = [f"{join_names([scores[s].name for s in tied])} tied on {top}"]
    remaining = tied
    for breaker in tiebreakers:
        best_key = max(breaker.key(seat) for seat in remaining)
        best = [seat for seat in remaining if breaker.key(seat) == best_key]
        phrases.append(
            breaker.explain([scores[s].name for s in remaining], [scores[s].name for s in best])
        )
        remaining = best
        if len(remaining) == 1:
            break
    if len(remaining) > 1:
        phrases.append(f"{join_names([scores[s].name for s in remaining])} share the victory")
    return "; ".join(phrases)
