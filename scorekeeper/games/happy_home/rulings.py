"""Happy Home: the points its rulebook leaves open, kept apart from the engine so that
`scorekeeper rulings` lists every title's without loading any engine (Title.rulings)."""

from __future__ import annotations

from scorekeeper.core.rulings import Ruling

AT_LEAST, EXACTLY = "at-least", "exactly"
PERFECT_FIT_COUNT = Ruling(
    id="perfect-fit-count",
    about="Perfect Fit: does an item touching 5 or more other items count as touching 4?",
    words=(
        '"Perfect Fit — 3/7 for each room with at least one item that is adjacent to 3/4 '
        'other items." (Design objective cards)'
    ),
    default=AT_LEAST,
    choices=(AT_LEAST, EXACTLY),
    rule="happy-home.perfect-fit",
)
RULINGS = (PERFECT_FIT_COUNT,)
