"""Ranking with a title's chain of tie-breakers, and the record of how a tie was settled.

One rule for every title (docs/games/README.md, "Places"): the rulebooks' tie-breakers decide
only who wins. Every other place comes from the totals alone: players on equal totals share
the place (shown `2=`), and players who tied for the top total but lost the tie-break place
right behind the winners. So a tie-breaker value is needed only when the winner depends on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scorekeeper.core.breakdown import Caution, Outcome, PlayerScore, Standing
from scorekeeper.core.tiebreak import TieBreak, TieStep
from scorekeeper.errors import MissingTieBreakError


@dataclass(frozen=True)
class TieBreaker:
    """One link of a tie-break chain: among tied players, the highest key wins.

    `key(seat)` is None when the player's value was left out (a file may omit a tie-breaker
    nobody needed); `missing(tied, total, seat)` then builds the error asking for it, raised
    only when this link has to separate players tied for the win. `value(seat)` is what the
    rule compares as a player would say it (the die shown, not its negation for the key); it
    is recorded in the TieStep, which the title's `Game.tie_words` put into words; or, with
    `holding` (a value as held, "the {value}-star") and `noun` ("holiday home"),
    render.sentences names each tied player's deciding holding.
    """

    rule: str
    key: Callable[[int], int | None]
    value: Callable[[int], int | None] | None = None  # None: the key itself
    missing: Callable[[Sequence[str], int, int], MissingTieBreakError] | None = None
    holding: str = ""
    noun: str = ""


def _winners(
    scores: Sequence[PlayerScore], tiebreakers: Sequence[TieBreaker]
) -> tuple[list[int], TieBreak | None]:
    """Seats of the winners and how a tie for the top total was settled."""
    if not scores:
        return [], None
    top = max(score.total for score in scores)
    remaining = [seat for seat, score in enumerate(scores) if score.total == top]
    if len(remaining) < 2:
        return remaining, None
    tied = tuple(scores[s].name for s in remaining)
    steps: list[TieStep] = []
    for breaker in tiebreakers:
        keys: dict[int, int] = {}
        for seat in remaining:
            key = breaker.key(seat)
            if key is None:
                if breaker.missing is None:
                    raise ValueError(f"tie-breaker {breaker.rule} has no value for seat {seat}")
                raise breaker.missing([scores[s].name for s in remaining], top, seat)
            keys[seat] = key
        best_key = max(keys.values())
        best = [seat for seat in remaining if keys[seat] == best_key]
        shown = breaker.value or breaker.key
        steps.append(
            TieStep(
                rule=breaker.rule,
                tied=tuple(scores[s].name for s in remaining),
                values=tuple(shown(s) for s in remaining),
                kept=tuple(scores[s].name for s in best),
                holding=breaker.holding,
                noun=breaker.noun,
            )
        )
        remaining = best
        if len(remaining) == 1:
            break
    shared = tuple(scores[s].name for s in remaining) if len(remaining) > 1 else ()
    return remaining, TieBreak(top, tied, tuple(steps), shared)


def rank(
    game: str,
    categories: tuple[str, ...],
    scores: Sequence[PlayerScore],
    tiebreakers: Sequence[TieBreaker] = (),
    cautions: Sequence[Caution] = (),
) -> Outcome:
    """Rank players: the winners (after the tie-breakers) 1st, everyone else by total alone.

    A player's place is 1 + the number of players ahead: with a higher total, or on the same
    total and winning where they did not. Equal places are shared (competition ranking).
    """
    winners, tiebreak = _winners(scores, tiebreakers)

    def ahead(other: int, seat: int) -> bool:
        if scores[other].total != scores[seat].total:
            return scores[other].total > scores[seat].total
        return other in winners and seat not in winners

    standings = tuple(
        Standing(
            name=score.name,
            total=score.total,
            rank=1 + sum(ahead(other, seat) for other in range(len(scores))),
            lines=score.lines,
        )
        for seat, score in enumerate(scores)
    )
    return Outcome(
        game=game,
        categories=categories,
        standings=standings,
        winners=tuple(scores[seat].name for seat in winners),
        tiebreak=tiebreak,
        tiebreak_rule=tiebreakers[0].rule if tiebreak and tiebreakers else None,
        cautions=tuple(cautions),
    )
