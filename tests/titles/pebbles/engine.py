"""Pebbles, a made-up title: a point per pebble kept; a tie goes to the most shells."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.breakdown import Line, Outcome, PlayerScore
from scorekeeper.core.ranking import TieBreaker, rank
from scorekeeper.core.rulings import RULEBOOK, Rulings
from scorekeeper.core.tiebreak import TieStep
from scorekeeper.fields import IntField
from scorekeeper.games.base import Game, NoSettings, Seat
from scorekeeper.text import join_names
from tests.titles.pebbles import TITLE

PEBBLES = "Pebbles"


@dataclass(frozen=True)
class PebblesPlayer:
    """Pebbles kept, and shells (which only break ties)."""

    pebbles: int
    shells: int = 0


PLAYER_FIELDS = (
    IntField(key="pebbles", label="pebbles kept", help="", rule="pebbles.scoring", high=20),
    IntField(key="shells", label="shells", help="", rule="pebbles.ties", high=5, required=False),
)


def score(
    seats: Sequence[Seat[PebblesPlayer]], settings: NoSettings, rulings: Rulings = RULEBOOK
) -> Outcome:
    scores = [
        PlayerScore(seat.name, (Line(PEBBLES, seat.inputs.pebbles, "pebbles.scoring"),))
        for seat in seats
    ]
    shells = TieBreaker(
        rule="pebbles.ties",
        key=lambda seat: seats[seat].inputs.shells,
    )
    return rank(GAME.id, (PEBBLES,), scores, (shells,))


def _tie_words(step: TieStep) -> str:
    return f"{join_names(step.kept)} holds the most shells ({step.value(step.kept[0])})"


GAME: Game[PebblesPlayer, NoSettings] = Game(
    title=TITLE,
    tie_words={"pebbles.ties": _tie_words},
    categories=(PEBBLES,),
    player_fields=PLAYER_FIELDS,
    player_type=PebblesPlayer,
    score=score,
)
