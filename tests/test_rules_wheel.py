"""The rule notes ship inside the wheel with their index prebuilt, and answer from a
non-editable install without building anything."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.rulebook import PREBUILT, Index, load_library, read_index

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
    assert not (tmp_path / "home").exists()  # the first query read the prebuilt index
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
    shipped = Path(located.stdout.strip())
    assert sorted(p.name for p in shipped.iterdir()) == sorted(
        [PREBUILT, *(p.name for p in (ROOT / "rules").glob("*.toml"))]
    )  # the asked questions are in the index, not shipped themselves
    prebuilt = read_index(shipped / PREBUILT)
    assert prebuilt is not None
    assert prebuilt.to_json() == Index.build(load_library(ROOT / "rules")).to_json()
    assert run("rules", "list", "--json").stdout.count('"id"') == sum(
        path.read_text(encoding="utf-8").count("[[notes]]") for path in ROOT.glob("rules/*.toml")
    )
    # Showing and listing notes read them from the prebuilt index too: with the note files
    # gone from the install, they still answer.
    for note_file in shipped.glob("*.toml"):
        note_file.unlink()
    shown = run("rules", "show", "hungry.ties", "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["id"] == "hungry.ties"
    facts = run("games", "show", "hungry", "--json")
    assert facts.returncode == 0, facts.stderr
    assert "hungry.ties" in [note["id"] for note in json.loads(facts.stdout)["rules"]]
