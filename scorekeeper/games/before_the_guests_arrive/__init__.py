"""Before the Guests Arrive (Hygge): who it is; the scoring is in `engine`."""

from scorekeeper.games.title import Title

TITLE = Title(
    "before-the-guests-arrive",
    "Before the Guests Arrive",
    ("hygge", "btga"),
    2,
    4,
    __name__,
)
