"""A title's card catalogue as rows to list (`games show`), the user's own cards marked.

A title with a card catalogue lists it through its Game's optional `listing`; this module
holds only the row every listing is made of, so `cli/games.py` names no title.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.games.title import UserFiles

if TYPE_CHECKING:
    from scorekeeper.games.base import Game


@dataclass(frozen=True)
class CardRow:
    """One card as `games show` lists it."""

    name: str
    kind: str
    type: str | None
    vp: int
    bonus: str
    """The card's text: its end-game bonus, or what it does during play."""
    stores: str
    """What may be stored on it for its bonus ('1 Coin'), or empty."""
    yours: bool
    """Added or corrected by the user's own catalogue file."""


def card_rows(game: Game[Any, Any], user_files: UserFiles | None) -> tuple[CardRow, ...] | None:
    """The catalogue of a title, with the data directory's own cards merged in; None for a
    title without one."""
    return None if game.listing is None else game.listing(user_files)
