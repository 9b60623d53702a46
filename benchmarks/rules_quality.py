"""How often the rules assistant answers right: top-1, top-3 and MRR per title, on every set.

Run: python benchmarks/rules_quality.py [--misses] [--bm25s]

The question sets are described in tests/rules_eval/README.md: `tuned` and `studied` were
tuned on (and the search learns from the studied questions), and `independent` (written from
the rulebooks alone) never is; it is asked both with and without each question's game, and its
questions worded almost as one the search learnt from are reported apart from the fresh ones.
`held out` asks each studied set's fresh questions of an index that learnt from the other
studied sets only. --misses lists every
question whose first answer was wrong. --bm25s also ranks the same questions with the `bm25s`
library (plain BM25 over each note's text, stemmed the same way; `pip install bm25s`), to
compare with the search scorekeeper ships, and times importing it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rulebook import Index, words  # noqa: E402
from tests.rules_eval import evaluation  # noqa: E402


def _stems(index: Index, text: str) -> list[str]:
    """The question's or note's stems, as the shipped search makes them (no synonyms)."""
    tokens, _ = index.split_games(text)
    return [words.stem(t) for t in tokens if t not in words.STOP_WORDS]


def _bm25s_outcomes(index: Index, name: str) -> list[evaluation.Outcome]:
    """Rank the notes with bm25s instead: what a library BM25 alone achieves."""
    import bm25s
    import numpy as np

    notes = index.notes
    corpus = [
        _stems(index, " ".join([n.title, *n.terms, n.text, *n.examples, n.interpretation]))
        for n in notes
    ]
    retriever = bm25s.BM25()
    retriever.index(corpus, show_progress=False)
    outcomes = []
    for question in evaluation.load(name):
        scores = retriever.get_scores(_stems(index, question.text))
        if question.game is not None:
            scores = np.where([n.game == question.game for n in notes], scores, -1.0)
        order = np.argsort(-scores, kind="stable")[: evaluation.RANKS]
        found = tuple(notes[i].id for i in order if scores[i] > 0)
        rank = next((i for i, note in enumerate(found, 1) if note in question.answers), 0)
        outcomes.append(evaluation.Outcome(question, rank, found))
    return outcomes


def _import_ms(module: str) -> float:
    """Fastest of five fresh interpreters importing the module, minus a bare start."""

    def fastest(code: str) -> float:
        times = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            times.append(time.perf_counter() - start)
        return min(times)

    return (fastest(f"import {module}") - fastest("pass")) * 1000


def _line(name: str, outcomes: list[evaluation.Outcome]) -> str:
    rates = evaluation.rates(outcomes)
    return (
        f"{name}: {rates.count} questions, top-1 {rates.top1:.1%}, top-3 {rates.top3:.1%}, "
        f"MRR {rates.mrr:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--misses", action="store_true", help="list every wrong first answer")
    parser.add_argument("--bm25s", action="store_true", help="compare with the bm25s library")
    options = parser.parse_args()
    index = evaluation.shipped_index()
    seen = evaluation.seen(index.library)
    for name in evaluation.SETS:
        questions = evaluation.load(name)
        if name == "independent":
            fresh, familiar = evaluation.fresh(questions, seen)
            print(f"independent: {len(fresh)} fresh, {len(familiar)} set aside as seen", end="\n\n")
            for label, group in (("fresh", fresh), ("set aside", familiar)):
                outcomes = evaluation.run(index, evaluation.both_ways(group))
                print(evaluation.report(f"independent, {label}, asked both ways", outcomes))
                for way in ("(no game)", "(game)"):
                    print(_line(way, [o for o in outcomes if o.question.source.endswith(way)]))
                print()
                if options.misses:
                    print("\n".join(evaluation.misses(outcomes)), end="\n\n")
        else:
            outcomes = evaluation.run(index, questions)
            print(evaluation.report(name, outcomes), end="\n\n")
            if options.misses:
                print("\n".join(evaluation.misses(outcomes)), end="\n\n")
        if name == "studied":
            held = evaluation.held_out(only_fresh=True)
            print(evaluation.report("held-out studied, fresh", held), end="\n\n")
            if options.misses:
                print("\n".join(evaluation.misses(held)), end="\n\n")
        if options.bm25s:
            rates = evaluation.rates(_bm25s_outcomes(index, name))
            print(
                f"bm25s alone on {name}: top-1 {rates.top1:.1%}, top-3 {rates.top3:.1%}, "
                f"MRR {rates.mrr:.3f}",
                end="\n\n",
            )
    if options.bm25s:
        for module in ("bm25s", "rapidfuzz.process", "Stemmer"):
            print(f"import {module}: {_import_ms(module):.0f} ms")


if __name__ == "__main__":
    main()
