"""The learnt word-to-note weights: an averaged perceptron over the questions each note answers."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rulebook import learnt

# Two notes that share every word of the rule ("refill", "stock"); only what players ask tells
# them apart: when it happens is Checking the stock (0), how it is done Refilling it (1).
WHEN, HOW = 0, 1
EXAMPLES = [
    (learnt.features(["stock", "refil"], {"stock": 1.0, "refil": 1.0}, ["?when"]), WHEN),
    (learnt.features(["refil", "stock"], {"refil": 1.0, "stock": 1.0}, ["?when"]), WHEN),
    (learnt.features(["stock", "check"], {"stock": 1.0, "check": 1.0}, []), WHEN),
    (learnt.features(["refil", "stock"], {"refil": 1.0, "stock": 1.0}, ["?how"]), HOW),
    (learnt.features(["stock", "refil"], {"stock": 1.0, "refil": 1.0}, ["?how"]), HOW),
    (learnt.features(["draw", "row"], {"draw": 1.0, "row": 1.0}, []), HOW),
]


def test_features_are_the_stems_question_words_and_neighbouring_pairs_in_order() -> None:
    found = learnt.features(["score", "order", "order"], {"score": 1.0, "order": 0.8}, ["?when"])
    assert found == {"score": 1.0, "order": 0.8, "?when": 1.0, "score>order": 1.0}


def test_the_words_that_tell_two_alike_notes_apart_are_learnt() -> None:
    weights = learnt.train(EXAMPLES)
    shared = {"stock": 1.0, "refil": 1.0}
    when = learnt.shares({"g": weights}, shared | {"?when": 1.0}, [(WHEN, "g"), (HOW, "g")])
    how = learnt.shares({"g": weights}, shared | {"?how": 1.0}, [(WHEN, "g"), (HOW, "g")])
    assert when[0] > when[1]
    assert how[1] > how[0]
    # a word seen with one note only counts for it and against the other
    assert dict(weights["?when"])[WHEN] > 0 > dict(weights["?when"])[HOW]
    # a word in one example only is no pattern: "check" and "draw" are not learnt
    assert "check" not in weights and "draw" not in weights


def test_training_is_the_same_every_time() -> None:
    assert learnt.train(EXAMPLES) == learnt.train(list(EXAMPLES))


def test_each_title_scores_only_its_own_notes() -> None:
    weights = {"g": learnt.train(EXAMPLES)}
    found = {"stock": 1.0, "?when": 1.0}
    # the other title learnt nothing: its note gets the share of a score of 0
    alone = learnt.shares(weights, found, [(WHEN, "g"), (7, "other")])
    assert alone[0] > alone[1] > 0


@given(
    st.dictionaries(st.sampled_from(["a", "b", "?how", "a>b"]), st.floats(0.1, 1.0)),
    st.lists(st.integers(0, 5), min_size=1, max_size=6, unique=True),
)
def test_shares_of_the_first_answers_sum_to_one(found: dict[str, float], notes: list[int]) -> None:
    weights = {"g": {"a": [(0, 2.5), (3, -1.0)], "b": [(1, 40.0)], "?how": [(5, -30.0)]}}
    shares = learnt.shares(weights, found, [(note, "g") for note in notes])
    assert len(shares) == len(notes)
    assert all(0 <= share <= 1 for share in shares)
    assert math.isclose(sum(shares), 1.0)
