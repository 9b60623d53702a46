"""Known-answer cases: every file under tests/cases/ is a session with its expected result.

Adding a case adds data, not code. A case file holds `[session]` (a session document),
`[expected]` with `totals` (name -> total), `winners`, and optionally `tiebreak` (exact text),
`lines` (name -> list of [category, points, rule]), `details` (name -> list of each line's
detail), `rulings` (name -> list of the house ruling behind each line, "" for none),
`unclaimed` (every prize nobody took, in words, in scoring order), `places` (name -> place
as shown, '2=' when shared), `warnings` (substrings), `title`
(a solo title, exact text; absent = no title), or `error`
(a substring of the one-line error the session must be rejected with).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.errors import InputError
from scorekeeper.render.sentences import tiebreak_text, unclaimed_text, warnings_text
from scorekeeper.session import from_dict

CASES = sorted((Path(__file__).parent / "cases").rglob("*.toml"))


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as stream:
        return tomllib.load(stream)


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_case(path: Path) -> None:
    check_case(_load(path))


def check_case(case: dict[str, Any]) -> None:
    """Score one case's session and compare every expectation it states."""
    expected = case["expected"]
    if "error" in expected:
        with pytest.raises(InputError) as caught:
            from_dict(case["session"]).score()
        assert expected["error"] in str(caught.value)
        return
    outcome = from_dict(case["session"]).score()
    for standing in outcome.standings:  # every column adds up; a line outside one scores 0
        assert standing.total == sum(standing.category_total(c) for c in outcome.categories)
        outside = [line for line in standing.lines if line.category not in outcome.categories]
        assert all(line.points == 0 for line in outside)
    assert {s.name: s.total for s in outcome.standings} == expected["totals"]
    assert list(outcome.winners) == expected["winners"]
    assert tiebreak_text(outcome.game, outcome.tiebreak) == expected.get("tiebreak")
    assert outcome.title == expected.get("title")
    for name, lines in expected.get("lines", {}).items():
        standing = next(s for s in outcome.standings if s.name == name)
        assert [[line.category, line.points, line.rule] for line in standing.lines] == lines
    for name, details in expected.get("details", {}).items():
        standing = next(s for s in outcome.standings if s.name == name)
        assert [line.detail for line in standing.lines] == details
    for name, rulings in expected.get("rulings", {}).items():
        standing = next(s for s in outcome.standings if s.name == name)
        assert [line.ruling or "" for line in standing.lines] == rulings
    if "unclaimed" in expected:
        assert [unclaimed_text(u) for u in outcome.unclaimed] == expected["unclaimed"]
    places = {s.name: outcome.place(s) for s in outcome.standings}
    assert {name: places[name] for name in expected.get("places", {})} == expected.get("places", {})
    warnings = expected.get("warnings", [])
    assert len(outcome.cautions) == len(warnings)
    for text, wanted in zip(warnings_text(outcome), warnings, strict=True):
        assert wanted in text


def test_every_title_has_cases() -> None:
    from scorekeeper.games import GAMES

    assert {game.id for game in GAMES} <= {path.parent.name for path in CASES}
