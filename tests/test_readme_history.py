"""The README's history, series and stats examples are real output on the fixture history."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app
from tests.history_home import FIXTURE

README = Path(__file__).parent.parent / "README.md"
SECTION = README.read_text(encoding="utf-8").split("## History, series and statistics")[1]
EXAMPLES = [
    block
    for block in re.findall(r"```text\n(.*?)```", SECTION, flags=re.DOTALL)
    if block.startswith("$ scorekeeper ") and "..." not in block
]


def test_the_section_has_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("block", EXAMPLES, ids=lambda b: b.splitlines()[0][14:])
def test_readme_example_is_real_output(
    block: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A copy at the same relative path: output paths match the README, and the play cache
    # the commands write stays out of the repository.
    shutil.copytree(FIXTURE, tmp_path / "tests" / "history")
    monkeypatch.chdir(tmp_path)
    command, _, expected = block.partition("\n")
    args = shlex.split(command)[2:]
    result = CliRunner().invoke(app, ["--home", "tests/history", *args], env={"COLUMNS": "92"})
    shown = "\n".join(line.rstrip() for line in result.stdout.splitlines())
    assert shown == expected.rstrip("\n")
