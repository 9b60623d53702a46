"""The best placement of stored resources: where each Good, Coin and Story should go.

The rules let players move resources freely until final scoring, and each resource scores
on one card only; whatever is not stored scores as a leftover (2 per Story, 1 per Coin, 1 per
3 Goods). So there is a best placement, and this module finds it exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from scorekeeper.games.creature_comforts.cards import RESOURCES

GOOD_INDEXES = frozenset(range(6))
STORY_POINTS = 2
COIN_POINTS = 1
GOODS_PER_POINT = 3
LINEAR_POINTS = {RESOURCES.index("coin"): COIN_POINTS, RESOURCES.index("story"): STORY_POINTS}


@dataclass(frozen=True)
class Store:
    """Somewhere sets of resources score: every copy of one card, or one book's slots.

    `need` is one set (a vector over RESOURCES), worth `points`. `limit` caps the number of
    sets: None for "+N per set stored here" (all copies of a card are interchangeable and
    the bonus is linear, so only the total number of sets matters), the number of copies
    for "+N if exactly this is stored here" and for one-Story book slots.
    """

    label: str
    need: tuple[int, ...]
    points: int
    limit: int | None = None

    def most_sets(self, available: Sequence[int]) -> int:
        sets = min(have // need for have, need in zip(available, self.need, strict=True) if need)
        return sets if self.limit is None else min(sets, self.limit)


@dataclass(frozen=True)
class Placement:
    """How many sets go to each store, and the resources left over."""

    sets: tuple[int, ...]
    stored_points: int
    leftover: tuple[int, ...]

    @property
    def leftover_points(self) -> int:
        return leftover_points(self.leftover)

    @property
    def total(self) -> int:
        return self.stored_points + self.leftover_points


def leftover_points(resources: Sequence[int]) -> int:
    """2 per Story, 1 per Coin, 1 per full group of 3 Goods in any mix (Leftover Resources)."""
    goods = sum(resources[i] for i in GOOD_INDEXES)
    linear = sum(points * resources[i] for i, points in LINEAR_POINTS.items())
    return linear + goods // GOODS_PER_POINT


def best_placement(stores: Sequence[Store], resources: Sequence[int]) -> Placement:
    """The placement with the most points from stores plus leftovers, with ties going to
    storing less.

    Why it is exact: it is a complete search over the number of sets put in each store,
    and nothing else can matter. Storing part of a set, or anything a card does not
    score, only removes resources from the leftovers, which never raises their value; and
    copies of a card are interchangeable (a linear bonus per set, or one exact set each).
    The search is a dynamic programme over stores in a fixed order, memoised on what is
    left. To keep the states few, a resource that no later store uses is cashed out at
    once: Coins and Stories score linearly, so their points are added and forgotten;
    loose Goods score only through their total, so only that count is kept. Two states that
    are equal after this have exactly the same best continuation, so merging them loses
    nothing. Stores of Coins and Stories come first, so the Goods stores (Hearth, Pantry,
    Fairy Garden) are searched once rather than once per Coin and Story split: a real
    player's placement takes well under a thousand states.
    """
    order = sorted(
        range(len(stores)), key=lambda i: (any(stores[i].need[g] for g in GOOD_INDEXES), i)
    )
    usable = [
        frozenset(r for j in order[level:] for r, need in enumerate(stores[j].need) if need)
        for level in range(len(order) + 1)
    ]

    def cash_out(
        state: tuple[int, ...], keep: frozenset[int], idle_goods: int
    ) -> tuple[tuple[int, ...], int, int]:
        """Drop resources outside `keep`: (new state, linear points, loose Goods count)."""
        points = 0
        out = list(state)
        for r, amount in enumerate(state):
            if r in keep or not amount:
                continue
            if r in GOOD_INDEXES:
                idle_goods += amount
            else:
                points += LINEAR_POINTS[r] * amount
            out[r] = 0
        return tuple(out), points, idle_goods

    @cache
    def best(level: int, state: tuple[int, ...], idle_goods: int) -> tuple[int, tuple[int, ...]]:
        if level == len(order):
            return idle_goods // GOODS_PER_POINT, ()
        store = stores[order[level]]
        top: tuple[int, tuple[int, ...]] = (-1, ())
        for sets in range(store.most_sets(state) + 1):
            rest = tuple(have - sets * need for have, need in zip(state, store.need, strict=True))
            rest, cashed, idle = cash_out(rest, usable[level + 1], idle_goods)
            value, choices = best(level + 1, rest, idle)
            value += sets * store.points + cashed
            if value > top[0]:
                top = (value, (sets, *choices))
        return top

    start, _, idle = cash_out(tuple(resources), usable[0], 0)
    _, choices = best(0, start, idle)
    sets = [0] * len(stores)
    for level, index in enumerate(order):
        sets[index] = choices[level]
    leftover = list(resources)
    stored_points = 0
    for store, count in zip(stores, sets, strict=True):
        stored_points += count * store.points
        for r, need in enumerate(store.need):
            leftover[r] -= count * need
    return Placement(tuple(sets), stored_points, tuple(leftover))
