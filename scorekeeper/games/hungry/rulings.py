"""Hungry: the points its rulebook leaves open, kept apart from the engine so that
`scorekeeper rulings` lists every title's without loading any engine (Title.rulings)."""

from __future__ import annotations

from scorekeeper.core.rulings import Ruling

NO_TOKEN, NEXT_PLAYER = "no-token", "next-player"
SECOND_PLACE_TIE = Ruling(
    id="second-place-tie",
    about="players tied for second place at a resort: does the player below take the token?",
    words=(
        '"The same applies to a tie for second place: no 1-point token is awarded." '
        '(Scoring the Holiday Homes); for hotels: "Ties are resolved the same way as for '
        "holiday homes: tied players score nothing and are ignored, allowing the next-highest "
        'player to take that place instead." (Scoring the Hotels)'
    ),
    default=NO_TOKEN,
    choices=(NO_TOKEN, NEXT_PLAYER),
    rule="hungry.majority-ties",
)
RULINGS = (SECOND_PLACE_TIE,)
