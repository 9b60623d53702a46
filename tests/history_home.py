"""The fixture history under tests/history/, copied into a temporary data directory.

sessions/: a complete three-game Before the Guests Arrive series tied on points (sunday-trio),
a mixed-title games night (games-night), an open-ended series with no definition (rematch),
one game of an unfinished series (december), a hand-written file with comments
(family-night), a stored [result] that no longer matches its inputs (f6a7b8), a broken file
and a file of a newer format. series/: the three series definitions.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner, Result

from scorekeeper.cli import app

FIXTURE = Path(__file__).parent / "history"


def make_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    shutil.copytree(FIXTURE, home)
    return home


def run(home: Path, *args: str) -> Result:
    """The command with a wide terminal, so table rows stay on one line."""
    return CliRunner().invoke(app, ["--home", str(home), *args], env={"COLUMNS": "160"})


def snapshot(home: Path) -> dict[str, bytes]:
    """Every file of the user's under the data directory, to prove nothing changed.

    The play cache and the lock file are left out: reading the history may refresh the
    cache, any change creates the lock file, and neither holds anything a user wrote; nor
    do the change log and the copies kept for `undo`, which every change adds to.
    """
    skipped = ("cache", ".lock", "changes.jsonl", "kept")
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and p.relative_to(home).parts[0] not in skipped
    }
