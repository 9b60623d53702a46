"""Creature Comforts: Comforts, Improvements, Cottage slots and leftovers, best placement found.

Scoring is pure: the card catalogue travels in the settings object, so `score()` needs no
I/O and tests can score against any catalogue. `game_with(catalogue)` parses and checks
against a given catalogue; `with_user_files(...)` against a data directory's (read lazily).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from scorekeeper.core.breakdown import Caution, Line, Outcome, PlayerScore, caution
from scorekeeper.core.ranking import rank
from scorekeeper.core.rulings import RULEBOOK, Rulings
from scorekeeper.errors import InputError, Where
from scorekeeper.fields import (
    ChoiceField,
    CountsField,
    Field,
    IntField,
    NamesField,
    RecordField,
    RecordListField,
    TextField,
)
from scorekeeper.games.base import Game, Seat
from scorekeeper.games.creature_comforts import TITLE
from scorekeeper.games.creature_comforts.rulings import HEARTH_VP
from scorekeeper.games.title import UserFiles

if TYPE_CHECKING:
    from scorekeeper.games.catalogue_rows import CardRow
from scorekeeper.games.creature_comforts.cards import (
    COMFORT,
    EXACTLY_STORED,
    GOODS,
    IMPROVEMENT,
    MAX_IMPROVEMENTS,
    OTHERS_TYPE,
    PER_CARD,
    RESOURCES,
    SECTIONS,
    STORY_ON_TYPE,
    TYPES,
    WITH,
    Card,
    Catalogue,
    amounts_text,
    resource_name,
)
from scorekeeper.games.creature_comforts.catalogue import load
from scorekeeper.games.creature_comforts.placement import (
    COIN_POINTS,
    GOODS_PER_POINT,
    STORY_POINTS,
    Placement,
    Store,
    best_placement,
)
from scorekeeper.text import join_names

COMFORTS, IMPROVEMENTS, STORED, COTTAGES, LEFTOVERS = (
    "Comforts",
    "Improvements",
    "Stored",
    "Cottages",
    "Leftovers",
)
MAX_RESOURCE = 99  # planks stretch the supply, so counts are not capped by the box
RESOURCE_LIMIT = "the supply's planks stand in for more than its tokens; 99 guards against typos"
COMFORT_CARDS = 72  # 24 kinds, 3 copies each (Components)

HEARTH = "Hearth"


def _listed_under(key: str, catalogue: Callable[[], Catalogue]) -> Callable[[str], str | None]:
    """For a name under the wrong key: 'an Improvement: list it under improvements'."""

    def belongs(name: str) -> str | None:
        card = catalogue().find(name)
        if card is None or SECTIONS[card.kind] == key:
            return None
        article = "an" if card.kind == IMPROVEMENT else "a"
        return f"{article} {card.kind.capitalize()}: list it under {SECTIONS[card.kind]}"

    return belongs


@dataclass(frozen=True)
class CustomCard:
    """A Comfort missing from the catalogue (a promo): its printed VP and its bonus as entered,
    and its type when it has one, so it counts wherever Comforts of a type are counted."""

    name: str
    vp: int
    bonus: int = 0
    type: str | None = None


@dataclass(frozen=True)
class ComfortsPlayer:
    """What one player ends with; resources are totals, stored or not."""

    comforts: tuple[str, ...] = ()
    improvements: tuple[str, ...] = ()
    goods: tuple[int, ...] = (0,) * len(GOODS)
    coins: int = 0
    stories: int = 0
    custom: tuple[CustomCard, ...] = ()
    solo_type: str | None = None

    @property
    def resources(self) -> tuple[int, ...]:
        """All resources as a vector over RESOURCES."""
        return (*self.goods, self.coins, self.stories)


@dataclass(frozen=True)
class ComfortsSettings:
    """No session keys: only the catalogue the session is checked and scored against."""

    catalogue: Catalogue


CUSTOM_FIELDS = (
    TextField(key="name", label="card name", help="", rule="creature-comforts.comforts"),
    IntField(key="vp", label="printed VP", help="", rule="creature-comforts.comforts", high=99),
    IntField(
        key="bonus",
        label="bonus VP",
        help="",
        rule="creature-comforts.comforts",
        high=99,
        required=False,
    ),
    ChoiceField(
        key="type",
        label="Comfort type",
        help="",
        rule="creature-comforts.comforts",
        choices=TYPES,
        required=False,
    ),
)


PLAYER_KEYS = ("comforts", "improvements", "goods", "coins", "stories", "solo_type")
"""A player's keys that a card has none of: written after [[players.custom]], they are the
card's in TOML, so they are refused with the reason."""


def player_fields(catalogue: Callable[[], Catalogue]) -> tuple[Field, ...]:
    """What each player is asked, checked against the catalogue `catalogue()` returns."""
    return (
        NamesField(
            key="comforts",
            label="Comforts crafted",
            help="Every Comfort you crafted, one name per card (a name twice for two copies).",
            rule="creature-comforts.comforts",
            names=lambda: catalogue().names(COMFORT),
            noun="Comfort",
            elsewhere=_listed_under("comforts", catalogue),
            max_len=COMFORT_CARDS,
            limit=f"the box has {COMFORT_CARDS} Comfort cards",
        ),
        NamesField(
            key="improvements",
            label="Improvements built",
            help="Every Improvement you built (at most 4: one per Cottage).",
            rule="creature-comforts.improvements",
            names=lambda: catalogue().names(IMPROVEMENT),
            noun="Improvement",
            elsewhere=_listed_under("improvements", catalogue),
            unique=True,
            max_len=MAX_IMPROVEMENTS,
            limit=f"each takes one of your {MAX_IMPROVEMENTS} Cottages",
            required=False,
        ),
        CountsField(
            key="goods",
            label="Goods held",
            help=(
                "All your Goods, stored on cards or not: the best placement is worked out for you."
            ),
            rule="creature-comforts.storing",
            names=GOODS,
            high=MAX_RESOURCE,
            limit=RESOURCE_LIMIT,
            required=False,
        ),
        IntField(
            key="coins",
            label="Coins held",
            help="All your Coins, stored or not.",
            rule="creature-comforts.storing",
            high=MAX_RESOURCE,
            limit=RESOURCE_LIMIT,
            required=False,
        ),
        IntField(
            key="stories",
            label="Stories held",
            help="All your Stories, stored or not.",
            rule="creature-comforts.storing",
            high=MAX_RESOURCE,
            limit=RESOURCE_LIMIT,
            required=False,
        ),
        RecordListField(
            key="custom",
            label="cards not in the catalogue",
            help=(
                "Comforts missing from the catalogue (promos): name, printed VP, bonus earned, "
                "type."
            ),
            rule="creature-comforts.comforts",
            item=RecordField(
                key="custom",
                label="",
                help="",
                rule="creature-comforts.comforts",
                fields=CUSTOM_FIELDS,
                build=CustomCard,
            ),
            required=False,
            header="[[players.custom]]",
            noun="card",
            outer=PLAYER_KEYS,
        ),
        ChoiceField(
            key="solo_type",
            label="Comfort type for the solo title",
            help="Solo only: when two types tie for your most crafted, the one you choose.",
            rule="creature-comforts.solo",
            choices=TYPES,
            required=False,
        ),
    )


# -- one player's score -------------------------------------------------------------------


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _ruled(card: Card, rulings: Rulings) -> tuple[Card, str | None]:
    """The card as the table plays it, and the house ruling that changed it (None: none)."""
    if card.name == HEARTH and rulings.is_house(HEARTH_VP):
        value = rulings.value(HEARTH_VP)
        assert isinstance(value, int)
        return replace(card, vp=value), f"{TITLE.id}.{HEARTH_VP.id}"
    return card, None


def _fixed_comfort_line(card: Card, owned: Counter[str], rulings: Rulings = RULEBOOK) -> Line:
    """Printed VP plus any bonus that needs no resources."""
    card, ruling = _ruled(card, rulings)
    bonus, why = 0, ""
    if card.bonus is not None and card.bonus.kind == WITH:
        partners = [name for name in card.bonus.cards if owned[name]]
        if partners:
            bonus, why = card.bonus.points, f" + {card.bonus.points} with {partners[0]}"
    elif card.bonus is not None and card.bonus.kind == PER_CARD:
        others = sum(owned[name] for name in card.bonus.cards) - (card.name in card.bonus.cards)
        bonus = others * card.bonus.points
        if others:
            why = f" + {bonus} ({_plural(others, 'other')}: {' / '.join(card.bonus.cards)})"
    rule = HEARTH_VP.rule if ruling else "creature-comforts.comforts"
    return Line(COMFORTS, card.vp + bonus, rule, f"{card.name}: {card.vp} VP{why}", ruling)


def _custom_line(card: CustomCard) -> Line:
    kind = f", {card.type.capitalize()}" if card.type else ""
    bonus = f" + {card.bonus}" if card.bonus else ""
    return Line(
        COMFORTS,
        card.vp + card.bonus,
        "creature-comforts.comforts",
        f"{card.name} (not in the catalogue{kind}): {card.vp} VP{bonus}",
    )


def _improvement_line(card: Card, others_types: Counter[str]) -> Line:
    bonus, why = 0, ""
    if card.bonus is not None and card.bonus.kind == OTHERS_TYPE and card.bonus.type:
        count = others_types[card.bonus.type]
        bonus = count * card.bonus.points
        kind = card.bonus.type.capitalize()
        why = f" + {bonus} (others' {kind}: {count})"
    return Line(
        IMPROVEMENTS,
        card.vp + bonus,
        "creature-comforts.improvements",
        f"{card.name}: {card.vp} VP{why}",
    )


@dataclass(frozen=True)
class Target:
    """A store together with how to describe what was placed on it."""

    store: Store
    card: Card
    hosts: tuple[str, ...] = ()  # book slots: the Comfort copies a Story can sit on


def typed_comforts(player: ComfortsPlayer, catalogue: Catalogue) -> list[tuple[str, str | None]]:
    """Every Comfort the player crafted, with its type (None: untyped): catalogue cards, then
    custom ones, which are Comforts missing from the catalogue (Improvements are added to the
    catalogue instead)."""
    return [(name, catalogue.card(name).type) for name in player.comforts] + [
        (card.name, card.type) for card in player.custom
    ]


def storage_targets(player: ComfortsPlayer, catalogue: Catalogue) -> tuple[Target, ...]:
    """Every place this player's resources can score: storage Comforts and book slots."""
    comforts = [catalogue.card(name) for name in player.comforts]
    copies = Counter(card.name for card in comforts)
    targets: list[Target] = []
    for name, count in copies.items():
        card = catalogue.card(name)
        if card.bonus is not None and card.bonus.is_storage:
            limit = count if card.bonus.kind == EXACTLY_STORED else None
            targets.append(Target(Store(name, card.bonus.store, card.bonus.points, limit), card))
    story = tuple(int(r == "story") for r in RESOURCES)
    for name in player.improvements:
        card = catalogue.card(name)
        if card.bonus is not None and card.bonus.kind == STORY_ON_TYPE:
            hosts = tuple(
                name for name, kind in typed_comforts(player, catalogue) if kind == card.bonus.type
            )
            if hosts:
                store = Store(name, story, card.bonus.points, len(hosts))
                targets.append(Target(store, card, hosts))
    return tuple(targets)


def _hosts_text(hosts: Sequence[str], sets: int, elsewhere: Sequence[str] = ()) -> str:
    """'Muffler', or 'Muffler (or Socks)' when another card would have held the Story as well
    (`elsewhere`: free slots of another book worth the same): a choice among equals is shown as
    one, not as a fact."""
    chosen = hosts[:sets]
    spare = [name for name in dict.fromkeys(hosts[sets:]) if name not in chosen]
    spare += [name for name in elsewhere if name not in spare]
    if not spare:
        return ", ".join(chosen)
    if sets == 1:
        return f"{chosen[0]} (or {' or '.join(spare)})"
    return f"{', '.join(chosen)} (or any {sets} of {join_names([*hosts, *elsewhere])})"


def _free_slots(targets: Sequence[Target], placement: Placement) -> list[tuple[int, str, int]]:
    """Book slots left empty: (target index, "Pie with the Recipe Book", points per Story)."""
    return [
        (index, f"{host} with the {target.store.label}", target.store.points)
        for index, (target, sets) in enumerate(zip(targets, placement.sets, strict=True))
        for host in dict.fromkeys(target.hosts[sets:])
    ]


def _stored_lines(targets: Sequence[Target], placement: Placement) -> list[Line]:
    lines = []
    free = _free_slots(targets, placement)
    for index, (target, sets) in enumerate(zip(targets, placement.sets, strict=True)):
        if not sets:
            continue
        store, points = target.store, sets * target.store.points
        if target.hosts:
            elsewhere = [label for at, label, each in free if at != index and each == store.points]
            on = _hosts_text(target.hosts, sets, elsewhere)
            stories = f"{sets} {resource_name('story', sets)}"
            detail = f"{store.label}: {stories} on {on} -> +{points}"
            lines.append(Line(STORED, points, "creature-comforts.improvements", detail))
            continue
        amounts = amounts_text([need * sets for need in store.need])
        if target.card.bonus is not None and target.card.bonus.kind == EXACTLY_STORED:
            each = amounts_text(store.need)
            where = f"{each} on each of {sets} copies" if sets > 1 else amounts
            detail = f"{store.label}: {where} -> +{points}"
        else:
            detail = f"{store.label}: {amounts} -> +{points}"
        lines.append(Line(STORED, points, "creature-comforts.storing", detail))
    return lines


def _leftover_lines(leftover: Sequence[int]) -> list[Line]:
    stories, coins = leftover[RESOURCES.index("story")], leftover[RESOURCES.index("coin")]
    goods = sum(leftover[: len(GOODS)])
    lines = []
    if stories:
        text = f"{stories} {resource_name('story', stories)}"
        lines.append(Line(LEFTOVERS, STORY_POINTS * stories, "creature-comforts.leftovers", text))
    if coins:
        text = f"{coins} {resource_name('coin', coins)}"
        lines.append(Line(LEFTOVERS, COIN_POINTS * coins, "creature-comforts.leftovers", text))
    if goods:
        groups = goods // GOODS_PER_POINT
        text = f"{_plural(goods, 'Good')}: {_plural(groups, 'group')} of 3"
        lines.append(Line(LEFTOVERS, groups, "creature-comforts.leftovers", text))
    return lines


def score_player(
    seats: Sequence[Seat[ComfortsPlayer]],
    index: int,
    catalogue: Catalogue,
    rulings: Rulings = RULEBOOK,
) -> tuple[tuple[Line, ...], Placement]:
    """One player's lines, best placement included, and the placement itself."""
    player = seats[index].inputs
    owned = Counter([*player.comforts, *player.improvements])
    others_types: Counter[str] = Counter(
        kind or ""
        for other, seat in enumerate(seats)
        if other != index
        for _, kind in typed_comforts(seat.inputs, catalogue)
    )
    lines = [_fixed_comfort_line(catalogue.card(name), owned, rulings) for name in player.comforts]
    lines += [_custom_line(card) for card in player.custom]
    lines += [_improvement_line(catalogue.card(name), others_types) for name in player.improvements]
    targets = storage_targets(player, catalogue)
    placement = best_placement([t.store for t in targets], player.resources)
    lines += _stored_lines(targets, placement)
    built = len(player.improvements)
    lines.append(
        Line(
            COTTAGES,
            catalogue.cottage_slots[built],
            "creature-comforts.cottage-slots",
            f"{_plural(built, 'Improvement')} built",
        )
    )
    lines += _leftover_lines(placement.leftover)
    return tuple(lines), placement


# -- solo title ---------------------------------------------------------------------------

TYPE_WORDS = {"clothing": "Snugly", "food": "Deliciously", "lighting": "Glowingly"}
TYPE_WORDS["outdoor"] = "Frostily"
COUNT_WORDS = ((0, "Frugal"), (4, "Prepared"), (7, "Well-stocked"), (10, "Pampered"))
IMPROVEMENT_WORDS = ("Critter", "Critter", "Creature", "Denizen", "Protector")
SCORE_WORDS = (
    (0, "of your Den"),
    (26, "of the Fields"),
    (41, "of the Woods"),
    (56, "of the Village"),
    (66, "of Maple Valley"),
    (76, "of Comfort!"),
)


def most_crafted_types(player: ComfortsPlayer, catalogue: Catalogue) -> tuple[str, ...]:
    """The typed Comfort kinds crafted most (several when tied; none when no typed Comfort)."""
    counts = Counter(kind for _, kind in typed_comforts(player, catalogue))
    top = max((counts[t] for t in TYPES), default=0)
    return tuple(t for t in TYPES if top and counts[t] == top)


def _band(value: int, bands: Sequence[tuple[int, str]]) -> str:
    return [word for low, word in bands if value >= low][-1]


def solo_title(
    player: ComfortsPlayer, total: int, catalogue: Catalogue
) -> tuple[str, Caution | None]:
    """The four-word title (Solo Play) and a warning when the first word was not chosen."""
    types = most_crafted_types(player, catalogue)
    warning = None
    if player.solo_type in types:
        first = TYPE_WORDS[player.solo_type]
    else:
        first = "/".join(TYPE_WORDS[t] for t in types)
        if len(types) > 1:
            warning = caution(
                None,
                "{types} tie as your most crafted Comfort type: choose one with solo_type",
                types=join_names([t.capitalize() for t in types]),
            )
    words = [
        first,
        _band(len(typed_comforts(player, catalogue)), COUNT_WORDS),
        IMPROVEMENT_WORDS[len(player.improvements)],
        _band(total, SCORE_WORDS),
    ]
    return " ".join(word for word in words if word), warning


# -- the table ----------------------------------------------------------------------------


def score(
    seats: Sequence[Seat[ComfortsPlayer]],
    settings: ComfortsSettings,
    rulings: Rulings = RULEBOOK,
) -> Outcome:
    """Score every player with their best placement; highest total wins, ties share (Scoring).

    The Hearth scores the rulebook's 5 VP unless the table plays the house ruling
    `hearth-vp = 6` (the digital card data)."""
    catalogue = settings.catalogue
    scores = [
        PlayerScore(seat.name, score_player(seats, index, catalogue, rulings)[0])
        for index, seat in enumerate(seats)
    ]
    warnings = list(_warnings(seats, catalogue))
    outcome = rank(GAME.id, GAME.categories, scores)
    if outcome.tiebreak:  # a shared victory: no tie-breaker exists, the rule says so
        outcome = replace(outcome, tiebreak_rule="creature-comforts.ties")
    if len(seats) != 1:
        return replace(outcome, cautions=tuple(warnings))
    title, tie_warning = solo_title(seats[0].inputs, scores[0].total, catalogue)
    if tie_warning:
        warnings.append(tie_warning.about(seats[0].name))
    return replace(outcome, title=title, cautions=tuple(warnings))


def _warnings(seats: Sequence[Seat[ComfortsPlayer]], catalogue: Catalogue) -> list[Caution]:
    if len(seats) != 1:
        return []
    removed = [n for n in seats[0].inputs.improvements if not catalogue.card(n).solo]
    if not removed:
        return []
    warning = caution(
        "creature-comforts.solo",
        "{cards} {verb} removed from the solo deck",
        cards=join_names(removed),
        verb="is" if len(removed) == 1 else "are",
    )
    return [warning.about(seats[0].name)]


def validate(seats: Sequence[Seat[ComfortsPlayer]], settings: ComfortsSettings) -> None:
    """Cards the box does not hold, custom cards shadowing catalogue cards, solo_type misuse."""
    catalogue = settings.catalogue
    for key in ("comforts", "improvements"):
        holders: dict[str, Counter[str]] = {}
        for seat in seats:
            for name in getattr(seat.inputs, key):
                holders.setdefault(name, Counter())[seat.name] += 1
        for name, by_player in holders.items():
            copies = catalogue.card(name).copies
            if by_player.total() > copies:
                who = ", ".join(f"{player} {count}" for player, count in by_player.items())
                raise InputError(
                    f"{by_player.total()} copies of {name!r} across all players ({who}); "
                    f"the box has {copies} (see creature-comforts.component-limits)",
                    Where(player=list(by_player)[-1], key=key),
                )
    for seat in seats:
        for number, card in enumerate(seat.inputs.custom, start=1):
            known = catalogue.find(card.name)
            if known is not None:
                raise InputError(
                    f"{card.name!r} is in the catalogue as {known.name!r}; list it under "
                    f"{known.kind}s "
                    "(or correct it in catalogue.toml)",
                    Where(player=seat.name, key=f"custom.{number}.name"),
                )
        chosen = seat.inputs.solo_type
        if chosen is None:
            continue
        if len(seats) != 1:
            raise InputError(
                "only used in solo games (the solo title)",
                Where(player=seat.name, key="solo_type"),
            )
        types = most_crafted_types(seat.inputs, catalogue)
        if chosen not in types:
            allowed = ", ".join(types) or "none: no typed Comfort was crafted"
            raise InputError(
                f"{chosen!r} is not among your most crafted Comfort types ({allowed})",
                Where(player=seat.name, key="solo_type"),
            )


def _game(catalogue: Callable[[], Catalogue]) -> Game[ComfortsPlayer, ComfortsSettings]:
    return Game(
        title=TITLE,
        categories=(COMFORTS, IMPROVEMENTS, STORED, COTTAGES, LEFTOVERS),
        player_fields=player_fields(catalogue),
        player_type=ComfortsPlayer,
        score=score,
        settings_type=lambda: ComfortsSettings(catalogue()),
        validate=validate,
        with_user_files=with_user_files,
        listing=_listing,
    )


def game_with(catalogue: Catalogue) -> Game[ComfortsPlayer, ComfortsSettings]:
    """The game that parses, checks and scores sessions against this catalogue."""
    return _game(lambda: catalogue)


@cache
def with_user_files(user_files: UserFiles) -> Game[ComfortsPlayer, ComfortsSettings]:
    """The game with the catalogue of a data directory (the shipped one plus its
    `catalogue.toml`), read when a session first needs it."""
    return _game(lambda: load(user_files))


def _listing(user_files: UserFiles | None) -> tuple[CardRow, ...]:
    # only `games show` lists the cards: scoring and `rulings` never load the listing
    from scorekeeper.games.creature_comforts.listing import card_rows  # noqa: PLC0415

    return card_rows(user_files)


def _shipped() -> Catalogue:
    return load(None)


# The registry's game checks against the shipped catalogue; a data directory's own cards
# come with find_game(id, user_files), with_user_files(user_files) or game_with(catalogue).
GAME = _game(_shipped)
