"""Values edited into a TOML file's text keep the comments and layout people wrote."""

from __future__ import annotations

import tomllib
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.storage.textedit import edited
from tests.conftest import SAMPLES

TEXT = (SAMPLES / "hungry-family-night.toml").read_text(encoding="utf-8")
COMMENTS = [line for line in TEXT.splitlines() if line.lstrip().startswith("#")]
COLOURS = ("red", "yellow", "green", "blue", "purple")


def _document() -> dict[str, Any]:
    return tomllib.loads(TEXT)


@given(
    location=st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=20),
    seat=st.integers(0, 2),
    colour=st.sampled_from(COLOURS),
    count=st.integers(0, 10),
    name=st.sampled_from(["Ana", "Anabel", "Zoë", 'Jo "JJ"']),
)
def test_an_edit_gives_the_wanted_data_and_keeps_every_comment(
    location: str, seat: int, colour: str, count: int, name: str
) -> None:
    wanted = _document()
    wanted["location"] = location
    wanted["players"][seat]["hotels"][colour] = count
    wanted["players"][0]["name"] = name
    text = edited(TEXT, wanted)
    assert text is not None
    assert tomllib.loads(text) == wanted
    assert all(comment in text.splitlines() for comment in COMMENTS)


def test_only_the_values_that_differ_change() -> None:
    wanted = _document()
    wanted["notes"] = "Cy won a hotel"
    text = edited(TEXT, wanted)
    assert text == TEXT.replace('notes = "Cy\'s first game"', 'notes = "Cy won a hotel"')


def test_keys_added_and_removed() -> None:
    wanted = _document()
    del wanted["notes"]
    wanted["series"] = "autumn"
    text = edited(TEXT, wanted)
    assert text is not None and tomllib.loads(text) == wanted
    assert "notes =" not in text and COMMENTS[0] in text


def test_a_player_added_replaces_the_list_whole() -> None:
    wanted = _document()
    wanted["players"].append({"name": "Dee", "homes": [0, 0, 0, 0, 0], "hotels": {}})
    text = edited(TEXT, wanted)
    assert text is not None and tomllib.loads(text) == wanted


def test_kept_keys_are_left_as_written_and_not_compared() -> None:
    text = TEXT + '\n[result]\nwinners = ["Ana"]  # derived\n'
    wanted = _document()
    wanted["location"] = "Cafe"
    done = edited(text, wanted, kept=("result",))
    assert done is not None
    assert done.endswith('[result]\nwinners = ["Ana"]  # derived\n')
    assert edited(text, wanted) is not None  # not kept: the derived table is removed
    assert "[result]" not in (edited(text, wanted) or "")


def test_text_that_is_not_toml_is_not_edited() -> None:
    assert edited("location = ", {"location": "Cafe"}) is None
