"""Creature Comforts at the table: cards picked from the catalogue with completion, then
resources, cards missing from the catalogue, and (solo only, on a tie) the title's word.

Cards are a step each, with a last step for the next card that a blank answer closes; `-`
removes a card. Improvements stop at the box's limit without asking for one more. Resources
are totals: the program works out where they are best stored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from scorekeeper.errors import InputError
from scorekeeper.fields import Field, NamesField, closest, fold, parse_record
from scorekeeper.games.context import Context
from scorekeeper.games.creature_comforts.cards import TYPES, Card, Catalogue
from scorekeeper.games.creature_comforts.engine import (
    CUSTOM_FIELDS,
    TYPE_WORDS,
    ComfortsPlayer,
    CustomCard,
    most_crafted_types,
)
from scorekeeper.games.steps import Choice, Step, Text, field_steps, whole_number

REMOVE = "-"


def _fields(context: Context) -> dict[str, Field]:
    """This walk-through's fields: their card names come from its data directory."""
    return {f.key: f for f in context.game.player_fields}


def _catalogue(context: Context) -> Catalogue:
    """The catalogue the answers are checked against (the data directory's, with the user's
    own cards)."""
    catalogue: Catalogue = context.game.settings_type().catalogue
    return catalogue


def steps(context: Context) -> list[Step]:
    """Per player: Comforts, Improvements, Goods, Coins, Stories, other cards, solo word."""
    out: list[Step] = []
    for seat in range(len(context.players)):
        for key in ("comforts", "improvements"):
            out += card_steps(context, seat, key)
        fields = _fields(context)
        out += field_steps(
            [fields["goods"], fields["coins"], fields["stories"]], ("players", seat), seat
        )
        out += custom_steps(context, seat)
        out += solo_steps(context, seat)
    return out


def from_session(context: Context) -> None:
    """Every card list of a saved game is complete, and the title's word a saved solo game left
    out stays open (the title shows both words) rather than unanswered. A game saved with more
    players was never asked that word: corrected down to one player, it is asked, as in a
    solo game typed straight. A saved file's empty list of custom cards is what a walk-through
    leaves out: dropped, so the two read alike."""
    solo = len(context.players) == 1
    for seat, player in enumerate(context.players):
        if player.get("custom") == []:
            del player["custom"]
        for key in ("comforts", "improvements", "custom", *(("solo_type",) if solo else ())):
            context.close(f"players.{seat}.{key}")


def _closer(context: Context, seat: int, key: str) -> tuple[str, Callable[..., Any]]:
    flag = f"players.{seat}.{key}"

    def read(answers: dict[str, Any]) -> Any:
        return "" if context.is_closed(flag) else None

    return flag, read


def card_steps(context: Context, seat: int, key: str) -> list[Step]:
    """A step per card named, then one for the next card (blank when done)."""
    f = _fields(context)[key]
    assert isinstance(f, NamesField)
    catalogue = _catalogue(context)
    names = tuple(f.names())
    meta = {name: _meta(catalogue.card(name)) for name in names}
    cards: list[str] = list(context.players[seat].get(key, []))
    flag, read = _closer(context, seat, key)

    def parse_for(index: int) -> Callable[[str], str]:
        def parse(text: str) -> str:
            if text.strip() == REMOVE:
                return REMOVE
            return match_card(f, names, text, [c for i, c in enumerate(cards) if i != index])

        return parse

    def write_for(index: int) -> Callable[[dict[str, Any], Any], None]:
        def write(answers: dict[str, Any], value: Any) -> None:
            kept: list[str] = context.players[seat].setdefault(key, [])
            if index < len(kept):  # a card named already: renamed, or removed alone
                if value == REMOVE:
                    del kept[index]
                elif value != "":
                    kept[index] = value
                return
            if value not in ("", REMOVE):  # the next card
                kept.append(value)
            context.close(flag, value == "")

        return write

    def step(index: int, label: str, **more: Any) -> Step:
        return Step(
            ("players", seat, key, index),
            label,
            Text(parse_for(index), suggestions=names, meta=meta, **more),
            seat=seat,
            rule=f.rule,
            help=f.help,
            group=None,
            column=f.label,
            write=write_for(index),
        )

    def listed(value: Any) -> str:
        return ", ".join(cards) or "none"

    out = [
        replace(step(i, f"{f.noun} #{i + 1} ({REMOVE} removes it)"), reviewed=i == 0, show=listed)
        for i in range(len(cards))
    ]
    if f.max_len is None or len(cards) < f.max_len:
        index = len(cards)
        last = step(index, f"{f.noun} #{index + 1} (Tab completes; blank when done)", blank="")
        out.append(replace(last, read=read, reviewed=not cards, show=listed))
    return out


def match_card(f: NamesField, names: Sequence[str], text: str, others: Sequence[str]) -> str:
    """The catalogue's name for what was typed (a unique start of a name will do)."""
    typed = fold(text)
    matches = [n for n in names if fold(n) == typed] or [
        n for n in names if fold(n).startswith(typed)
    ]
    if not matches:
        belongs = f.elsewhere(text) if f.elsewhere else None
        if belongs:
            raise ValueError(f"Not {_article(f.noun)} but {belongs.split(':')[0]}")
        raise ValueError(f"Unknown {f.noun}{closest(text, names)}")
    if len(matches) > 1:
        raise ValueError(f"Which one? {', '.join(matches[:6])}")
    if f.unique and matches[0] in others:
        raise ValueError(f"{matches[0]} is already listed")
    return matches[0]


def _article(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def _meta(card: Card) -> str:
    kind = f"{card.type.capitalize()}, " if card.type else ""
    return f"{kind}{card.vp} VP" + (f": {card.text}" if card.text else "")


def custom_steps(context: Context, seat: int) -> list[Step]:
    """Cards missing from the catalogue: name, printed VP, bonus and Comfort type each."""
    cards: list[dict[str, Any]] = context.players[seat].get("custom", [])
    flag, read = _closer(context, seat, "custom")
    base = ("players", seat, "custom")
    custom = _fields(context)["custom"]
    rule = custom.rule
    named = _custom_name(_catalogue(context))
    out: list[Step] = []
    for index, card in enumerate(cards):
        name = str(card.get("name", "?"))
        out += [
            Step(
                (*base, index, "name"),
                f"card not in the catalogue #{index + 1} ({REMOVE} removes it)",
                Text(_or_remove(named)),
                seat=seat,
                rule=rule,
                column=f"other card {index + 1}",
                show=_describer(card),
                write=_custom_writer(context, seat, index),
            ),
            Step(
                (*base, index, "vp"),
                f"{name}: printed VP",
                Text(whole_number(0, 99), blank=0),
                seat=seat,
                rule=rule,
                reviewed=False,
            ),
            Step(
                (*base, index, "bonus"),
                f"{name}: bonus VP earned",
                Text(whole_number(0, 99), blank=0),
                seat=seat,
                rule=rule,
                reviewed=False,
            ),
            Step(
                (*base, index, "type"),
                f"{name}: Comfort type (it counts wherever types count)",
                Choice((("none (or not a Comfort)", ""), *((t.capitalize(), t) for t in TYPES))),
                seat=seat,
                rule=rule,
                reviewed=False,
                read=_type_reader(card),
                write=_type_writer(card),
            ),
        ]

    def write(answers: dict[str, Any], value: Any) -> None:
        if value != "":
            context.players[seat].setdefault("custom", []).append({"name": value})
        context.close(flag, value == "")

    out.append(
        Step(
            (*base, len(cards), "name"),
            "a card not in the catalogue (blank when none left)",
            Text(named, blank=""),
            seat=seat,
            rule=rule,
            help=custom.help,
            column="other cards",
            read=read,
            write=write,
            reviewed=not cards,
            show=lambda value: "none",
        )
    )
    return out


def _or_remove(parse: Callable[[str], str]) -> Callable[[str], str]:
    return lambda text: REMOVE if text.strip() == REMOVE else parse(text)


def _custom_writer(
    context: Context, seat: int, index: int
) -> Callable[[dict[str, Any], Any], None]:
    """A new name for a card not in the catalogue, or `-`: the card goes."""

    def write(answers: dict[str, Any], value: Any) -> None:
        cards: list[dict[str, Any]] = context.players[seat].get("custom", [])
        if value != REMOVE:
            cards[index]["name"] = value
            return
        del cards[index]
        if not cards:
            context.players[seat].pop("custom", None)

    return write


def _describer(card: dict[str, Any]) -> Callable[[Any], str]:
    return lambda value: describe_custom(card)


def _type_reader(card: dict[str, Any]) -> Callable[[dict[str, Any]], Any]:
    """No type is an answer too ('none'), once the card's bonus is in."""
    return lambda answers: card.get("type", "" if "bonus" in card else None)


def _type_writer(card: dict[str, Any]) -> Callable[[dict[str, Any], Any], None]:
    def write(answers: dict[str, Any], value: Any) -> None:
        if value:
            card["type"] = value
        else:
            card.pop("type", None)

    return write


def describe_custom(card: dict[str, Any]) -> str:
    """'Hot Cocoa (2 VP, +1 bonus, food)'."""
    parts = [f"{card.get('vp', '?')} VP"]
    if card.get("bonus"):
        parts.append(f"+{card['bonus']} bonus")
    if card.get("type"):
        parts.append(str(card["type"]))
    return f"{card.get('name', '?')} ({', '.join(parts)})"


def _custom_name(catalogue: Catalogue) -> Callable[[str], str]:
    """A card name missing from `catalogue` (one it holds is entered with the cards)."""

    def parse(text: str) -> str:
        name = text.strip()
        if len(name) > 60 or not name.isprintable():
            raise ValueError("At most 60 visible characters")
        known = catalogue.find(name)
        if known is not None:
            raise ValueError(f"{known.name} is in the catalogue: enter it with the cards")
        return name

    return parse


def solo_steps(context: Context, seat: int) -> list[Step]:
    """Solo Play, question 1: when the most crafted Comfort types tie, the player picks. With
    a player added at the review the word no longer applies: it is set aside in the
    walk-through (not saved) and comes back if the game is solo again."""
    if len(context.players) != 1:
        context.set_aside(seat, ("solo_type",))
        return []
    context.bring_back(seat, ("solo_type",))
    answers = context.players[seat]
    try:
        player = ComfortsPlayer(
            comforts=tuple(answers.get("comforts", ())),
            custom=tuple(
                parse_record(CUSTOM_FIELDS, card, CustomCard) for card in answers.get("custom", ())
            ),
        )
    except (InputError, TypeError):
        return []
    tied = most_crafted_types(player, _catalogue(context))
    if len(tied) < 2:
        answers.pop("solo_type", None)
        return []
    f = _fields(context)["solo_type"]
    options = tuple((f"{TYPE_WORDS[t]} ({t.capitalize()})", t) for t in tied)
    _, left_open = _closer(context, seat, "solo_type")
    return [
        Step(
            ("players", seat, "solo_type"),
            f"{f.label}: you crafted as many of each; pick your title's first word",
            Choice(options),
            seat=seat,
            rule=f.rule,
            help=f.help,
            column=f.label,
            read=lambda doc: answers.get("solo_type") or left_open(doc),
            optional=True,
        )  # a saved game may leave it out: the title shows both words
    ]
