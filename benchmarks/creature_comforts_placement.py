"""How long the Creature Comforts best placement takes on heavy hands (target: < 50 ms each).

Run: python benchmarks/creature_comforts_placement.py. Not a test: timings depend on the
machine, so they are printed, never asserted.
"""

from __future__ import annotations

import time

from scorekeeper.games.creature_comforts.catalogue import load
from scorekeeper.games.creature_comforts.engine import ComfortsPlayer, storage_targets
from scorekeeper.games.creature_comforts.placement import best_placement

HANDS = {
    "every storing Comfort, a full supply": ComfortsPlayer(
        comforts=("Hearth", "Pantry", "Fairy Garden", "Piggy Bank", "Bookshelf", "Lamp"),
        improvements=("Pattern Book", "Recipe Book"),
        goods=(20, 20, 20, 18, 18, 18),
        coins=20,
        stories=20,
    ),
    "three of each Goods store, both books": ComfortsPlayer(
        comforts=("Hearth",) * 3
        + ("Pantry",) * 3
        + ("Fairy Garden",) * 3
        + ("Lamp",) * 3
        + ("Socks", "Quilt", "Muffler", "Soup", "Bread", "Pie"),
        improvements=("Pattern Book", "Recipe Book"),
        goods=(20, 20, 20, 18, 18, 18),
        coins=20,
        stories=20,
    ),
}


def main() -> None:
    catalogue = load(None)
    for label, player in HANDS.items():
        stores = [t.store for t in storage_targets(player, catalogue)]
        start = time.perf_counter()
        placement = best_placement(stores, player.resources)
        elapsed = (time.perf_counter() - start) * 1000
        print(f"{label}: {placement.total} points in {elapsed:.1f} ms")


if __name__ == "__main__":
    main()
