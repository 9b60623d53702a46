"""The Happy Home walk-through driven through a real pseudo-terminal, as at the table."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.walkthrough import spawn

pexpect = pytest.importorskip("pexpect")

DOWN, SPACE, ENTER = "\x1b[B", " ", "\r"
ROOM_ORDER = ("kitchen", "bathroom", "bedroom", "lounge")


def _answer(child: pexpect.spawn, prompt: str, keys: str) -> None:
    child.expect(prompt)
    child.send(keys)


def _start(home: Path) -> pexpect.spawn:
    """Ana and Ben under Finishing Touches, with the table's own colour names."""
    child = spawn(home, "score", "happy-home", columns=100)
    _answer(child, "Player 1 name", "Ana" + ENTER)
    _answer(child, "Player 2 name", "Ben" + ENTER)
    _answer(child, "Player 3 name", ENTER)
    _answer(child, "design objective", DOWN * 2 + ENTER)  # Finishing Touches
    _answer(child, "colour names", "red, Blue, green, yellow, white" + ENTER)
    return child


def _room(child: pexpect.spawn, who: str, room: str, core: str, ticks: str, plants: str) -> None:
    """One room under Finishing Touches: core, colours (checkbox keys), plants, rugs."""
    _answer(child, f"{who}: {room}, different core pieces", core + ENTER)
    _answer(child, f"{who}: {room}, colours", ticks + ENTER)
    _answer(child, f"{who}: {room}, pot plants", plants + ENTER)
    _answer(child, f"{who}: {room}, rugs", ("\b1" if plants else "") + ENTER)


@pytest.mark.slow
def test_walk_through_asks_items_only_for_the_tie_and_remembers_colours(tmp_path: Path) -> None:
    child = _start(tmp_path)
    _answer(child, "Ana: welcome mat value", "5" + ENTER)
    _answer(child, "Ana: visible scratches", "0" + ENTER)
    # Kitchen: 3 core pieces, red ticked, one plant with 2 empty neighbours, a rug; `<` at the
    # plants prompt goes back to the colours, which keep their tick.
    _answer(child, "Ana: kitchen, different core pieces", "3" + ENTER)
    _answer(child, "Ana: kitchen, colours", SPACE + ENTER)
    _answer(child, "Ana: kitchen, pot plants", "<" + ENTER)
    _answer(child, "Ana: kitchen, colours", ENTER)
    _answer(child, "Ana: kitchen, pot plants", "2" + ENTER)
    _answer(child, "Ana: kitchen, rugs", "\b1" + ENTER)
    # `<` at the bathroom's first prompt goes back to the kitchen's last one, which keeps 1.
    _answer(child, "Ana: bathroom, different core pieces", "<" + ENTER)
    _answer(child, "Ana: kitchen, rugs", ENTER)
    for room in ("bathroom", "bedroom", "lounge"):
        _room(child, "Ana", room, "0", "", "")
    _answer(child, "Ben: welcome mat value", "4" + ENTER)
    _answer(child, "Ben: visible scratches", "0" + ENTER)
    _room(child, "Ben", "kitchen", "3", DOWN + SPACE, "3")  # Blue
    for room in ("bathroom", "bedroom", "lounge"):
        _room(child, "Ben", room, "0", "", "")
    child.expect("Please check")
    _answer(child, "Is everything right", ENTER)
    # Ana 6 + 3 + 5 + 3 = 17, Ben 6 + 4 + 4 + 3 = 17: the fewest items decides.
    child.expect("Ana and Ben tied on 17 points")
    _answer(child, "Ana: items in the home", "9" + ENTER)
    _answer(child, "Ben: items in the home", "12" + ENTER)
    child.expect(r"Ana has the fewest items \(9\)")
    _answer(child, "Save this session", "y")
    child.expect("Saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    (saved,) = (tmp_path / "sessions").glob("*-happy-home-*.toml")
    document = tomllib.loads(saved.read_text("utf-8"))
    assert document["design"] == "finishing-touches"
    ana, ben = document["players"]
    assert (ana["mat"], ana["items"], ben["items"]) == (5, 9, 12)
    assert ana["rooms"]["kitchen"] == {"core": 3, "colours": ["red"], "plants": [2], "rugs": 1}
    assert ben["rooms"]["kitchen"]["colours"] == ["Blue"]
    assert ben["rooms"]["lounge"] == {"core": 0, "colours": [], "plants": [], "rugs": 0}
    assert [p["total"] for p in document["result"]["players"]] == [17, 17]
    assert document["result"]["winners"] == ["Ana"]

    # Next game: the colour names are offered again; Ctrl-C then keeps a draft, no session.
    child = spawn(tmp_path, "score", "happy-home", columns=100)
    _answer(child, "Player 1 name", "Ana" + ENTER)
    _answer(child, "Player 2 name", "Ben" + ENTER)
    _answer(child, "Player 3 name", ENTER)
    _answer(child, "design objective", ENTER)
    child.expect("colour names")
    child.expect("red, Blue, green, yellow, white")
    child.sendcontrol("c")
    child.expect("Every answer so far is kept in")
    child.expect(pexpect.EOF)
    assert len(list((tmp_path / "sessions").glob("*.toml"))) == 1
    assert (tmp_path / "drafts" / "score.toml").is_file()


@pytest.mark.slow
def test_a_new_objective_in_the_review_asks_each_room_only_its_count(tmp_path: Path) -> None:
    child = _start(tmp_path)  # Finishing Touches: a room has no count beyond its rugs
    for who, mat in (("Ana", "5"), ("Ben", "4")):
        _answer(child, f"{who}: welcome mat value", mat + ENTER)
        _answer(child, f"{who}: visible scratches", "0" + ENTER)
        for room in ROOM_ORDER:
            _room(child, who, room, "0", "", "")
    _answer(child, "Is everything right", DOWN + ENTER)  # Change an answer
    _answer(child, "Whose answer", DOWN * 2 + ENTER)  # Game settings
    _answer(child, "Which answer", ENTER)  # the design objective
    _answer(child, "design objective", "\x1b[A" * 2 + ENTER)  # up to Perfect Fit
    for who, touching in (("Ana", "3"), ("Ben", "2")):
        for room in ROOM_ORDER:
            asked = child.expect([f"{who}: {room}, most items touching one item", "core pieces"])
            assert asked == 0, "a room was asked again from its first prompt"
            child.send(touching + ENTER)
    _answer(child, "Is everything right", ENTER)
    _answer(child, "Save this session", "y")
    child.expect("Saved")
    child.expect(pexpect.EOF)
    (saved,) = (tmp_path / "sessions").glob("*-happy-home-*.toml")
    document = tomllib.loads(saved.read_text("utf-8"))
    assert document["design"] == "perfect-fit"
    ana, ben = document["players"]
    assert {room["most_neighbours"] for room in ana["rooms"].values()} == {3}
    assert {room["most_neighbours"] for room in ben["rooms"].values()} == {2}
    assert ana["rooms"]["kitchen"]["core"] == 0
