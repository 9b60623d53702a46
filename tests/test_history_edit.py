"""`history edit`: a saved game corrected at the walk-through's review or in an editor, saved
under the same id with the previous version in the trash, and undone."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pexpect
import pytest

from scorekeeper.storage.sessions import sessions_dir
from tests.walkthrough import DOWN, ENTER

SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "hungry-family-night.toml"


def run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )


def spawn(home: Path, *args: str, **env: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "scorekeeper", *args],
        env={
            **os.environ,
            "SCOREKEEPER_HOME": str(home),
            "TERM": "xterm",
            "PROMPT_TOOLKIT_NO_CPR": "1",
            **env,
        },
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 100),
    )


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    assert run(tmp_path, "score", "--from", str(SAMPLE), "--save").returncode == 0
    [path] = sessions_dir(tmp_path).glob("*.toml")
    return path


def homes(path: Path) -> list[list[int]]:
    with path.open("rb") as stream:
        return [p["homes"] for p in tomllib.load(stream)["players"]]


@pytest.mark.slow
def test_edit_at_the_review_replaces_the_file_and_undo_brings_it_back(saved: Path) -> None:
    home = saved.parent.parent
    before = saved.read_text(encoding="utf-8")
    child = spawn(home, "history", "edit", saved.stem)
    child.expect_exact("Is everything right?")
    child.send(DOWN + ENTER)  # Change an answer
    child.expect_exact("Whose answer?")
    child.send(ENTER)  # Ana
    child.expect_exact("Which answer?")
    child.send(DOWN + ENTER)  # below her name: the 1-star holiday home
    child.expect_exact("Ana: 1-star holiday home")
    child.send("0" + ENTER)
    child.expect_exact("Is everything right?")
    child.send(ENTER)
    child.expect_exact("Save this session?")
    child.send(ENTER)
    child.expect_exact("Saved ")
    child.expect(pexpect.EOF)
    assert homes(saved)[0][0] == 0
    [kept] = (home / "trash").glob("*.toml")
    assert kept.read_text(encoding="utf-8") == before
    assert run(home, "undo", "--yes").returncode == 0
    assert saved.read_text(encoding="utf-8") == before


@pytest.mark.slow
def test_an_invalid_edit_in_the_editor_is_refused_then_edited_again(
    saved: Path, tmp_path: Path
) -> None:
    home = saved.parent.parent
    editor = tmp_path / "editor.sh"
    count = tmp_path / "count"
    # First edit: an impossible count; second: a valid change, with a comment kept as typed.
    editor.write_text(
        "#!/bin/sh\n"
        f'if [ -e "{count}" ]; then\n'
        '  sed -i "s/^homes = \\\\[99, 1, 5, /homes = [0, 5, /" "$1"; echo "# corrected" >> "$1"\n'
        "else\n"
        f'  touch "{count}"; sed -i "0,/^homes = \\\\[/s//homes = [99, /" "$1"\n'
        "fi\n",
        encoding="utf-8",
    )
    editor.chmod(editor.stat().st_mode | stat.S_IEXEC)
    original = saved.read_text(encoding="utf-8")
    child = spawn(home, "history", "edit", saved.stem, "--editor", EDITOR=str(editor), VISUAL="")
    child.expect_exact("error: ")
    child.expect_exact("What now?")
    child.send(ENTER)  # Edit it again
    child.expect_exact("Saved ")
    child.expect(pexpect.EOF)
    text = saved.read_text(encoding="utf-8")
    assert text != original
    assert text.endswith("# corrected\n")  # the edit as typed, comments and all


def test_edit_of_an_unknown_session_suggests_the_closest(saved: Path) -> None:
    home = saved.parent.parent
    short = saved.stem[-6:]  # the id `history list` shows
    wrong = short[:-1] + ("0" if short[-1] != "0" else "1")
    result = run(home, "history", "edit", wrong)
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: no session {wrong!r}")
    assert f"did you mean {short!r}" in result.stderr
