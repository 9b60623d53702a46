"""Creature Comforts' card catalogue as rows for `games show`, the user's own cards marked."""

from __future__ import annotations

from scorekeeper.games.catalogue_rows import CardRow
from scorekeeper.games.creature_comforts.cards import STORY_ON_TYPE, amounts_text, resource_name
from scorekeeper.games.creature_comforts.catalogue import load
from scorekeeper.games.title import UserFiles


def card_rows(user_files: UserFiles | None) -> tuple[CardRow, ...]:
    """Every card of the shipped catalogue with the user's `catalogue.toml` merged in."""

    shipped = {card.name: card for card in load(None).cards}
    rows = []
    for card in load(user_files).cards:
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
