"""Plays for BG Stats, the play tracker most players use: both of the ways it takes them in.

- One play: its "create play" link (`link`), printed and drawn as a QR code by
  `history show --bgstats` and offered after saving a game.
- Many plays: one file in the shape of BG Stats' own export (`plays_file`), which its file
  import reads: `history export --format bgstats`.

Both use the same stable ids (`ids`), so a player matched once stays matched. Pure: plays in,
data and text out. No title carries a BoardGameGeek id: none is known for certain from the
rulebooks, and a wrong id would file the play under another game, so BG Stats matches the title
by name. docs/bgstats.md describes both shapes and where they were learnt from.
"""

from scorekeeper.history.bgstats.facts import SavedOn, play_date, saved_today
from scorekeeper.history.bgstats.link import LINK_PREFIX, create_play_link, link_data, play_link
from scorekeeper.history.bgstats.plays_file import plays_file

__all__ = [
    "LINK_PREFIX",
    "SavedOn",
    "create_play_link",
    "link_data",
    "play_date",
    "play_link",
    "plays_file",
    "saved_today",
]
