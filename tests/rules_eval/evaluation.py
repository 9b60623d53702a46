"""One driver for the rules-assistant evaluations: top-1, top-3 and mean reciprocal rank.

The question sets are described in README.md beside this file. `tuned/` was written with the
notes and tuned on: synonyms, terms and weights were changed while looking at its misses. Its
tables hold `q` (the question), `answers` (the note ids that answer it) and `game` when the
question is asked with `--game`. The `studied` sets (`rules/asked/`, which the search learns
from) and `independent/` were written from the rulebooks alone; each studied set was measured
once and then learnt from, `independent/` is only measured. They keep their writers' fields
(`text`, `game`, `game_given`, `section`, `answer`) plus the `notes` that answer each
question, labelled afterwards.

A question worded almost as one the search learnt from or was tuned on (FRESH_LIKENESS) is
recall, not generalisation: `fresh()` sets such questions aside before a set is measured, and
the rate over the rest is the headline and the tests' floor.
"""

from __future__ import annotations

import functools
import tomllib
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
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
# A question at least this alike (rapidfuzz ratio of the lower-cased words, 0 to 100) to one the
# search learnt from or was tuned on is not fresh: answering it is recall.
FRESH_LIKENESS = 90


@functools.cache
def shipped_index() -> Index:
    """The index of the shipped notes, built once per process (for benchmarks/rules_quality.py;
    the tests read the one conftest's `rules_cache` holds)."""
    return Index.build(load_library(rules_root()))


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


def both_ways(questions: Iterable[Question]) -> list[Question]:
    """Each question asked without its game, then with it (as with `--game`)."""
    out = []
    for question in questions:
        out.append(replace(question, game=None, source=f"{question.source} (no game)"))
        out.append(replace(question, game=question.title, source=f"{question.source} (game)"))
    return out


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


def seen(library: Library) -> list[str]:
    """Every question the search learnt from or was tuned on: the asked questions, the
    notes' own player questions and the tuned set."""
    asked = [text for texts in library.asked.values() for text in texts]
    asks = [ask for note in library.notes.values() for ask in note.asks]
    return [*dict.fromkeys(asked), *asks, *(q.text for q in load("tuned"))]


def fresh(
    questions: Iterable[Question], known: Iterable[str]
) -> tuple[list[Question], list[Question]]:
    """The questions worded unlike any known one, and those set aside as at least
    FRESH_LIKENESS alike to one (recall, reported apart)."""
    from rapidfuzz import fuzz, process, utils

    pool = list(known)
    new: list[Question] = []
    familiar: list[Question] = []
    for question in questions:
        near = process.extractOne(
            question.text,
            pool,
            scorer=fuzz.ratio,
            processor=utils.default_process,
            score_cutoff=FRESH_LIKENESS,
        )
        (familiar if near else new).append(question)
    return new, familiar


def held_out(only_fresh: bool = False) -> list[Outcome]:
    """Each studied set asked of an index that learnt from every other studied set but not
    from it: how the questions players asked before help with questions nobody has asked.
    With only_fresh, a held-out question much like one the index did learn from is left out."""
    return [
        outcome
        for without, held in folds(only_fresh)
        for outcome in run(Index.build(without), held)
    ]


def folds(only_fresh: bool = False) -> Iterator[tuple[Library, list[Question]]]:
    """For each studied set, the library without its questions and the set's questions (only
    those unlike any the library holds, with only_fresh): what `held_out` asks."""
    library = load_library(rules_root())
    sets: dict[str, list[Question]] = defaultdict(list)
    for question in load("studied"):
        sets[question.source.partition(" #")[0]].append(question)
    for held in sets.values():
        texts = {q.text for q in held}
        asked = {
            note_id: tuple(text for text in questions if text not in texts)
            for note_id, questions in library.asked.items()
        }
        without = Library(library.titles, asked)
        yield without, fresh(held, seen(without))[0] if only_fresh else held
