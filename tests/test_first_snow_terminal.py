"""First Snow walk-throughs driven through a real pseudo-terminal (pexpect), as at the table."""

from __future__ import annotations

import signal
import tomllib
from pathlib import Path
from typing import Any

import pexpect
import pytest

from scorekeeper.storage import draft_path, read_session
from tests.walkthrough import spawn

pytestmark = pytest.mark.slow

UP, DOWN, ENTER = "\x1b[A", "\x1b[B", "\r"


def answer(child: pexpect.spawn, prompt: str, keys: str) -> None:
    child.expect_exact(prompt)
    child.send(keys)


def names(child: pexpect.spawn, *players: str) -> None:
    for seat, name in enumerate(players, start=1):
        answer(child, f"Player {seat} name", name + ENTER)


def play_round(child: pexpect.spawn, name: str, number: int, food: str, diet: str, warm: str):
    answer(child, f"{name}: round {number} food", food + ENTER)
    answer(child, f"{name}: round {number} diet", diet + ENTER)
    answer(child, f"{name}: round {number}: enough wood", warm + ENTER)


def saved(home: Path) -> Path:
    (path,) = (home / "sessions").glob("*.toml")
    return path


def draft(home: Path) -> dict[str, Any]:
    return tomllib.loads(draft_path(home, "first-snow-live").read_text(encoding="utf-8"))


def expect_winner(child: pexpect.spawn, name: str, points: int) -> None:
    """The winner line; rich styles the name, so escape codes may sit around it."""
    child.expect(rf"Winner: \S*{name}\S* with {points} points\.")


def finish(child: pexpect.spawn) -> None:
    answer(child, "Save this session?", "y")
    child.expect_exact("Saved ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_score_card_entry_asks_camp_dice_only_for_the_tie(tmp_path: Path) -> None:
    child = spawn(tmp_path, "score", "first-snow")
    names(child, "Ana", "Ben")
    answer(child, "How will you enter the scores?", ENTER)  # score card value
    answer(child, "Ana: score card", "40" + ENTER)
    answer(child, "Ana: tools in good condition", "1" + ENTER)
    answer(child, "Ben: score card", "39" + ENTER)
    answer(child, "Ben: tools in good condition", "2" + ENTER)
    answer(child, "Is everything right?", ENTER)
    child.expect_exact("Ana and Ben tied on 41")
    answer(child, "Ana: lowest camp die", "3" + ENTER)
    answer(child, "Ben: lowest camp die", "1" + ENTER)
    expect_winner(child, "Ben", 41)
    finish(child)
    session = read_session(saved(tmp_path))
    assert [(s.inputs.track, s.inputs.tools, s.inputs.lowest_die) for s in session.seats] == [
        (40, 1, 3),
        (39, 2, 1),
    ]


def test_round_by_round_entry_with_the_diet_advisor(tmp_path: Path) -> None:
    child = spawn(tmp_path, "score", "first-snow")
    names(child, "Ana", "Ben")
    answer(child, "How will you enter the scores?", DOWN + ENTER)  # round by round
    play_round(child, "Ana", 1, "1 2 1", "", "")  # balanced 4 (the advised default), warm
    answer(child, "Ana: round 2 food", "0 4" + ENTER)
    child.expect_exact(
        "Balanced: 1 point (1 type). Specialized on fish: 5 points (4 fish + 1 bonus). "
    )
    child.expect_exact("Specialized on fish scores more.")
    answer(child, "Ana: round 2 diet", UP + ENTER)  # Ana eats balanced anyway: 1 point
    answer(child, "Ana: round 2: enough wood", DOWN + ENTER)  # no
    answer(child, "Ana: round 3 food", "<" + ENTER)  # back to round 2's wood, kept as "no"
    answer(child, "Ana: round 2: enough wood", ENTER)
    play_round(child, "Ana", 3, "0 0 0 3", "", "")  # specialized on caribou 3, warm 3
    play_round(child, "Ana", 4, "", "", "")  # no food: 0, warm 4
    play_round(child, "Ana", 5, "2 2 2 2", "", "")  # balanced 5, warm 5
    play_round(child, "Ana", 6, "5", "", "")  # specialized on berry 6, warm 6
    answer(child, "Ana: tools in good condition", "2" + ENTER)
    for number in range(1, 7):
        play_round(child, "Ben", number, "1 1 1", "", DOWN)  # balanced 4, cold
    answer(child, "Ben: tools in good condition", "0" + ENTER)
    answer(child, "Is everything right?", ENTER)
    expect_winner(child, "Ana", 50)
    finish(child)
    session = read_session(saved(tmp_path))
    ana = session.seats[0].inputs
    assert [(r.diet, r.specialty, r.warm) for r in ana.rounds] == [
        ("balanced", None, True),
        ("balanced", None, False),
        ("specialized", "caribou", True),
        ("balanced", None, True),
        ("balanced", None, True),
        ("specialized", "berry", True),
    ]
    assert [s.total for s in session.score().standings] == [50, 34]


def test_live_game_survives_a_killed_terminal(tmp_path: Path) -> None:
    child = spawn(tmp_path, "score", "first-snow", "--live")
    names(child, "Ana", "Ben")
    play_round(child, "Ana", 1, "2 1", "", "")  # balanced 2, warm 1
    play_round(child, "Ben", 1, "0 0 3", "", "")  # specialized on bird 3, warm 1
    child.expect_exact("After round 1")
    answer(child, "Ana: round 2 food", "0 4" + ENTER)
    child.expect_exact("Ana: round 2 diet")
    child.kill(signal.SIGKILL)  # the terminal is closed mid-round
    child.close()
    kept = draft(tmp_path)
    assert kept["players"][0]["rounds"][1] == {
        "food": {"berry": 0, "fish": 4, "bird": 0, "caribou": 0}
    }

    child = spawn(tmp_path, "score", "first-snow", "--live")
    child.expect_exact("Ana and Ben, 1 of 6 rounds done.")
    answer(child, "Resume it or start over?", ENTER)
    child.expect(r"Ana\s*│\s*3\s*│\s*13")  # the running totals after round 1
    child.expect(r"Ben\s*│\s*4\s*│\s*14")
    child.expect_exact("Specialized on fish: 5 points")  # round 2's food is still there
    answer(child, "Ana: round 2 diet", ENTER)  # specialized on fish 5
    answer(child, "Ana: round 2: enough wood", ENTER)  # warm 2
    play_round(child, "Ben", 2, "1 1 1", "", DOWN)  # balanced 4, cold
    child.expect(r"Ana\s*│\s*3\s*│\s*7\s*│\s*20")
    for number in range(3, 7):
        play_round(child, "Ana", number, "1", "", "")
        play_round(child, "Ben", number, "1", "", "")
    child.expect_exact("After round 6")
    answer(child, "Ana: tools in good condition", "0" + ENTER)
    answer(child, "Ben: tools in good condition", "2" + ENTER)
    child.expect_exact("Ana and Ben tied on 42")
    answer(child, "Ana: lowest camp die", "4" + ENTER)
    answer(child, "Ben: lowest camp die", "1" + ENTER)
    expect_winner(child, "Ben", 42)
    finish(child)
    assert not draft_path(tmp_path, "first-snow-live").exists()
    session = read_session(saved(tmp_path))
    ana, ben = (seat.inputs for seat in session.seats)
    assert [r.food for r in ana.rounds[:2]] == [(2, 1, 0, 0), (0, 4, 0, 0)]
    assert (ana.rounds[1].diet, ana.rounds[1].specialty) == ("specialized", "fish")
    assert [r.warm for r in ben.rounds] == [True, False, True, True, True, True]
    assert (ana.lowest_die, ben.lowest_die) == (4, 1)


def test_live_ctrl_c_pauses_and_start_over_discards(tmp_path: Path) -> None:
    child = spawn(tmp_path, "score", "first-snow", "--live")
    names(child, "Ana", "Ben")
    answer(child, "Ana: round 1 food", "1" + ENTER)
    child.expect_exact("Ana: round 1 diet")
    child.sendintr()
    child.expect_exact("Paused: the game so far is kept.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert draft(tmp_path)["players"][0]["rounds"] == [
        {"food": {"berry": 1, "fish": 0, "bird": 0, "caribou": 0}}
    ]

    child = spawn(tmp_path, "score", "first-snow", "--live")
    answer(child, "Resume it or start over?", DOWN + ENTER)
    names(child, "Cy", "Dee")
    child.expect_exact("Cy: round 1 food")
    assert [p["name"] for p in draft(tmp_path)["players"]] == ["Cy", "Dee"]
    assert draft(tmp_path)["players"][0]["rounds"] == []
    child.sendintr()
    child.expect(pexpect.EOF)


def test_review_corrects_one_round_and_re_advises_the_diet(tmp_path: Path) -> None:
    child = spawn(tmp_path, "score", "first-snow")
    names(child, "Ana", "Ben")
    answer(child, "How will you enter the scores?", DOWN + ENTER)
    for name in ("Ana", "Ben"):
        for number in range(1, 7):
            play_round(child, name, number, "1", "", "")  # 1 berry: 1 point, warm
        answer(child, f"{name}: tools in good condition", "1" + ENTER)
    child.expect_exact("2 3 4 5 6 7")  # points per round in the review table
    answer(child, "Is everything right?", DOWN + ENTER)  # change an answer
    answer(child, "Whose answer?", ENTER)  # Ana
    answer(child, "Which answer?", ENTER)  # points per round
    answer(child, "Ana: which round to change?", DOWN + ENTER)  # round 2
    answer(child, "Ana: round 2 food", "\x15" + "0 4" + ENTER)  # Ctrl-U clears the old "1"
    answer(child, "Ana: round 2 diet", ENTER)  # new food: the advised diet is the default
    answer(child, "Ana: round 2: enough wood", ENTER)
    child.expect_exact("2 7 4 5 6 7")
    answer(child, "Is everything right?", ENTER)
    expect_winner(child, "Ana", 42)
    finish(child)
    rounds = read_session(saved(tmp_path)).seats[0].inputs.rounds
    assert (rounds[1].food, rounds[1].diet, rounds[1].specialty) == (
        (0, 4, 0, 0),
        "specialized",
        "fish",
    )


def test_review_switches_entry_mode_and_asks_each_player_in_the_new_one(tmp_path: Path) -> None:
    child = spawn(tmp_path, "score", "first-snow")
    names(child, "Ana", "Ben")
    answer(child, "How will you enter the scores?", ENTER)  # score card value
    for name in ("Ana", "Ben"):
        answer(child, f"{name}: score card", "30" + ENTER)
        answer(child, f"{name}: tools in good condition", "1" + ENTER)
    answer(child, "Is everything right?", DOWN + ENTER)  # change an answer
    answer(child, "Whose answer?", DOWN * 2 + ENTER)  # Game settings
    answer(child, "Which answer?", ENTER)  # the entry mode
    answer(child, "How will you enter the scores?", DOWN + ENTER)  # now round by round
    for name, food in (("Ana", "1"), ("Ben", "")):
        for number in range(1, 7):
            play_round(child, name, number, food, "", "")  # warm every round
    child.expect_exact("2 3 4 5 6 7")  # Ana's points per round in the review table
    answer(child, "Is everything right?", ENTER)
    finish(child)
    session = read_session(saved(tmp_path))
    assert [len(s.inputs.rounds) for s in session.seats] == [6, 6]
    assert [s.inputs.track for s in session.seats] == [None, None]
    assert [s.inputs.tools for s in session.seats] == [1, 1]  # kept from the first entry
