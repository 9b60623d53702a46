"""Happy Home: who it is; the scoring is in `engine`, the walk-through in `steps`."""

from scorekeeper.games.title import Title

TITLE = Title("happy-home", "Happy Home", (), 2, 5, __name__, has_rulings=True)
