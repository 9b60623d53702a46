"""What 100 hostile files among 10,000 good ones cost `history list`: time and peak memory.

Generates the history of benchmarks/history_scale.py, then adds hostile files to sessions/
(and a FIFO and /dev/zero link beside the cache and the catalogue): 40 KB and 100 KB dotted
keys (tomllib needed 2.4 s and 2.4 GB, and 57 s and 14 GB, for these before the hardened
reader), deep arrays and inline tables, 5,000-digit integers, files past the size cap, named
pipes, /dev/zero links and random bytes. Each `scorekeeper history list` runs as a fresh
process, cold (no play cache) and warm; the time is the best of a few runs and the peak
memory the largest resident size. A report, not a test:

    python benchmarks/history_hostile.py [--sessions 10000] [--hostile 100] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from history_scale import generate

from scorekeeper.history.cache import cache_file
from scorekeeper.storage.sessions import sessions_dir

MEASURE = """
import resource, subprocess, sys, time
begin = time.perf_counter()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
seconds = time.perf_counter() - begin
print(seconds, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def hostile_texts(rng: random.Random) -> list[tuple[str, bytes]]:
    """The kinds of hostile file, as (name, content); None content means a special file."""
    return [
        ("dotted-40k", ("a" + ".a" * 20_000 + " = 1\n").encode()),
        ("dotted-100k", ("a" + ".a" * 50_000 + " = 1\n").encode()),
        ("deep-array", ("x = " + "[" * 20_000 + "]" * 20_000).encode()),
        ("deep-inline", ("x = " + "{a = " * 5_000 + "1" + "}" * 5_000).encode()),
        ("long-integer", ("x = 1" + "0" * 5_000).encode()),
        ("past-the-cap", b"# " + b"x" * (2 << 20)),
        ("random-bytes", bytes(rng.randrange(256) for _ in range(4_000))),
        ("deep-headers", "".join(f"[{'a.' * n}b]\n" for n in range(1, 400)).encode()),
    ]


def add_hostile(home: Path, count: int, seed: int = 2) -> None:
    rng = random.Random(seed)
    directory = sessions_dir(home)
    kinds = hostile_texts(rng)
    specials = ("fifo", "dev-zero") if hasattr(os, "mkfifo") else ()
    for number in range(count):
        slot = number % (len(kinds) + len(specials))
        if slot < len(kinds):
            name, data = kinds[slot]
            (directory / f"zz-hostile-{number:03d}-{name}.toml").write_bytes(data)
        elif specials[slot - len(kinds)] == "fifo":
            os.mkfifo(directory / f"zz-hostile-{number:03d}-fifo.toml")
        else:
            (directory / f"zz-hostile-{number:03d}-dev-zero.toml").symlink_to("/dev/zero")
    if hasattr(os, "mkfifo"):
        os.mkfifo(home / "catalogue.toml")


def measure(command: list[str], runs: int, before: Callable[[], object]) -> tuple[float, int]:
    """Best time (s) and largest peak resident size (KB) of `runs` fresh runs."""
    times, peaks = [], []
    for _ in range(runs):
        before()
        out = subprocess.run(
            [sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, check=True
        ).stdout.split()
        times.append(float(out[0]))
        peaks.append(int(out[1]))
    return min(times), max(peaks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--hostile", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        for label, hostile in (("good only", 0), (f"+{args.hostile} hostile", args.hostile)):
            home = Path(scratch) / f"home-{hostile}"
            print(f"Generating {args.sessions} sessions {label} ...", flush=True)
            generate(home, args.sessions, with_results=True)
            if hostile:
                add_hostile(home, hostile)
            command = [sys.executable, "-m", "scorekeeper", "--home", str(home), "history", "list"]
            cold = partial(cache_file(home).unlink, missing_ok=True)
            for state, before in (("cold", cold), ("warm", list)):
                began = time.perf_counter()
                seconds, peak = measure(command, args.runs, before)
                print(f"history list, {label:14} {state}: {seconds:6.2f} s, "
                      f"peak {peak / 1024:6.1f} MB  ({time.perf_counter() - began:.0f} s)",
                      flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
