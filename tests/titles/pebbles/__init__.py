"""Pebbles, a made-up title: who it is; the scoring is in `engine`."""

from scorekeeper.games.title import Title

TITLE = Title("pebbles", "Pebbles", ("stones",), 2, 3, __name__)
