"""How `stats` and `history list` scale: 10,000 session files against just parsing them.

Generates a data directory of saved-looking sessions (Hungry and Before the Guests Arrive,
eight regular players, some series), then times, each as a fresh process and best of a few
runs: reading and parsing every file with tomllib (the floor), `scorekeeper stats` and
`scorekeeper history list`, each cold (no play cache: every file read and scored) and warm
(answered from `<home>/cache/plays.json`). The target is a ratio of at most 3. A report,
not a test:

    python benchmarks/history_scale.py [--sessions 10000] [--runs 3] [--hand-written]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from scorekeeper.history.cache import cache_file
from scorekeeper.session import from_dict, to_dict
from scorekeeper.storage.files import dumps
from scorekeeper.storage.sessions import sessions_dir

PLAYERS = ["Ana", "Ben", "Cy", "Dana", "Eli", "Fay", "Gus", "Hal"]
TARGET = 3.0

PARSE_ONLY = """
import sys, tomllib
from pathlib import Path
for path in sorted(Path(sys.argv[1]).glob("*.toml")):
    tomllib.loads(path.read_bytes().decode("utf-8"))
"""


def _hungry_counts(rng: random.Random, players: int) -> list[list[int]]:
    """Each player's tourists at the ten resorts (five homes, then five hotels), as a game
    deals them: the 50 cards (one per colour and star, twice) less 2 set aside, shared
    equally, each played at its holiday home or its hotel; so no resort and no player goes
    over the box."""
    cards = [(star, colour) for colour in range(5) for star in range(5) for _ in range(2)]
    rng.shuffle(cards)
    share = 48 // players
    counts = [[0] * 10 for _ in range(players)]
    for seat in range(players):
        for star, colour in cards[seat * share : (seat + 1) * share]:
            counts[seat][star if rng.random() < 0.5 else 5 + colour] += 1
    return counts


def _document(rng: random.Random, number: int, played: datetime) -> dict[str, Any]:
    names = rng.sample(PLAYERS, rng.randint(2, 4))
    doc: dict[str, Any] = {"format": 1, "played": played}
    if number % 5 < 3:  # three games in a row, twice a fortnight
        doc["series"] = f"evening-{number // 5}"
    if rng.random() < 0.5:
        counts = _hungry_counts(rng, len(names))
        doc["game"] = "hungry"
        doc["players"] = [
            {
                "name": name,
                "homes": counts[seat][:5],
                "hotels": dict(
                    zip(
                        ("red", "yellow", "green", "blue", "purple"),
                        counts[seat][5:],
                        strict=True,
                    )
                ),
            }
            for seat, name in enumerate(names)
        ]
    else:
        doc["game"] = "before-the-guests-arrive"
        doc["players"] = [
            {
                "name": name,
                "stored": rng.randint(5, 30),
                "loose_objects": rng.randint(0, 5),
                "loose_paws": rng.randint(0, 5),
            }
            for name in names
        ]
    return doc


def generate(home: Path, count: int, with_results: bool, seed: int = 1) -> None:
    """`count` session files as `scorekeeper` saves them (with their [result] tables), or as
    people write them by hand (inputs only: smaller files, so parsing is a lower floor)."""
    rng = random.Random(seed)
    directory = sessions_dir(home)
    directory.mkdir(parents=True, exist_ok=True)
    start = datetime(2016, 1, 1, 19, 0)
    for number in range(count):
        played = start + timedelta(hours=7 * number)
        session = from_dict(_document(rng, number, played))
        text = dumps(to_dict(session, session.score() if with_results else None))
        stem = f"{played.date().isoformat()}-{session.game.id}-{number:06x}"
        (directory / f"{stem}.toml").write_text(text, encoding="utf-8")


def best_time(command: list[str], runs: int, before: Callable[[], object] = list) -> float:
    """The fastest of `runs` runs of a command, in seconds (output discarded); `before` runs
    ahead of each, untimed."""
    times = []
    for _ in range(runs):
        before()
        begin = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - begin)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--hand-written", action="store_true", help="Files without [result] tables."
    )
    parser.add_argument("--keep", type=Path, help="Generate into this directory and keep it.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        home = args.keep or Path(scratch) / "home"
        kind = "hand-written" if args.hand_written else "saved"
        print(f"Generating {args.sessions} {kind} sessions in {home} ...", flush=True)
        generate(home, args.sessions, with_results=not args.hand_written)
        parse = best_time([sys.executable, "-c", PARSE_ONLY, str(sessions_dir(home))], args.runs)
        print(f"{'parse every file with tomllib':32} {parse:6.2f} s")
        scorekeeper = [sys.executable, "-m", "scorekeeper", "--home", str(home)]
        cache = cache_file(home)
        worst = 0.0
        for name, extra in (("stats", ["stats"]), ("history list", ["history", "list"])):
            for state, before in (("cold", lambda: cache.unlink(missing_ok=True)), ("warm", list)):
                seconds = best_time([*scorekeeper, *extra], args.runs, before)
                ratio = seconds / parse
                worst = max(worst, ratio)
                label = f"scorekeeper {name} ({state})"
                print(f"{label:32} {seconds:6.2f} s  {ratio:4.2f}x parse")
        verdict = "within" if worst <= TARGET else "OVER"
        print(f"Worst ratio {worst:.2f}x: {verdict} the {TARGET:.0f}x target.")


if __name__ == "__main__":
    main()
