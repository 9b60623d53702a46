"""Start-up time of the commands that do not prompt, against a bare typer + rich import.

A report, not a test: python benchmarks/startup.py [--runs N]. The target is a ratio of at
most 1.3 for each command. Runs are interleaved so that a busy machine slows every command
alike, and the minimum and median wall times of N runs are reported. Also lists which heavy
modules each command imports (pydantic, questionary, prompt_toolkit, platformdirs).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_sessions" / "hungry-family-night.toml"
TARGET = 1.3
HEAVY = ("pydantic", "questionary", "prompt_toolkit", "platformdirs")
BASELINE = [sys.executable, "-c", "import typer, rich.console, rich.table"]
# What users run: the installed console script, else the package as a module (adds runpy).
_SCRIPT = Path(sys.executable).with_name("scorekeeper")
PROGRAM = (
    [sys.executable, str(_SCRIPT)] if _SCRIPT.is_file() else [sys.executable, "-m", "scorekeeper"]
)


def commands() -> list[list[str]]:
    """Every registered command that runs without prompting, with a typical invocation."""
    sys.path.insert(0, str(ROOT))
    from scorekeeper.cli.common import COMMANDS

    names = set(COMMANDS)
    runs = [
        ["--help"],
        ["score", "--from", str(SAMPLE)],
        ["score", "--from", str(SAMPLE), "--json"],
    ]
    typical = {  # the everyday use of each command group; others run bare
        "history": ["history", "list"],
        "rules": ["rules", "who", "wins", "a", "tie", "in", "hungry"],
        "series": ["series", "list"],
    }
    runs += [typical.get(name, [name]) for name in sorted(names - {"score"})]
    return runs


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def heavy_imports(argv: list[str], env: dict[str, str]) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", *argv[1:]],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    found = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()}
    return [name for name in HEAVY if name in found]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SCOREKEEPER_HOME": home, "COLUMNS": "100"}
        # An installed package has its bytecode compiled; without it every run recompiles
        # scorekeeper's modules while typer's and rich's come from their caches.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for sample in sorted(SAMPLE.parent.glob("*.toml")):  # a small history to list
            subprocess.run(
                [*PROGRAM, "score", "--from", str(sample), "--save"],
                env=env,
                capture_output=True,
                check=True,
            )
        argvs = [BASELINE] + [[*PROGRAM, *c] for c in commands()]
        for argv in argvs:  # warm the file cache and the bytecode
            timed(argv, env)
        times: list[list[float]] = [[] for _ in argvs]
        for _ in range(options.runs):
            for index, argv in enumerate(argvs):
                times[index].append(timed(argv, env))
        base_min, base_median = min(times[0]), statistics.median(times[0])
        print(
            f"baseline (import typer, rich.console, rich.table): "
            f"min {base_min * 1000:.0f} ms, median {base_median * 1000:.0f} ms"
        )
        print(f"{'command':<52} {'min':>7} {'median':>7} {'ratio':>6}  heavy imports")
        worst = 0.0
        for argv, samples in zip(argvs[1:], times[1:], strict=True):
            label = " ".join(argv[len(PROGRAM) :]).replace(str(ROOT) + os.sep, "")
            ratio = statistics.median(samples) / base_median
            worst = max(worst, ratio)
            heavy = ", ".join(heavy_imports(argv, env)) or "-"
            fastest, typical = min(samples) * 1000, statistics.median(samples) * 1000
            print(f"{label:<52} {fastest:>5.0f}ms {typical:>5.0f}ms {ratio:>6.2f}  {heavy}")
        print(f"worst ratio {worst:.2f} (target {TARGET}): {'ok' if worst <= TARGET else 'OVER'}")


if __name__ == "__main__":
    main()
