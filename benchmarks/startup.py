"""Start-up time of the commands that do not prompt, against a bare typer + rich import.

A report, not a test: python benchmarks/startup.py [--runs N], with the Python of an
environment the project is installed into (`pip install .`): each command is run through the
installed `scorekeeper` entry point, as users run it. The target is a ratio of at most 1.3
for each command. Runs are interleaved so that a busy machine slows every command
alike. For each command it reports the time to its first output (when the answer starts
to appear) and to its exit (which adds drawing the rest of a long answer) as ratios of the
baseline, each from the fastest of the N runs: on a shared machine other work only ever
adds time, so the minimum is the steadiest estimate (as the timeit documentation advises).
The median exit time is shown too. Also lists which heavy modules each command imports
(pydantic, questionary, prompt_toolkit, platformdirs).

On a shared machine two reports a minute apart can differ by a tenth. `--instructions` counts
instead the instructions each command runs (valgrind's callgrind, one run each, about eight
seconds a command): the same count every time for the same code and inputs, whatever else
the machine does, so two versions compare exactly. It is not time (a file read or a page
fault costs time and few instructions), but start-up here is Python running code.
"""

from __future__ import annotations

import argparse
import os
import shutil
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
ENTRY_POINT = Path(sys.executable).with_name("scorekeeper")
"""What users run: the console script `pip install` wrote beside this Python, run as is."""
PROGRAM = [str(ENTRY_POINT)]


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


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds to the first byte on stdout (or to exit, if none) and to exit."""
    start = time.perf_counter()
    with subprocess.Popen(
        argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    ) as process:
        assert process.stdout is not None
        process.stdout.read(1)
        first = time.perf_counter() - start
        process.stdout.read()
    return first, time.perf_counter() - start


def instructions(argv: list[str], env: dict[str, str]) -> int:
    """Instructions the command runs, counted by valgrind's callgrind."""
    if Path(argv[0]) == ENTRY_POINT:
        argv = [sys.executable, *argv]  # the console script, run by its interpreter
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    collected = [line for line in result.stderr.splitlines() if "Collected" in line]
    if not collected:
        sys.exit(f"valgrind counted nothing for {argv}:\n{result.stderr[-500:]}")
    return int(collected[-1].split()[-1])


def heavy_imports(argv: list[str], env: dict[str, str]) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", *argv],
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
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions with valgrind instead of timing (repeatable on a busy machine)",
    )
    options = parser.parse_args()
    if options.instructions and shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind (Debian: apt install valgrind)")
    if not ENTRY_POINT.is_file():
        sys.exit(f"no {ENTRY_POINT}: install the project into this Python first (pip install .)")
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
        if options.instructions:
            _count(argvs, env)
            return
        firsts: list[list[float]] = [[] for _ in argvs]
        exits: list[list[float]] = [[] for _ in argvs]
        for _ in range(options.runs):
            for index, argv in enumerate(argvs):
                first, done = timed(argv, env)
                firsts[index].append(first)
                exits[index].append(done)
        base = min(exits[0])
        print(
            f"baseline (import typer, rich.console, rich.table): "
            f"min {base * 1000:.0f} ms, median {statistics.median(exits[0]) * 1000:.0f} ms"
        )
        print(f"{'command':<60} {'first':>6} {'exit':>6} {'median':>8}  heavy imports")
        worst_first = worst_exit = 0.0
        for argv, to_first, to_exit in zip(argvs[1:], firsts[1:], exits[1:], strict=True):
            label = " ".join(argv[len(PROGRAM) :]).replace(str(ROOT) + os.sep, "")
            first_ratio = min(to_first) / base
            exit_ratio = min(to_exit) / base
            worst_first, worst_exit = max(worst_first, first_ratio), max(worst_exit, exit_ratio)
            heavy = ", ".join(heavy_imports(argv, env)) or "-"
            print(
                f"{label:<60} {first_ratio:>6.2f} {exit_ratio:>6.2f}"
                f" {statistics.median(to_exit) * 1000:>6.0f}ms"
                f"  {heavy}"
            )
        for what, worst in (("first output", worst_first), ("exit", worst_exit)):
            verdict = "ok" if worst <= TARGET else "OVER"
            print(f"worst ratio to {what}: {worst:.2f} (target {TARGET}): {verdict}")


def _count(argvs: list[list[str]], env: dict[str, str]) -> None:
    """The instruction-count report: each command's count as a ratio of the baseline's."""
    base = instructions(argvs[0], env)
    print(f"baseline (import typer, rich.console, rich.table): {base / 1e6:.0f} M instructions")
    print(f"{'command':<60} {'ratio':>6} {'M instr.':>9}")
    worst = 0.0
    for argv in argvs[1:]:
        count = instructions(argv, env)
        label = " ".join(argv[len(PROGRAM) :]).replace(str(ROOT) + os.sep, "")
        worst = max(worst, count / base)
        print(f"{label:<60} {count / base:>6.2f} {count / 1e6:>9.0f}")
    print(f"worst ratio of instructions: {worst:.2f} (the target, 1.3, is for time)")


if __name__ == "__main__":
    main()
