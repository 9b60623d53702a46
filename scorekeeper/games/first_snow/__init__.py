"""First Snow: who it is; the scoring is in `engine`, the walk-through in `steps`."""

from scorekeeper.games.title import Title

TITLE = Title("first-snow", "First Snow", (), 2, 2, __name__)
