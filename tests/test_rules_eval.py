"""Measured answer quality on questions written before the search (tests/rules_eval/*.toml).

A question with `game` is asked as `--game GAME`; one without searches every title. The test
prints the top-1 and top-3 hit rates and fails below 75% and 95%.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rulebook import Index, load_library, rules_root

EVAL = Path(__file__).parent / "rules_eval"
TOP1_FLOOR = 0.75
TOP3_FLOOR = 0.95


def _questions() -> list[dict[str, Any]]:
    questions = []
    for path in sorted(EVAL.glob("*.toml")):
        with path.open("rb") as stream:
            questions += tomllib.load(stream)["questions"]
    return questions


def test_answers_exist() -> None:
    notes = load_library(rules_root()).notes
    assert [q["answer"] for q in _questions() if q["answer"] not in notes] == []


def test_hit_rates(capsys: pytest.CaptureFixture[str]) -> None:
    index = Index.build(load_library(rules_root()))
    questions = _questions()
    top1 = top3 = 0
    misses = []
    for question in questions:
        found = [hit.note.id for hit in index.search(question["q"], question.get("game"))[:3]]
        top1 += found[:1] == [question["answer"]]
        top3 += question["answer"] in found
        if question["answer"] not in found:
            misses.append(f"  {question['q']!r}: want {question['answer']}, got {found}")
    report = (
        f"rules eval: {len(questions)} questions, top-1 {top1 / len(questions):.1%}, "
        f"top-3 {top3 / len(questions):.1%}"
    )
    with capsys.disabled():
        print(f"\n{report}")
    assert top1 / len(questions) >= TOP1_FLOOR, "\n".join([report, *misses])
    assert top3 / len(questions) >= TOP3_FLOOR, "\n".join([report, *misses])
