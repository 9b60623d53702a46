"""The search copes with how people ask: word forms, synonyms, idioms, typos and game names."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rulebook import (
    Hit,
    Index,
    close_to_best,
    is_good_match,
    open_index,
    read_index,
    rules_root,
)
from scorekeeper.rulebook.notes import Library, load_library
from scorekeeper.rulebook.words import cues, names, stem, surface_words


@pytest.fixture(scope="session")
def index(rules_cache: Path) -> Index:
    """The shipped notes' index, as the conftest's shared cache holds it (one build a worker)."""
    return open_index(cache_dir=rules_cache)


def _top(index: Index, question: str, game: str | None = None, count: int = 1) -> list[str]:
    return [hit.note.id for hit in index.search(question, game)[:count]]


@pytest.mark.parametrize(
    ("forms", "expected"),
    [
        (["store", "stores", "stored", "storing"], "store"),
        (["tie", "ties", "tied"], "tie"),
        (["win", "wins", "winning", "won"], "win"),  # "winner" is a synonym, not a form
        (["berry", "berries"], "berri"),
        (["three", "3"], "3"),
    ],
)
def test_word_forms_share_a_stem(forms: list[str], expected: str) -> None:
    assert {stem(form) for form in forms} == {expected}


def test_evening_is_not_even() -> None:
    assert stem("evening") != stem("even")


def test_hyphenated_words_yield_parts_and_join() -> None:
    assert list(surface_words("Tie-breaker")) == ["tie", "breaker", "tiebreaker"]


def test_typos_are_repaired_a_swap_counting_once(index: Index) -> None:
    assert index.repair("hotle") == ["hotel", "hole"]  # as near; "hotel" is in more notes
    assert index.repair("snowflkaes") == ["snowflakes"]
    assert index.repair("xqzv") == []
    assert index.repair("tei") == []  # three letters are too few to guess from


def test_words_run_together_are_split_and_split_words_joined(index: Index) -> None:
    assert index.compounds(["polarbear", "atack"]) == ["polar", "bear", "atack"]
    assert index.compounds(["holidayhome"]) == ["holiday", "home"]  # a pair in a note's title
    assert index.compounds(["snowflkae", "tie", "breaker"]) == ["snowflkae", "tie", "breaker"]
    assert index.compounds(["snow", "flakes"]) == ["snow", "flakes"]  # both known: kept apart
    assert index.compounds(["meeple", "s"]) == ["meeple", "s"]


def test_of_equally_near_repairs_the_rest_of_the_question_decides(index: Index) -> None:
    assert index.repair("atack") == ["stack", "attack"]  # "stack" is in more notes
    assert index.slots(["atack"])[0] == [{"stack": 0.8, "attack": 0.4}]
    # a note holding "polar" and "bear" holds "attack", none holds "stack": attack is meant
    assert index.slots(["polar", "bear", "atack"])[0][2] == {"attack": 0.8, "stack": 0.4}
    # the two notes of the bear's attack (how it meets an Inuit, what it then does) come first;
    # the studied sets label "who gets attacked" with the one and "what happens to me" with the
    # other, and they fit "polar bear attack" almost alike
    attack = {"first-snow.bear-check", "first-snow.bear-resolve"}
    for question in ("polar bear atack", "polarbear atack"):
        assert {hit.note.id for hit in index.search(question)[:2]} == attack
    valley = index.search("how many cards in each valley atack", "creature-comforts")
    assert valley[0].note.id == "creature-comforts.valley-stacks"


def test_idioms_carry_their_meaning() -> None:
    assert cues("who kicks things off?") == ["start first"]
    assert cues("we both ended on 12") == ["tie"]
    assert cues("with 3 of us") == ["3 players", "3player"]
    assert cues("a three-player game") == cues("3p") == ["3player"]  # a count is one word
    assert cues("Blue hotel: me 3, Kim 3, Lee 2") == ["tie"]  # the facts of a tie
    assert cues("I have 3 fish, 3 berries") == []


@pytest.mark.parametrize(
    ("question", "idioms"),
    [
        ("purple hotel: Alex 3, Bea 3, me 2. how does that score?", [[{"tie": 0.9}]]),
        ("I have 3 fish, 3 berries and 1 bird", []),  # counts, not a tie
        ("who goes frist", [[{"first": 0.9}, {"player": 0.9}]]),  # read once the typo is mended
    ],
)
def test_a_search_reads_idioms_that_need_the_questions_punctuation(
    index: Index, question: str, idioms: list[list[dict[str, float]]]
) -> None:
    """The question's words lose their commas; "me 3, Kim 3" is a tie only with its comma."""
    tokens, _ = index.split_games(question)
    assert index.slots(index.compounds(tokens), question)[1] == idioms


@pytest.mark.parametrize(
    ("question", "game", "expected"),
    [
        ("hotle points", None, "hungry.hotels"),  # typo
        ("tiebraker for hungry", None, "hungry.ties"),  # typo and game name
        ("hygge tiebreaker", None, "before-the-guests-arrive.ties"),  # alias boosts the game
        # an alias beside the title's own name is what the question asks about
        ("is hungry a reskin of tabula rasa", None, "hungry.tourist-count"),
        ("how do ties work", "first-snow", "first-snow.ties"),
        ("where does the telly go", "happy-home", "happy-home.wall-items"),  # a note's terms
        ("holidayhome", None, "hungry.holiday-homes"),
        ("how much is a storey worth", None, "creature-comforts.leftovers"),  # 1 Story = 2 VP
    ],
)
def test_search_finds(question: str, game: str | None, expected: str, index: Index) -> None:
    assert _top(index, question, game) == [expected]


def test_the_question_word_says_which_of_two_alike_notes_is_meant(index: Index) -> None:
    # Both notes hold "refill" and "stock"; what is asked, how or when, is a stop word
    game = "before-the-guests-arrive"
    assert _top(index, "how do I refill the stock", game) == [f"{game}.refill-stock"]
    assert _top(index, "the stock, when does it get refilled", game) == [f"{game}.check-stock"]


def test_names_are_capitalised_words_not_opening_a_sentence() -> None:
    text = "Sam has 3. In Hungry, at the yellow hotel I have 4 and Jo has 1: does Jo score?"
    assert names(text) == {"hungry", "jo"}


def test_a_players_name_in_a_learnt_question_is_no_word_of_the_rule() -> None:
    library = load_library(rules_root())
    learnt = ("me and Zorblat tied at the green hotel",)
    index = Index.build(Library(library.titles, {"hungry.majority-ties": learnt}))
    assert "zorblat" not in index.postings  # a name: left out
    assert index.is_known("tied") and index.is_known("green")


def test_a_title_that_is_an_ordinary_word_is_not_always_the_title(index: Index) -> None:
    assert index.split_games("tiebraker for hungry")[1] == {"hungry"}
    assert index.split_games("what if my inuit goes hungry at night")[1] == set()
    assert index.search("what if my inuit goes hungry at night")[0].note.game == "first-snow"


def test_game_filter_keeps_only_that_game(index: Index) -> None:
    hits = index.search("tie", "first-snow")
    assert hits and {hit.note.game for hit in hits} == {"first-snow"}


def test_unrelated_words_find_nothing(index: Index) -> None:
    assert index.search("xylophone quasar") == []


def test_coverage_says_how_much_of_the_question_a_note_holds(index: Index) -> None:
    (best, *_) = index.search("hotel tie", "hungry")
    assert best.note.id == "hungry.majority-ties"
    assert best.coverage == 1.0
    assert is_good_match(index.search("how do hotels score"))
    assert not is_good_match(index.search("who won the world cup in 1998"))
    assert not is_good_match([])


def test_only_hits_fitting_nearly_as_well_as_the_first_are_close(index: Index) -> None:
    note = index.library.note("hungry.ties")
    hits = [Hit(note, 20.0, 1.0, fit) for fit in (10.0, 9.5, 9.0, 5.0)]
    assert close_to_best(hits) == 2
    assert close_to_best(hits[:1]) == 0
    far = [Hit(note, 10.0, 1.0, 10.0), Hit(note, 9.9, 1.0, 8.9), Hit(note, 9.9, 1.0, 8.9)]
    assert close_to_best(far) == 0


def test_cached_index_answers_like_a_fresh_one(tmp_path: Path) -> None:
    built = open_index(cache_dir=tmp_path)
    (cached,) = tmp_path.glob("rules-index-*.json")
    again = open_index(cache_dir=tmp_path)
    question = "can both of us camp on the same spot?"
    assert [(h.note, h.score) for h in again.search(question)] == [
        (h.note, h.score) for h in built.search(question)
    ]
    assert list(tmp_path.glob("rules-index-*.json")) == [cached]


def test_changed_notes_replace_the_cache(one_title: Path) -> None:
    rules = one_title
    source = (rules / "hungry.toml").read_text(encoding="utf-8")
    cache = rules.parent / "cache"
    open_index(rules, cache)
    first = list(cache.glob("rules-index-*.json"))
    edited = source.replace('title = "Tied totals"', 'title = "Tied totals (edited)"')
    (rules / "hungry.toml").write_text(edited, encoding="utf-8")
    index = open_index(rules, cache)
    assert index.library.note("hungry.ties").title == "Tied totals (edited)"
    assert len(list(cache.glob("rules-index-*.json"))) == 1
    assert list(cache.glob("rules-index-*.json")) != first


def test_a_changed_asked_question_replaces_the_cache(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    (rules / "asked").mkdir(parents=True)
    source = (Path(str(rules_root())) / "hungry.toml").read_text(encoding="utf-8")
    (rules / "hungry.toml").write_text(source, encoding="utf-8")
    asked = rules / "asked" / "set.toml"
    asked.write_text('[[question]]\ntext = "who wins?"\nnotes = ["hungry.ties"]\n', "utf-8")
    cache = tmp_path / "cache"
    open_index(rules, cache)
    first = list(cache.glob("rules-index-*.json"))
    asked.write_text('[[question]]\ntext = "a draw?"\nnotes = ["hungry.ties"]\n', "utf-8")
    index = open_index(rules, cache)
    assert index.library.asked == {"hungry.ties": ("a draw?",)}
    assert list(cache.glob("rules-index-*.json")) not in ([], first)


@pytest.fixture
def one_title(tmp_path: Path) -> Path:
    """A rules folder holding only Hungry's notes: an index of it builds in a blink."""
    rules = tmp_path / "rules"
    rules.mkdir()
    source = (Path(str(rules_root())) / "hungry.toml").read_text(encoding="utf-8")
    (rules / "hungry.toml").write_text(source, encoding="utf-8")
    return rules


def _damaged(written: str) -> list[str]:
    """Ways an index file can be wrong: damaged, emptied, or valid JSON of the wrong shape
    (with or without a checksum line), which once gave tracebacks at query time."""
    stamp, _, text = written.partition("\n")
    data = json.loads(text)
    wrong_postings = json.dumps({**data, "postings": list(data["postings"])})
    wrong_notes = json.dumps({**data, "titles": [{"id": "hungry", "notes": [{"id": 1}]}]})
    short = {**data, "postings": dict.fromkeys(data["postings"], "9999:0.5")}
    return [
        "{not json",
        "",
        "[]",
        '{"titles": 5}',
        wrong_postings,
        f"{stamp}\n{wrong_postings}",
        f"{stamp}\n{wrong_notes}",
        f"{stamp}\n{json.dumps(short)}",
        written.replace("hotel", "hotle"),
    ]


@pytest.mark.parametrize("case", range(9))
def test_a_damaged_or_misshapen_cache_is_rebuilt(one_title: Path, case: int) -> None:
    cache = one_title.parent / "cache"
    built = open_index(one_title, cache)
    (cached,) = cache.glob("rules-index-*.json")
    written = cached.read_text(encoding="utf-8")
    cached.write_text(_damaged(written)[case], encoding="utf-8")
    assert read_index(cached) is None
    answers = [hit.note.id for hit in built.search("hotel tie")]
    assert "hungry.majority-ties" in answers[:3]
    assert [hit.note.id for hit in open_index(one_title, cache).search("hotel tie")] == answers
    assert cached.read_text(encoding="utf-8") == written


def test_an_unwritable_cache_is_skipped(one_title: Path) -> None:
    blocked = one_title.parent / "file"
    blocked.write_text("", encoding="utf-8")
    assert open_index(one_title, blocked / "cache").search("hotel")


@given(question=st.text(max_size=80), game=st.sampled_from([None, "hungry", "first-snow"]))
def test_any_question_gets_a_ranked_answer_or_none(
    index: Index, question: str, game: str | None
) -> None:
    hits = index.search(question, game)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert all(h.score > 0 for h in hits)
    assert game is None or {h.note.game for h in hits} <= {game}


def test_postings_kept_as_text_decode_to_what_was_built() -> None:
    from scorekeeper.rulebook.postings import Idf, Postings

    built = Postings.from_lists({"tie": [(0, 0.5321), (7, 0.1)], "hotel": [(3, 1 / 3)]})
    read = Postings(dict(built.encoded))
    assert read.encoded == {"tie": "0:0.5321 7:0.1", "hotel": "3:0.3333333333333333"}
    assert (read.size("tie"), read.size("hotel")) == (2, 1)
    assert dict(read) == dict(built)
    assert Idf(read, 10)["hotel"] == pytest.approx(math.log(1 + 9.5 / 1.5))
    assert "chess" not in read
