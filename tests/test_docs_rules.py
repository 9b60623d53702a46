"""docs/rules-assistant.md's examples are real output of `scorekeeper rules`, at 80 columns.

A `...` line stands for the rest of the output, left out.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PAGE = Path(__file__).parent.parent / "docs" / "rules-assistant.md"
TEXT = PAGE.read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```text\n(\$ scorekeeper rules .*?)```", TEXT, flags=re.DOTALL)
PROGRAM = Path(sys.executable).with_name("scorekeeper")


def test_the_page_has_examples() -> None:
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("block", EXAMPLES, ids=lambda b: b.splitlines()[0][2:50])
def test_example_is_real_output(block: str, tmp_path: Path) -> None:
    command, *expected = block.rstrip("\n").split("\n")
    env = {key: value for key, value in os.environ.items() if key != "SCOREKEEPER_HOME"}
    env |= {"COLUMNS": "80", "PATH": f"{PROGRAM.parent}{os.pathsep}{env.get('PATH', '')}"}
    env["SCOREKEEPER_HOME"] = str(tmp_path)  # its own rules index cache
    result = subprocess.run(
        ["bash", "-c", command[2:]], env=env, capture_output=True, text=True, timeout=60
    )
    out = [line.rstrip() for line in result.stdout.splitlines()]
    assert result.returncode in (0, 1), result.stderr
    if "..." in expected:
        shown = expected[: expected.index("...")]
        assert out[: len(shown)] == shown
    else:
        assert out == expected
