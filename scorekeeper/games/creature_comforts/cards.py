"""The Creature Comforts card catalogue as data: Comforts, Improvements and Cottage slot values.

Pure: documents are parsed from already-read TOML tables, so the loader that reads files
(the `catalogue` module beside this one) stays apart and tests can build any catalogue. A user
document is merged over the shipped one entry by entry: a card whose name matches replaces
only the keys given, so correcting one value (the Hearth's VP) is a two-line file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from scorekeeper.errors import InputError, Where
from scorekeeper.fields import (
    BoolField,
    ChoiceField,
    CountsField,
    Field,
    IntField,
    IntListField,
    RecordField,
    StrListField,
    TextField,
    fold,
    parse_record,
)

RESOURCES = ("wood", "stone", "fruit", "mushroom", "yarn", "grain", "coin", "story")
GOODS = RESOURCES[:6]
COST_KEYS = (*RESOURCES, "any")  # "any": any Good
TYPES = ("clothing", "food", "lighting", "outdoor")
COMFORT, IMPROVEMENT = "comfort", "improvement"
SECTIONS = {COMFORT: "comforts", IMPROVEMENT: "improvements"}
DEFAULT_COPIES = {COMFORT: 3, IMPROVEMENT: 2}  # 24 x 3 = 72 and 17 x 2 = 34 (Components)
MAX_IMPROVEMENTS = 4  # one Cottage per Improvement, four Cottages (The Workshop)
COTTAGE_SLOTS = (0, 1, 3, 7, 8)  # unconfirmed values (card-facts.md); overridable

# Bonus kinds and the card kind each belongs to.
WITH, PER_CARD, PER_STORED, EXACTLY_STORED = "with", "per-card", "per-stored", "exactly-stored"
OTHERS_TYPE, STORY_ON_TYPE = "others-type", "story-on-type"
BONUS_KINDS = {
    WITH: COMFORT,
    PER_CARD: COMFORT,
    PER_STORED: COMFORT,
    EXACTLY_STORED: COMFORT,
    OTHERS_TYPE: IMPROVEMENT,
    STORY_ON_TYPE: IMPROVEMENT,
}


@dataclass(frozen=True)
class Bonus:
    """An end-game bonus; which of `cards`, `store`, `type` matter depends on `kind`."""

    kind: str
    points: int
    cards: tuple[str, ...] = ()
    store: tuple[int, ...] = (0,) * len(RESOURCES)  # one set, counted per RESOURCES
    type: str | None = None

    @property
    def is_storage(self) -> bool:
        return self.kind in (PER_STORED, EXACTLY_STORED)


@dataclass(frozen=True)
class Card:
    """One Comfort or Improvement, with where its facts come from."""

    name: str
    kind: str
    vp: int
    type: str | None = None
    cost: tuple[int, ...] = (0,) * len(COST_KEYS)
    bonus: Bonus | None = None
    text: str = ""
    copies: int = 3
    solo: bool = True  # still in the deck of a solo game
    glade: bool = False
    source: str = ""


def resource_name(resource: str, count: int) -> str:
    """'Wood', 'Mushrooms', '1 Story' vs '2 Stories': the words the rulebook uses."""
    plural = {"mushroom": "Mushrooms", "coin": "Coins", "story": "Stories"}
    if count != 1 and resource in plural:
        return plural[resource]
    return resource.capitalize()


def amounts_text(amounts: Sequence[int]) -> str:
    """'4 Wood', '1 Grain, 1 Mushroom, 1 Fruit' for a vector over RESOURCES."""
    return ", ".join(
        f"{count} {resource_name(resource, count)}"
        for resource, count in zip(RESOURCES, amounts, strict=True)
        if count
    )


@dataclass(frozen=True)
class Catalogue:
    """Every card scorekeeper knows, and the Cottage slot values for 0-4 Improvements."""

    cards: tuple[Card, ...]
    cottage_slots: tuple[int, ...] = COTTAGE_SLOTS
    cottage_source: str = ""

    @cached_property
    def _by_fold(self) -> dict[str, Card]:
        return {fold(card.name): card for card in self.cards}

    def find(self, name: str) -> Card | None:
        return self._by_fold.get(fold(name))

    def card(self, name: str) -> Card:
        """The card of a name already checked against this catalogue."""
        found = self.find(name)
        if found is None:
            raise KeyError(name)
        return found

    def names(self, kind: str) -> tuple[str, ...]:
        return tuple(card.name for card in self.cards if card.kind == kind)


# -- parsing documents ----------------------------------------------------------------

BONUS_FIELDS: tuple[Field, ...] = (
    ChoiceField(key="kind", label="", help="", rule="", choices=tuple(BONUS_KINDS)),
    IntField(key="points", label="", help="", rule="", high=99),
    StrListField(key="cards", label="", help="", rule="", required=False),
    CountsField(key="store", label="", help="", rule="", names=RESOURCES, high=20, required=False),
    ChoiceField(key="type", label="", help="", rule="", choices=TYPES, required=False),
)
CARD_FIELDS: tuple[Field, ...] = (
    TextField(key="name", label="", help="", rule=""),
    IntField(key="vp", label="", help="", rule="", high=99),
    ChoiceField(key="type", label="", help="", rule="", choices=TYPES, required=False),
    CountsField(key="cost", label="", help="", rule="", names=COST_KEYS, high=20, required=False),
    RecordField(
        key="bonus", label="", help="", rule="", fields=BONUS_FIELDS, build=dict, required=False
    ),
    TextField(key="text", label="", help="", rule="", max_len=200, required=False),
    IntField(key="copies", label="", help="", rule="", low=1, high=20, required=False),
    BoolField(key="solo", label="", help="", rule="", required=False),
    BoolField(key="glade", label="", help="", rule="", required=False),
    TextField(key="source", label="", help="", rule="", max_len=400, required=False),
)
TOP_KEYS = ("source", "cottage_slots", "cottage_slots_source", *SECTIONS.values())
SLOTS_FIELD = IntListField(
    key="cottage_slots",
    label="",
    help="",
    rule="",
    high=99,
    min_len=MAX_IMPROVEMENTS + 1,
    max_len=MAX_IMPROVEMENTS + 1,
)


@dataclass(frozen=True)
class Document:
    """One parsed catalogue file and the name to blame for its mistakes."""

    origin: str
    data: Mapping[str, Any]


@dataclass
class _Entry:
    raw: dict[str, Any]
    where: Where  # the file and key of the entry that last changed it
    kind: str
    changed: list[str] = field(default_factory=list)


def _fail(message: str, where: Where) -> InputError:
    return InputError(message, where)


def _entries(document: Document, kind: str) -> list[tuple[Where, dict[str, Any]]]:
    section = SECTIONS[kind]
    raw = document.data.get(section, [])
    if not isinstance(raw, list):
        raise _fail("expected an array of tables", Where(file=document.origin, key=section))
    out = []
    seen: set[str] = set()
    for index, entry in enumerate(raw, start=1):
        where = Where(file=document.origin, key=f"{section}.{index}")
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise _fail("expected a table with a 'name'", where)
        name = fold(entry["name"])
        if name in seen:
            raise _fail(f"{entry['name']!r} appears twice in this file", where)
        seen.add(name)
        out.append((where, dict(entry)))
    return out


def _merge(documents: Sequence[Document]) -> dict[str, _Entry]:
    """Raw entries by folded name: later documents add cards or replace keys of earlier ones."""
    merged: dict[str, _Entry] = {}
    for number, document in enumerate(documents):
        default_source = document.data.get("source", document.origin)
        for kind in SECTIONS:
            for where, entry in _entries(document, kind):
                name = fold(entry["name"])
                if name not in merged:
                    entry.setdefault("source", default_source)
                    merged[name] = _Entry(entry, where, kind)
                    continue
                old = merged[name]
                if old.kind != kind:
                    raise _fail(
                        f"{entry['name']!r} is {'an' if old.kind == IMPROVEMENT else 'a'} "
                        f"{old.kind.capitalize()} in the catalogue; correct it under "
                        f"[[{SECTIONS[old.kind]}]]",
                        where,
                    )
                changed = [key for key in entry if key not in ("name", "source")]
                old.raw.update({key: value for key, value in entry.items() if key != "name"})
                if "source" not in entry and number:
                    old.changed.append(f"{', '.join(changed)} from {document.origin}")
                old.where = where
    for card in merged.values():
        if card.changed:
            card.raw["source"] = "; ".join([str(card.raw["source"]), *card.changed])
    return merged


def _bonus(raw: Mapping[str, Any], kind: str, where: Where) -> Bonus:
    bonus_kind = raw["kind"]
    if BONUS_KINDS[bonus_kind] != kind:
        allowed = ", ".join(k for k, owner in BONUS_KINDS.items() if owner == kind)
        raise _fail(
            f"{bonus_kind!r} is not a bonus for {SECTIONS[kind]}; allowed: {allowed}", where
        )
    store = raw.get("store", (0,) * len(RESOURCES))
    needs = {
        WITH: ("cards", bool(raw.get("cards"))),
        PER_CARD: ("cards", bool(raw.get("cards"))),
        PER_STORED: ("store", any(store)),
        EXACTLY_STORED: ("store", any(store)),
        OTHERS_TYPE: ("type", raw.get("type") is not None),
        STORY_ON_TYPE: ("type", raw.get("type") is not None),
    }
    key, present = needs[bonus_kind]
    if not present:
        raise _fail(f"a {bonus_kind!r} bonus needs '{key}'", where)
    return Bonus(
        kind=bonus_kind,
        points=raw["points"],
        cards=tuple(raw.get("cards", ())),
        store=tuple(store),
        type=raw.get("type"),
    )


def _card(entry: _Entry) -> Card:
    try:
        values = parse_record(CARD_FIELDS, entry.raw, dict)
    except InputError as error:
        raise error.at(file=entry.where.file, key=entry.where.key) from None
    bonus_where = Where(file=entry.where.file, key=f"{entry.where.key}.bonus")
    bonus = _bonus(values["bonus"], entry.kind, bonus_where) if "bonus" in values else None
    return Card(
        name=values["name"],
        kind=entry.kind,
        vp=values["vp"],
        type=values.get("type"),
        cost=values.get("cost", (0,) * len(COST_KEYS)),
        bonus=bonus,
        text=values.get("text", ""),
        copies=values.get("copies", DEFAULT_COPIES[entry.kind]),
        solo=values.get("solo", True),
        glade=values.get("glade", False),
        source=values.get("source", ""),
    )


def _resolve_references(cards: list[Card], merged: dict[str, _Entry]) -> list[Card]:
    """Bonuses naming other cards are checked and spelled as the catalogue spells them."""
    by_fold = {fold(card.name): card.name for card in cards}
    out = []
    for card in cards:
        if card.bonus is None or not card.bonus.cards:
            out.append(card)
            continue
        names = []
        for name in card.bonus.cards:
            if fold(name) not in by_fold:
                where = merged[fold(card.name)].where
                raise _fail(
                    f"the bonus of {card.name!r} names {name!r}, which is not in the catalogue",
                    Where(file=where.file, key=f"{where.key}.bonus.cards"),
                )
            names.append(by_fold[fold(name)])
        out.append(replace(card, bonus=replace(card.bonus, cards=tuple(names))))
    return out


def catalogue_from_documents(documents: Sequence[Document]) -> Catalogue:
    """Merge catalogue documents in order (shipped first) and check every entry."""
    for document in documents:
        for key in document.data:
            if key not in TOP_KEYS:
                raise _fail(
                    f"unknown key; allowed: {', '.join(TOP_KEYS)}",
                    Where(file=document.origin, key=key),
                )
    merged = _merge(documents)
    cards = _resolve_references([_card(entry) for entry in merged.values()], merged)
    slots: tuple[int, ...] = COTTAGE_SLOTS
    slots_source = ""
    for document in documents:
        if "cottage_slots" in document.data:
            try:
                slots = SLOTS_FIELD.parse(document.data["cottage_slots"])
            except InputError as error:
                raise error.at(file=document.origin, key="cottage_slots") from None
            slots_source = str(document.data.get("cottage_slots_source", document.origin))
    return Catalogue(cards=tuple(cards), cottage_slots=slots, cottage_source=slots_source)
