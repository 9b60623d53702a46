"""Every rule id the scoring cites exists, so `scorekeeper rules show ID` always answers."""

from __future__ import annotations

import ast
import inspect
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.fields import Field
from scorekeeper.games import GAMES
from scorekeeper.rulebook import load_notes, rules_root
from scorekeeper.session import from_dict
from scorekeeper.storage.session_files import read_session

ROOT = Path(__file__).parents[1]
SAMPLES = sorted((ROOT / "sample_sessions").glob("*.toml"))


@pytest.fixture(scope="module")
def note_ids() -> set[str]:
    return set(load_notes(rules_root()).notes)


def _case(path: Path) -> dict[str, Any]:
    with path.open("rb") as stream:
        return tomllib.load(stream)


SCORED_CASES = [
    path
    for path in sorted((ROOT / "tests" / "cases").rglob("*.toml"))
    if "error" not in _case(path)["expected"]  # a rejected session scores nothing to cite
]


def _fields(fields: tuple[Field, ...]) -> list[Field]:
    """Fields and the fields nested in records, which also cite rules."""
    found = []
    for field in fields:
        found.append(field)
        found += _fields(getattr(field, "fields", ()))
    return found


@pytest.mark.parametrize("path", SAMPLES + SCORED_CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scored_lines_cite_existing_notes(path: Path, note_ids: set[str]) -> None:
    session = read_session(path) if path in SAMPLES else from_dict(_case(path)["session"])
    outcome = session.score()
    cited = {line.rule for standing in outcome.standings for line in standing.lines}
    if outcome.tiebreak_rule:
        cited.add(outcome.tiebreak_rule)
    assert cited - note_ids == set()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_rule_named_in_a_game_exists(game: Any, note_ids: set[str]) -> None:
    """Fields, tie-breakers and lines: every '<game id>.<slug>' string in the game's module."""
    rule_id = re.compile(rf"{re.escape(game.id)}\.[a-z0-9-]+")
    source = ast.parse(inspect.getsource(inspect.getmodule(game.score)))
    named = {
        node.value
        for node in ast.walk(source)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and rule_id.fullmatch(node.value)
    }
    named |= {f.rule for f in _fields(game.player_fields + game.settings_fields) if f.rule}
    assert named, "a title should cite its rule notes"
    assert named - note_ids == set()


def test_every_title_has_a_sample_session() -> None:
    assert {game.id for game in GAMES} <= {read_session(path).game.id for path in SAMPLES}
