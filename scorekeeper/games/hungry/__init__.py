"""Hungry (a re-theme of Tabula Rasa): who it is; the scoring is in `engine`."""

from scorekeeper.games.title import Title

TITLE = Title("hungry", "Hungry", ("tabula-rasa",), 2, 4, __name__, has_rulings=True)
