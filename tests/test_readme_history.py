"""The manual's history, series and stats examples (docs/history.md) are real output on the
fixture history."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app
from tests.history_home import FIXTURE

PAGE = Path(__file__).parent.parent / "docs" / "history.md"
EXAMPLES = [
    block
    for block in re.findall(r"```text\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.DOTALL)
    if block.startswith("$ scorekeeper ") and "..." not in block
]


def test_the_page_has_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("block", EXAMPLES, ids=lambda b: b.splitlines()[0][14:])
def test_history_example_is_real_output(
    block: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A copy at the same relative path: output paths match the page, and the play cache
    # the commands write stays out of the repository.
    shutil.copytree(FIXTURE, tmp_path / "tests" / "history")
    monkeypatch.chdir(tmp_path)
    command, _, expected = block.partition("\n")
    args = shlex.split(command)[2:]
    result = CliRunner().invoke(app, ["--home", "tests/history", *args], env={"COLUMNS": "92"})
    shown = "\n".join(line.rstrip() for line in result.stdout.splitlines())
    assert shown == expected.rstrip("\n")
