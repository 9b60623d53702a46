"""Which note a question is about, learnt from the questions each note answers: an averaged
perceptron over the question's words.

BM25 weighs a word by how rare it is among the notes, so a note whose title holds the
question's words wins, though players asking "when is the stock refilled" mean Checking the
stock, not Refilling the stock, and "what order do the holiday homes go in" means the scoring
order, not the layout. The questions players asked (`Library.asked`), and each note's title,
terms and player questions, are examples of the note they are about; the perceptron learns
the words that tell each note from the notes it is mistaken for, and its scores re-rank the
search's first answers (`Index.search`).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence

from scorekeeper.rulebook.postings import Posting

Features = dict[str, float]  # stem, "?when" or "stem>stem" -> weight

# The examples are visited in a shuffled order, and a perceptron learns the order's last
# examples best: learnt from one order (six passes), held-out top-1 ranged from 94.3% to 94.8%
# over four seeds. So SHUFFLES perceptrons learn, each from its own order (seeds 0, 1, ...: the
# shipped index is the same in every build), and their weights are averaged: 94.5% to 94.8%
# over three sets of seeds. Each makes EPOCHS passes, so the build trains as long as one
# perceptron's six passes did (docs/rules-assistant.md).
SHUFFLES = 3
EPOCHS = 2
# A word or pair of words in fewer examples than this is not learnt: one question is no pattern,
# and leaving them out keeps a seventh of the index file (held out, one question fewer right).
MIN_EXAMPLES = 2
# Weights (nine in ten between 0.2 and 1.2) are kept to this many decimals in the index file.
DECIMALS = 3


def features(stems: Sequence[str], weights: Mapping[str, float], asking: Iterable[str]) -> Features:
    """What the perceptron reads of a question: its stems (as weighted), its question words, and
    each two neighbouring stems as one feature, in order ("score>order" is not "order>score")."""
    found: Features = dict(weights)
    for key in asking:
        found[key] = 1.0
    for first, second in itertools.pairwise(stems):
        if first != second:
            found[f"{first}>{second}"] = 1.0
    return found


def train(examples: Sequence[tuple[Features, int]]) -> dict[str, Posting]:
    """The mean of SHUFFLES averaged perceptrons over (features, note position) examples: for
    each feature, the note positions it counts for and how much (negative: it counts against
    the note)."""
    seen = Counter(key for found, _ in examples for key in found)
    pruned = [
        ({key: value for key, value in found.items() if seen[key] >= MIN_EXAMPLES}, note)
        for found, note in examples
    ]
    summed: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    for seed in range(SHUFFLES):
        for key, notes in _perceptron(pruned, random.Random(seed)).items():
            for note, weight in notes.items():
                summed[key][note] += weight
    learnt: dict[str, Posting] = {}
    for key in sorted(summed):
        kept = [
            (note, round(weight / SHUFFLES, DECIMALS))
            for note, weight in sorted(summed[key].items())
        ]
        kept = [(note, weight) for note, weight in kept if weight]
        if kept:
            learnt[key] = kept
    return learnt


def _perceptron(
    examples: Sequence[tuple[Features, int]], order_by: random.Random
) -> dict[str, dict[int, float]]:
    """One averaged perceptron, visiting the examples in orders shuffled by `order_by`.

    On each wrong guess the right note's weights rise and the guessed one's fall; the weights
    kept are their mean over every step (`totals` holds each change times the step it came at),
    which a few late examples cannot sway as they sway the last weights.
    """
    weights: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    totals: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    order = list(range(len(examples)))
    step = 1
    for _ in range(EPOCHS):
        order_by.shuffle(order)
        for number in order:
            found, note = examples[number]
            guessed = _guess(weights, found)
            if guessed != note:
                for key, value in found.items():
                    weights[key][note] += value
                    totals[key][note] += step * value
                    if guessed is not None:
                        weights[key][guessed] -= value
                        totals[key][guessed] -= step * value
            step += 1
    return {
        key: {note: weight - totals[key][note] / step for note, weight in notes.items()}
        for key, notes in weights.items()
    }


def shares(
    learnt: Mapping[str, Mapping[str, Posting]], found: Features, notes: Sequence[tuple[int, str]]
) -> list[float]:
    """How much of the question each of these (note position, title) holds by its title's
    learnt weights: a softmax over them alone, so the shares of the search's first answers sum
    to 1."""
    titles = [learnt.get(game, {}) for game in dict.fromkeys(game for _, game in notes)]
    scored = _scores(found, lambda key: [pair for held in titles for pair in held.get(key, ())])
    values = [scored.get(note, 0.0) for note, _ in notes]
    top = max(values, default=0.0)
    exps = [math.exp(value - top) for value in values]
    total = sum(exps)
    return [value / total for value in exps]


def _guess(weights: dict[str, dict[int, float]], found: Features) -> int | None:
    """The note the weights learnt so far score highest (the lowest position of equals)."""
    scored = _scores(found, lambda key: weights[key].items() if key in weights else ())
    guess, top = None, -math.inf
    for note, score in scored.items():
        if score > top or (score == top and guess is not None and note < guess):
            guess, top = note, score
    return guess


def _scores(
    found: Features, held: Callable[[str], Iterable[tuple[int, float]]]
) -> dict[int, float]:
    """Each note's score for the features: the sum of each feature's weight for it (`held`
    gives a feature's (note, weight) pairs), times the feature's own weight."""
    scored: dict[int, float] = defaultdict(float)
    for key, value in found.items():
        for note, weight in held(key):
            scored[note] += weight * value
    return scored
