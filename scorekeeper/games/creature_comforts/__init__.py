"""Creature Comforts: who it is; the scoring is in `engine`, the card catalogue beside it."""

from scorekeeper.games.title import Title

TITLE = Title(
    "creature-comforts",
    "Creature Comforts",
    ("cc",),
    1,
    5,
    __name__,
    user_files=("catalogue.toml",),  # the user's own cards (catalogue.py)
    has_rulings=True,
)
