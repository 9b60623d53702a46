"""docs/commands.md's examples are real output on the fixture history, at 80 columns.

A `...` line stands for lines left out: the parts it separates appear in order, the first
opening the real output and the last ending it. An error example shows the error line.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.history_home import FIXTURE

PAGE = Path(__file__).parent.parent / "docs" / "commands.md"
TEXT = PAGE.read_text(encoding="utf-8")
EXAMPLES = [b for b in re.findall(r"```text\n(.*?)```", TEXT, flags=re.DOTALL) if b[:2] == "$ "]
CATALOGUE = re.findall(r"```toml\n(.*?)```", TEXT, flags=re.DOTALL)[0]
PROGRAM = Path(sys.executable).with_name("scorekeeper")


def test_the_page_has_examples() -> None:
    assert len(EXAMPLES) >= 12


def run_example(command: str, cwd: Path) -> tuple[int, list[str], list[str]]:
    """A `scorekeeper ...` line runs with `--home tests/history`; any other line (setting the
    completion variables) runs in bash as shown."""
    env = {key: value for key, value in os.environ.items() if key != "SCOREKEEPER_HOME"}
    env |= {"COLUMNS": "80", "PATH": f"{PROGRAM.parent}{os.pathsep}{env.get('PATH', '')}"}
    if command.startswith("scorekeeper "):
        command = command.replace("scorekeeper ", "scorekeeper --home tests/history ", 1)
    result = subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )
    out = [line.rstrip() for line in result.stdout.splitlines()]
    return result.returncode, out, result.stderr.splitlines()


@pytest.mark.parametrize("block", EXAMPLES, ids=lambda b: b.splitlines()[0][2:40])
def test_example_is_real_output(block: str, tmp_path: Path) -> None:
    home = tmp_path / "tests" / "history"
    shutil.copytree(FIXTURE, home)
    home.joinpath("catalogue.toml").write_text(CATALOGUE, encoding="utf-8")
    lines = block.rstrip("\n").split("\n")
    continued = 1
    while lines[continued - 1].endswith("\\"):
        continued += 1
    command = "\n".join(lines[:continued])[2:].replace("\n    ", "\n")
    expected = lines[continued:]
    code, out, err = run_example(command, tmp_path)
    if expected[0].startswith("error: "):
        assert (code, out, err[-1:]) == (2, [], expected)
        return
    assert code == 0, err
    parts = "\n".join(expected).split("\n...\n" if expected[0] != "..." else "...\n")
    chunks = [part.strip("\n").split("\n") for part in parts if part.strip("\n")]
    if expected[0] != "...":
        assert out[: len(chunks[0])] == chunks[0]
    assert out[-len(chunks[-1]) :] == chunks[-1]
    shown = "\n".join(out)
    position = 0
    for chunk in chunks:
        position = shown.index("\n".join(chunk), position)
