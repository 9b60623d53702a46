"""Creature Comforts at the table: cards picked from the catalogue with completion, then resources.

Cards are entered one per prompt with Tab completion over the catalogue (a name twice for two
copies). Resources are totals: the program works out where they are best stored. In a solo
game whose most crafted Comfort types tie, the player picks the word for the title.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

import questionary

from scorekeeper import render
from scorekeeper.catalogues import active
from scorekeeper.fields import Field, NamesField, closest, fold, parse_record
from scorekeeper.games.base import Game
from scorekeeper.games.creature_comforts import (
    CUSTOM_FIELDS,
    TYPE_WORDS,
    ComfortsPlayer,
    CustomCard,
    most_crafted_types,
)
from scorekeeper.games.creature_comforts.cards import TYPES, Card
from scorekeeper.prompts import BACK, BACK_WORD, Question, WalkThrough, questions_for


@dataclass
class _FlowState:
    """What this title's questions share within one walk-through."""

    seats: set[int] = field(default_factory=set)  # all built before any question is asked


_STATE: WeakKeyDictionary[WalkThrough, _FlowState] = WeakKeyDictionary()


def _meta(card: Card) -> str:
    kind = f"{card.type.capitalize()}, " if card.type else ""
    return f"{kind}{card.vp} VP" + (f": {card.text}" if card.text else "")


class CardsQuestion(Question):
    """Cards one per prompt with completion; blank finishes, `<` removes the last card."""

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        cards_field = self.field
        assert isinstance(cards_field, NamesField)
        catalogue = active()
        names = list(cards_field.names())
        cards: list[str] = list(current or [])
        limit = cards_field.max_len
        while True:
            if cards:
                flow.console.print(render.user(f"  {self.label}: {', '.join(cards)}", "dim"))
            chosen = list(cards)

            def validate(text: str, chosen: list[str] = chosen) -> bool | str:
                text = text.strip()
                if not text or text == BACK_WORD:
                    return True
                if limit is not None and len(chosen) >= limit:
                    return f"At most {limit} {cards_field.noun}s: blank to finish"
                matches = _matches(text, names)
                belongs = cards_field.elsewhere(text) if cards_field.elsewhere else None
                if not matches and belongs:
                    return f"Not a {cards_field.noun} but {belongs.split(':')[0]}"
                if not matches:
                    return f"Unknown {cards_field.noun}{closest(text, names)}"
                if len(matches) > 1:
                    return f"Which one? {', '.join(matches[:6])}"
                name = matches[0]
                if cards_field.unique and name in chosen:
                    return f"{name} is already listed"
                return True

            text = (
                questionary.autocomplete(
                    f"{prefix}{cards_field.noun} #{len(cards) + 1} "
                    f"(Tab completes; blank when done, {BACK_WORD} removes the last):",
                    choices=names,
                    meta_information={n: _meta(catalogue.card(n)) for n in names},
                    validate=validate,
                )
                .unsafe_ask()
                .strip()
            )
            if not text:
                break
            if text == BACK_WORD:
                if not cards:
                    return BACK
                cards.pop()
                continue
            cards.append(_matches(text, names)[0])
        return cards


def _matches(text: str, names: list[str]) -> list[str]:
    """The name typed, ignoring case, else every name it begins ("sock" is only Socks)."""
    typed = fold(text)
    exact = [name for name in names if fold(name) == typed]
    return exact or [name for name in names if fold(name).startswith(typed)]


class CountQuestion(Question):
    """A resource count that starts at 0, so Enter means none."""

    def get(self, answers: dict[str, Any]) -> Any:
        value = answers.get(self.key)
        if isinstance(value, dict) and isinstance(self.part, str):
            return value.get(self.part)  # one Good of the table, maybe not asked yet
        return value

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        return super().ask(flow, prefix, 0 if current is None else current)


class CustomCardsQuestion(Question):
    """Cards missing from the catalogue: name, printed VP, bonus and Comfort type, repeated
    until blank."""

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        cards: list[dict[str, Any]] = list(current or [])
        while True:
            if cards:
                listed = ", ".join(_listed(card) for card in cards)
                flow.console.print(render.user(f"  Other cards: {listed}", "dim"))
            name = (
                questionary.text(
                    f"{prefix}a card not in the catalogue "
                    f"(blank when none left, {BACK_WORD} removes the last):",
                    validate=_custom_name,
                )
                .unsafe_ask()
                .strip()
            )
            if not name:
                return cards
            if name == BACK_WORD:
                if not cards:
                    return BACK
                cards.pop()
                continue
            card = {
                "name": name,
                "vp": _ask_int(f"{prefix}{name}: printed VP:"),
                "bonus": _ask_int(f"{prefix}{name}: bonus VP earned:"),
            }
            kind = questionary.select(
                f"{prefix}{name}: Comfort type (it counts wherever a type is counted)",
                choices=[
                    questionary.Choice("none (or not a Comfort)", value=""),
                    *(questionary.Choice(t.capitalize(), value=t) for t in TYPES),
                ],
            ).unsafe_ask()
            cards.append({**card, "type": kind} if kind else card)

    def put(self, answers: dict[str, Any], value: Any) -> None:
        if value:
            answers[self.key] = value
        else:
            answers.pop(self.key, None)


def _listed(card: dict[str, Any]) -> str:
    kind = f", {card['type']}" if card.get("type") else ""
    return f"{card['name']} ({card['vp']}+{card.get('bonus', 0)}{kind})"


def _custom_name(text: str) -> bool | str:
    text = text.strip()
    if text == BACK_WORD or not text:
        return True
    if len(text) > 60:
        return "At most 60 characters"
    known = active().find(text)
    return f"{known.name} is in the catalogue: enter it with the cards" if known else True


def _ask_int(message: str) -> int:
    def validate(text: str) -> bool | str:
        return True if text.strip().isdigit() and int(text) <= 99 else "A whole number 0-99"

    return int(questionary.text(message, default="0", validate=validate).unsafe_ask())


class SoloTypeQuestion(Question):
    """Asked only in a solo game whose most crafted Comfort types tie (Solo Play, question 1)."""

    def ask(self, flow: WalkThrough, prefix: str, current: Any) -> Any:
        state = _STATE.setdefault(flow, _FlowState())
        # The cards as answered so far, in this run or in the draft it resumed.
        answers = flow.draft.players[self.seat] if flow.draft and self.seat is not None else {}
        player = ComfortsPlayer(
            comforts=tuple(answers.get("comforts", ())),
            custom=tuple(
                parse_record(CUSTOM_FIELDS, card, CustomCard) for card in answers.get("custom", ())
            ),
        )
        tied = most_crafted_types(player, active())
        if state.seats != {0} or len(tied) < 2:
            return BACK if flow.backing else None  # nothing to ask: keep going the same way
        words = [questionary.Choice(f"{TYPE_WORDS[t]} ({t.capitalize()})", value=t) for t in tied]
        answer = questionary.select(
            f"{prefix}{self.label}: you crafted as many of each; pick your title's first word",
            choices=[*words, questionary.Choice("< back", value=BACK)],
            default=current if current in tied else None,
        ).unsafe_ask()
        return answer

    def put(self, answers: dict[str, Any], value: Any) -> None:
        if value is None:
            answers.pop(self.key, None)
        else:
            answers[self.key] = value


def questions(flow: WalkThrough, game: Game[Any, Any], seat: int | None) -> list[Question]:
    """Cards with completion, then Goods, Coins, Stories, other cards and the solo word."""
    if seat is None:
        return []
    _STATE.setdefault(flow, _FlowState()).seats.add(seat)
    fields: dict[str, Field] = {f.key: f for f in game.player_fields}
    out: list[Question] = [
        CardsQuestion(seat, key, None, fields[key].label, fields[key])
        for key in ("comforts", "improvements")
    ]
    for question in questions_for([fields["goods"], fields["coins"], fields["stories"]], seat):
        out.append(CountQuestion(**vars(question)))
    custom, solo = fields["custom"], fields["solo_type"]
    out.append(CustomCardsQuestion(seat, custom.key, None, custom.label, custom))
    out.append(SoloTypeQuestion(seat, solo.key, None, solo.label, solo))
    return out
