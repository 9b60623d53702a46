"""scorekeeper: end-of-game scoring, rules answers and game history for five tabletop games."""

__version__ = "0.1.0"
