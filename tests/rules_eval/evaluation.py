"""One driver for the rules-assistant evaluations: top-1, top-3 and mean reciprocal rank.

The question sets are described in README.md beside this file. `tuned/` was written with the
notes and tuned on: synonyms, terms and weights were changed while looking at its misses. Its
tables hold `q` (the question), `answers` (the note ids that answer it) and `game` when the
question is asked with `--game`. The `studied` sets (`rules/asked/`, which the search learns
from) and `independent/` were written from the rulebooks alone; each studied set was measured
once and then learnt from, `independent/` is only measured. They keep their writers' fields
(`text`, `game`, `game_given`, `section`, `answer`) plus the `notes` that answer each
question, labelled afterwards.
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.rulebook import Index, Library, load_library, rules_root

EVAL = Path(__file__).parent
SETS = ("tuned", "studied", "independent")
FOLDERS = {
    "tuned": EVAL / "tuned",
    "studied": rules_root() / "asked",
    "independent": EVAL / "independent",
}
RANKS = 10  # a right answer below this rank counts 0 towards the mean reciprocal rank


@dataclass(frozen=True)
class Question:
    """One evaluation question and the notes that answer it."""

    text: str
    answers: tuple[str, ...]
    game: str | None
    title: str  # the game the question is about, for the per-title report
    source: str  # the file and position, to find it again


@dataclass(frozen=True)
class Outcome:
    """Where the first right answer came for one question (0 when not in the first RANKS)."""

    question: Question
    rank: int
    found: tuple[str, ...]


@dataclass(frozen=True)
class Rates:
    """The hit rates of a group of questions."""

    count: int
    top1: float
    top3: float
    mrr: float


def load(name: str) -> list[Question]:
    """Every question of one set (a folder name in SETS), in file order."""
    questions = []
    for path in sorted(FOLDERS[name].glob("*.toml")):
        with path.open("rb") as stream:
            data = tomllib.load(stream)
        tables: list[dict[str, Any]] = data.get("questions", []) + data.get("question", [])
        for number, table in enumerate(tables, 1):
            questions.append(_question(table, f"{name}/{path.name} #{number}"))
    return questions


def _question(table: dict[str, Any], source: str) -> Question:
    """A question from either set's table layout."""
    if "text" in table:  # a set written from the rulebooks, in its writer's layout
        answers = tuple(table["notes"])
        game = table["game"] if table["game_given"] else None
        return Question(table["text"], answers, game, table["game"], source)
    answers = tuple(table["answers"])
    return Question(table["q"], answers, table.get("game"), answers[0].partition(".")[0], source)


def run(index: Index, questions: list[Question]) -> list[Outcome]:
    """Ask every question and note the rank of its first right answer."""
    outcomes = []
    for question in questions:
        found = tuple(hit.note.id for hit in index.search(question.text, question.game)[:RANKS])
        rank = next((i for i, note in enumerate(found, 1) if note in question.answers), 0)
        outcomes.append(Outcome(question, rank, found))
    return outcomes


def rates(outcomes: list[Outcome]) -> Rates:
    """Top-1, top-3 and mean reciprocal rank of these outcomes."""
    count = len(outcomes)
    return Rates(
        count=count,
        top1=sum(o.rank == 1 for o in outcomes) / count,
        top3=sum(0 < o.rank <= 3 for o in outcomes) / count,
        mrr=sum(1 / o.rank for o in outcomes if o.rank) / count,
    )


def by_title(outcomes: list[Outcome]) -> dict[str, Rates]:
    """Rates per game the questions are about, then for all of them under "all"."""
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        groups[outcome.question.title].append(outcome)
    table = {title: rates(group) for title, group in sorted(groups.items())}
    table["all"] = rates(outcomes)
    return table


def report(name: str, outcomes: list[Outcome]) -> str:
    """A markdown table of the rates per title."""
    lines = [
        f"{name} set:",
        "",
        "| title | questions | top-1 | top-3 | MRR |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for title, rate in by_title(outcomes).items():
        lines.append(
            f"| {title} | {rate.count} | {rate.top1:.1%} | {rate.top3:.1%} | {rate.mrr:.3f} |"
        )
    return "\n".join(lines)


def misses(outcomes: list[Outcome], worst_rank: int = 1) -> list[str]:
    """One line per question whose first right answer came below worst_rank."""
    return [
        f"{o.question.source}: {o.question.text!r} (game {o.question.game}): "
        f"want {'/'.join(o.question.answers)}, rank {o.rank or '-'}, got {list(o.found[:3])}"
        for o in outcomes
        if not 0 < o.rank <= worst_rank
    ]


def off_topic() -> list[str]:
    """Questions no rule note answers (other games, trivia, table talk, the app, noise):
    the search should say so rather than show a note that merely shares a word."""
    with (EVAL / "offtopic" / "questions.toml").open("rb") as stream:
        return [table["text"] for table in tomllib.load(stream)["question"]]


def rejected(index: Index, questions: list[tuple[str, str | None]]) -> list[str]:
    """The questions for which the search says that no note answers well."""
    from scorekeeper.rulebook import is_good_match

    return [text for text, game in questions if not is_good_match(index.search(text, game))]


def held_out() -> list[Outcome]:
    """Each studied set asked of an index that learnt from every other studied set but not
    from it: how the questions players asked before help with questions nobody has asked."""
    library = load_library(rules_root())
    sets: dict[str, list[Question]] = defaultdict(list)
    for question in load("studied"):
        sets[question.source.partition(" #")[0]].append(question)
    outcomes = []
    for held in sets.values():
        texts = {q.text for q in held}
        asked = {
            note_id: tuple(text for text in questions if text not in texts)
            for note_id, questions in library.asked.items()
        }
        without = Library(library.titles, asked)
        outcomes += run(Index.build(without), held)
    return outcomes
