"""The interactive walk-through, end to end in a real pseudo-terminal, for each title."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.walkthrough import Terminal

pytestmark = pytest.mark.slow


def _saved(home: Path) -> dict:
    files = list((home / "sessions").glob("*.toml"))
    assert len(files) == 1
    return tomllib.loads(files[0].read_text(encoding="utf-8"))


def test_hungry_walkthrough_with_back_and_review_correction(tmp_path: Path) -> None:
    home = tmp_path / "home"
    t = Terminal(home, "hungry")
    t.answer("Player 1 name", "Ana")
    t.answer("Player 2 name", "Ben")
    t.answer("Player 3 name", "")
    for star, count in zip(range(1, 6), [3, 1, 2, 0, 4], strict=True):
        t.answer(f"Ana: {star}-star holiday home", str(count))
    t.answer("Ana: red (tourists at the hotels)", "9")  # a typo...
    t.answer("Ana: yellow (tourists at the hotels)", "<")  # ...so go back
    t.answer("Ana: red (tourists at the hotels)", "\x7f5")  # erase the 9, type 5
    for colour, count in [("yellow", 2), ("green", 3), ("blue", 2), ("purple", 2)]:
        t.answer(f"Ana: {colour} (tourists at the hotels)", "\x7f" + str(count))
    for star, count in zip(range(1, 6), [2, 4, 0, 3, 1], strict=True):
        t.answer(f"Ben: {star}-star holiday home", str(count))
    for colour, count in [("red", 1), ("yellow", 6), ("green", 3), ("blue", 2), ("purple", 1)]:
        t.answer(f"Ben: {colour} (tourists at the hotels)", "\x7f" + str(count))
    # Ben entered 23 tourists: the walk-through warns at once.
    t.expect("Ben: 23 tourists entered, but each player places 24")
    # Review: correct Ben's purple hotel from 1 to 2.
    t.choose("Is everything right?", downs=1)
    t.choose("Whose answer?", downs=1)
    t.choose("Which answer?", downs=9)
    t.answer("Ben: purple (tourists at the hotels)", "\x7f2")
    t.choose("Is everything right?")
    t.answer("Save this session?", "y")
    output = t.finish()
    assert "Winner: Ana with 21 points." in output
    # Each rule note is shown once, where its first question is asked.
    assert output.count("Scoring the holiday homes: Score each holiday home separately") == 1
    assert "(scorekeeper rules show hungry.hotels)" in output
    assert "Saved " in output
    saved = _saved(home)
    assert [p["name"] for p in saved["players"]] == ["Ana", "Ben"]
    assert saved["players"][0]["hotels"] == {
        "red": 5,
        "yellow": 2,
        "green": 3,
        "blue": 2,
        "purple": 2,
    }
    assert saved["players"][1]["hotels"]["purple"] == 2
    assert saved["result"]["winners"] == ["Ana"]


def test_guests_walkthrough_three_players_and_known_names(tmp_path: Path) -> None:
    home = tmp_path / "home"
    t = Terminal(home, "btga")
    t.answer("Player 1 name", "Dana")
    t.answer("Player 2 name", "Eli")
    t.answer("Player 3 name", "Fay")
    t.answer("Player 4 name", "")
    t.answer("Dana: snowflakes on stored object cards", "3 4 5")
    t.answer("Dana: object cards not stored", "1")
    t.answer("Dana: paws on animals not stored", "2")
    t.answer("Eli: snowflakes on stored object cards", "12")
    t.answer("Eli: object cards not stored", "0")
    t.answer("Eli: paws on animals not stored", "3")
    t.answer("Fay: snowflakes on stored object cards", "7")
    t.answer("Fay: object cards not stored", "99")  # rejected: the box has 45
    t.expect("Expected a whole number from 0 to 45")
    t.child.send("\x7f\x7f0\r")
    t.answer("Fay: paws on animals not stored", "0")
    # Review: change Dana's name to fix a spelling.
    t.choose("Is everything right?", downs=1)
    t.choose("Whose answer?")
    t.choose("Which answer?", downs=3)
    t.answer("New name", "\x7f\x7f\x7f\x7fDanna")
    t.choose("Is everything right?")
    t.answer("Save this session?", "y")
    output = t.finish()
    assert "Shared victory: Danna and Eli with 9 points." in output
    assert "Tie-break: Danna and Eli tied on 9; each has 3 negative points; Danna and Eli" in output
    saved = _saved(home)
    assert [p["name"] for p in saved["players"]] == ["Danna", "Eli", "Fay"]
    assert saved["players"][0]["stored"] == [3, 4, 5]
    assert saved["result"]["winners"] == ["Danna", "Eli"]

    # A second game offers the names from the history.
    t = Terminal(home, "btga")
    t.expect("Known players (Tab completes): ")
    t.child.sendcontrol("c")
    assert "Cancelled: nothing was saved." in t.finish()
    assert len(list((home / "sessions").glob("*.toml"))) == 1


def test_backing_out_to_the_names_can_add_a_player(tmp_path: Path) -> None:
    home = tmp_path / "home"
    t = Terminal(home, "btga")
    t.answer("Player 1 name", "Dana")
    t.answer("Player 2 name", "Eli")
    t.answer("Player 3 name", "")
    t.answer("Dana: snowflakes on stored object cards", "<")
    t.answer("Player 1 name", "")  # keeps "Dana"
    t.answer("Player 2 name", "")  # keeps "Eli"
    t.answer("Player 3 name", "Fay")
    t.answer("Player 4 name", "")
    for name, stored in [("Dana", "5"), ("Eli", "6"), ("Fay", "7")]:
        t.answer(f"{name}: snowflakes on stored object cards", stored)
        t.answer(f"{name}: object cards not stored", "0")
        t.answer(f"{name}: paws on animals not stored", "0")
    t.choose("Is everything right?")
    t.answer("Save this session?", "y")
    assert "Winner: Fay with 7 points." in t.finish()
    assert [p["name"] for p in _saved(home)["players"]] == ["Dana", "Eli", "Fay"]
