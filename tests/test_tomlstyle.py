"""Saved TOML keeps short arrays on one line, and the layout never changes what is saved."""

from __future__ import annotations

import tomllib
from datetime import date
from typing import Any

import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.storage.files import dumps
from scorekeeper.storage.tomlstyle import MAX_LINE, compact_arrays, join_arrays
from tests.conftest import SAMPLES


def test_a_players_counts_sit_on_one_line() -> None:
    text = dumps({"players": [{"name": "Ana", "homes": [1, 5, 1, 2, 0], "tools": []}]})
    assert "homes = [1, 5, 1, 2, 0]\n" in text
    assert "tools = []\n" in text


def test_words_with_commas_brackets_and_quotes_stay_words() -> None:
    names = ['Ana, "the host"', "Ben]", "= [", "Cy\\"]
    text = dumps({"names": names, "when": [date(2026, 11, 29)]})
    assert text.count("\n") == 2  # two keys, one line each
    assert tomllib.loads(text) == {"names": names, "when": [date(2026, 11, 29)]}


def test_an_array_too_long_for_one_line_keeps_one_value_per_line() -> None:
    numbers = list(range(1000, 1040))
    text = dumps({"numbers": numbers})
    assert text.count("\n") == len(numbers) + 2
    assert max(len(line) for line in text.splitlines()) <= MAX_LINE


def test_arrays_of_tables_and_of_arrays_are_left_as_written() -> None:
    document = {"rounds": [[1, 2], [3]], "custom": [{"name": "Hot Cocoa", "vp": 3}]}
    original = tomli_w.dumps(document)
    assert compact_arrays(original) == original


def test_every_sample_session_saves_to_the_same_document() -> None:
    for path in SAMPLES.glob("*.toml"):
        document = tomllib.loads(path.read_text(encoding="utf-8"))
        text = dumps(document)
        assert tomllib.loads(text) == document, path.name
        assert " = [\n    1,\n" not in text  # no number left alone on its line


SCALARS = st.one_of(
    st.integers(),
    st.booleans(),
    st.text(max_size=12),
    st.floats(allow_nan=False),
    st.dates(),
)
VALUES: Any = st.recursive(
    SCALARS | st.lists(SCALARS, max_size=8),
    lambda inner: (
        st.dictionaries(st.text(min_size=1, max_size=6), inner, max_size=4)
        | st.lists(st.dictionaries(st.text(min_size=1, max_size=6), inner, max_size=3), max_size=3)
    ),
    max_leaves=25,
)


DOCUMENTS = st.dictionaries(st.text(min_size=1, max_size=8), VALUES, max_size=6)


@given(DOCUMENTS)
def test_the_joining_itself_never_changes_the_document(document: dict[str, Any]) -> None:
    """compact_arrays keeps tomli-w's text if the joined text differs: the joining must never
    need that fallback, so it is checked here without it."""
    assert tomllib.loads(join_arrays(tomli_w.dumps(document))) == document


@given(
    st.dictionaries(
        st.from_regex(r"[a-z_]{1,8}", fullmatch=True),
        st.lists(
            st.integers(-999, 999) | st.from_regex(r"[a-z ,\]\[\"=]{0,4}", fullmatch=True),
            max_size=6,
        ),
        max_size=6,
    )
)
def test_every_short_array_takes_one_line(document: dict[str, list[Any]]) -> None:
    """Six values of at most 10 characters (a quoted, escaped word): each key fits on a line."""
    text = dumps(document)
    assert len(text.splitlines()) == len(document)
    assert tomllib.loads(text) == document


@given(DOCUMENTS)
def test_the_layout_never_changes_the_document(document: dict[str, Any]) -> None:
    assert tomllib.loads(dumps(document)) == document
