"""A title's card catalogue as rows to list (`games show`), the user's own cards marked.

Only Creature Comforts has a catalogue. The listing belongs with the title (an optional
`catalogue` of its Game); it lives here until the registry offers that, so `cli/games.py`
asks by game id and names no title.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


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


def card_rows(game_id: str, home: Path | None) -> tuple[CardRow, ...] | None:
    """The catalogue of a title, with `<home>/catalogue.toml` merged in; None without one."""
    listing = _LISTINGS.get(game_id)
    return None if listing is None else listing(home)


def _creature_comforts(home: Path | None) -> tuple[CardRow, ...]:
    from scorekeeper.catalogues import load
    from scorekeeper.games.creature_comforts.cards import (
        STORY_ON_TYPE,
        amounts_text,
        resource_name,
    )

    shipped = {card.name: card for card in load(None).cards}
    rows = []
    for card in load(home).cards:
        stores = ""
        if card.bonus is not None and card.bonus.is_storage:
            stores = amounts_text(card.bonus.store)
        elif card.bonus is not None and card.bonus.kind == STORY_ON_TYPE:
            kind = (card.bonus.type or "").capitalize()
            stores = f"1 {resource_name('story', 1)} on each {kind} Comfort"
        rows.append(
            CardRow(
                name=card.name,
                kind=card.kind,
                type=card.type,
                vp=card.vp,
                bonus=card.text,
                stores=stores,
                yours=shipped.get(card.name) != card,
            )
        )
    return tuple(rows)


_LISTINGS: dict[str, Callable[[Path | None], tuple[CardRow, ...]]] = {
    "creature-comforts": _creature_comforts,
}
