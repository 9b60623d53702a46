"""The rule notes ship inside the wheel and answer from a non-editable install."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


@pytest.mark.slow
def test_installed_wheel_answers_rules_questions(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(wheels)],
        check=True,
    )
    (wheel,) = wheels.glob("scorekeeper-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([bin_dir / "python", "-m", "pip", "install", "-q", str(wheel)], check=True)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {**os.environ, "SCOREKEEPER_HOME": str(tmp_path / "home")}
    env.pop("PYTHONPATH", None)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [bin_dir / "scorekeeper", *args], cwd=outside, env=env, capture_output=True, text=True
        )

    answer = run("rules", "tiebraker", "for", "hungry", "--json")
    assert answer.returncode == 0, answer.stderr
    assert json.loads(answer.stdout)[0]["id"] == "hungry.ties"
    located = subprocess.run(
        [
            bin_dir / "python",
            "-c",
            "from scorekeeper.rulebook import rules_root; print(rules_root())",
        ],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert str(venv) in located.stdout and "_rules" in located.stdout
    assert run("rules", "list", "--json").stdout.count('"id"') == sum(
        path.read_text(encoding="utf-8").count("[[notes]]") for path in ROOT.glob("rules/*.toml")
    )
