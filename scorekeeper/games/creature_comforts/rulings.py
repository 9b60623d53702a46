"""Creature Comforts: the points its rulebook leaves open, kept apart from the engine so that
`scorekeeper rulings` lists every title's without loading any engine (Title.rulings)."""

from __future__ import annotations

from scorekeeper.core.rulings import Ruling

HEARTH_VP = Ruling(
    id="hearth-vp",
    about="the Hearth's own VP (the digital card data prints 6)",
    words=(
        '"Your Hearth earns you 5 VP plus 4 VP for the two sets of Wood you\'ve stored there." '
        "(Scoring, Comfort Cards)"
    ),
    default=5,
    choices=(5, 6),
    rule="creature-comforts.scoring-example",
)
RULINGS = (HEARTH_VP,)
