"""Meta-tests: every title is complete and the README's commands are real."""

from __future__ import annotations

import re
import shlex

import pytest

from scorekeeper.games import GAMES
from scorekeeper.storage import read_session
from tests.conftest import REPO, SAMPLES

SAMPLE_FILES = sorted(SAMPLES.glob("*.toml"))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_title_has_rule_notes_a_sample_and_cases(game: object) -> None:
    game_id = game.id  # type: ignore[attr-defined]
    assert (REPO / "rules" / f"{game_id}.toml").is_file()
    assert any(read_session(path).game.id == game_id for path in SAMPLE_FILES)
    assert list((REPO / "tests" / "cases" / game_id).glob("*.toml"))


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_every_sample_session_scores(path: object) -> None:
    outcome = read_session(path).score()  # type: ignore[arg-type]
    assert outcome.winners


def test_readme_quickstart_names_a_real_sample_and_the_ci_test_command() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, flags=re.S)
    first, second = blocks[0].strip(), blocks[1].strip()
    sample = next(word for word in shlex.split(first) if word.startswith("sample_sessions/"))
    assert (REPO / sample).is_file()
    assert 'pip install ".[test]" && pytest' in second
    assert 'pip install ".[test]" && pytest' in (REPO / ".ci" / "run").read_text()


def test_the_registry_knows_each_title_as_its_engine_does() -> None:
    from scorekeeper.games import TITLES

    for title in TITLES:
        assert title.load().title is title
