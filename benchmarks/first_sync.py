"""How long a group's first `scorekeeper sync` takes against plain git on the same files.

Generates a data directory of saved sessions (the generator of history_scale.py), then times,
each best of a few runs on fresh copies: plain `git init` + `git add` + `git commit` +
`git push` of the session files to an empty bare repository (the floor), and
`scorekeeper sync --remote` of the same data directory to another empty bare repository,
once with a warm play cache (as after `history list` or `stats`, the usual case) and once
with none. The target is a ratio of at most 2. A report, not a test:

    python benchmarks/first_sync.py [--sessions 1000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from history_scale import generate

from scorekeeper.history.cache import cache_file

TARGET = 2.0
QUIET_GIT = {
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@example.invalid",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def _run(command: list[str], cwd: Path | None = None) -> None:
    subprocess.run(
        command,
        cwd=cwd,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **QUIET_GIT},
    )


def plain_git(home: Path, bare: Path) -> float:
    """init, add, commit and push the sessions folder as anyone would by hand."""
    begin = time.perf_counter()
    _run(["git", "init", "-q", "-b", "main", str(home)])
    _run(["git", "add", "sessions"], home)
    _run(["git", "commit", "-q", "-m", "Add the games"], home)
    _run(["git", "push", "-q", str(bare), "main"], home)
    return time.perf_counter() - begin


def first_sync(home: Path, bare: Path) -> float:
    begin = time.perf_counter()
    _run([sys.executable, "-m", "scorekeeper", "--home", str(home), "sync", "--remote", str(bare)])
    return time.perf_counter() - begin


def warm_cache(home: Path) -> None:
    _run([sys.executable, "-m", "scorekeeper", "--home", str(home), "history", "list"])
    assert cache_file(home).exists()


def timed_once(scratch: Path, source: Path, kind: str, run: int) -> float:
    """One timing on a fresh copy of `source` and a new bare remote."""
    home = scratch / f"{kind}-{run}"
    bare = scratch / f"{kind}-{run}.git"
    shutil.copytree(source, home, symlinks=True)
    _run(["git", "init", "-q", "--bare", "-b", "main", str(bare)])
    if kind == "warm":  # the cache knows files by inode: a copy needs its own
        warm_cache(home)
    seconds = plain_git(home, bare) if kind == "git" else first_sync(home, bare)
    shutil.rmtree(home)
    shutil.rmtree(bare)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        source = scratch / "source"
        print(f"Generating {args.sessions} saved sessions ...", flush=True)
        generate(source, args.sessions, with_results=True)
        kinds = {
            "git": "plain git add/commit/push",
            "warm": "scorekeeper sync (play cache)",
            "cold": "scorekeeper sync (no cache)",
        }
        times: dict[str, list[float]] = {kind: [] for kind in kinds}
        for run in range(args.runs):  # interleaved, so a busy moment weighs on all alike
            for kind in kinds:
                times[kind].append(timed_once(scratch, source, kind, run))
        floor = min(times["git"])
        for kind, label in kinds.items():
            seconds = min(times[kind])
            print(f"{label:34} {seconds:6.2f} s  {seconds / floor:4.2f}x plain git")
        worst = min(times["warm"]) / floor
        verdict = "within" if worst <= TARGET else "OVER"
        print(f"With the play cache {worst:.2f}x: {verdict} the {TARGET:.0f}x target.")


if __name__ == "__main__":
    main()
