"""One real pseudo-terminal run per title: the installed program, a terminal, the same keys
as the in-process scripts; the session file it saves is the one the scripts produce."""

from __future__ import annotations

import signal
import tomllib
from pathlib import Path

import pexpect
import pytest

from scorekeeper.storage.documents import draft_path
from scorekeeper.storage.sessions import sessions_dir
from scorekeeper.walkthrough.draft import KIND, Draft
from tests.pipe import drive, new_draft
from tests.test_walkthrough_flow import ROUND, SCRIPTS
from tests.walkthrough import Terminal


def saved(home: Path) -> dict[str, object]:
    [path] = sorted(sessions_dir(home).glob("*.toml"))
    with path.open("rb") as stream:
        document = tomllib.load(stream)
    document.pop("played")
    document.pop("result", None)
    return document


@pytest.mark.slow
@pytest.mark.parametrize("title", sorted(SCRIPTS))
def test_a_whole_game_in_a_real_terminal(tmp_path: Path, title: str) -> None:
    terminal = Terminal(tmp_path, title, columns=80)
    terminal.child.send("".join(SCRIPTS[title]) + "\r")  # and no BG Stats link
    screen = terminal.finish()
    assert "Saved " in screen
    assert terminal.child.exitstatus == 0
    expected = drive(new_draft(title), SCRIPTS[title]).session
    expected.pop("played")
    assert saved(tmp_path) == expected


@pytest.mark.slow
def test_a_three_player_happy_home_on_a_40_by_100_terminal(tmp_path: Path) -> None:
    from tests.test_walkthrough_flow import HAPPY_HOME_THREE

    terminal = Terminal(tmp_path, "happy-home", columns=100, rows=40)
    terminal.child.send("".join(HAPPY_HOME_THREE))
    terminal.answer("Save this session?", "")
    terminal.answer("BG Stats?", "")
    screen = terminal.finish()
    assert "or all 4 on one line: kitchen bathroom bedroom lounge" in screen
    assert terminal.child.exitstatus == 0
    expected = drive(new_draft("happy-home"), [*HAPPY_HOME_THREE, "\r"]).session
    expected.pop("played")
    assert saved(tmp_path) == expected


@pytest.mark.slow
def test_a_live_game_survives_a_killed_terminal(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path, "--live")
    terminal.child.send("Ana\rBen\r" + "".join(ROUND * 2))
    terminal.expect("After round 1")
    terminal.expect("Round 2 of 6")
    terminal.child.kill(signal.SIGKILL)
    terminal.child.close()
    resumed = Terminal(tmp_path)
    resumed.expect("First Snow with Ana, Ben")
    resumed.expect("(live)")
    resumed.choose("Carry on with it?")
    resumed.expect("Ana: round 2 food")
    resumed.child.sendcontrol("c")
    resumed.expect("Stopped. Every answer so far is kept")
    resumed.child.expect(pexpect.EOF)
    assert draft_path(tmp_path, KIND).exists()


@pytest.mark.slow
def test_after_saving_a_bg_stats_link_is_offered_and_the_answer_remembered(
    tmp_path: Path,
) -> None:
    terminal = Terminal(tmp_path, "hungry", columns=120)
    terminal.child.send("".join(SCRIPTS["hungry"]))
    terminal.answer("BG Stats?", "y")
    screen = terminal.finish()
    assert "bgstats://app.bgstatsapp.com/createPlay.html?data=" in screen
    remembered = tmp_path / "remembered" / "sharing.toml"
    assert tomllib.loads(remembered.read_text(encoding="utf-8")) == {"bgstats": True}


# -- corrections and Ctrl-C in a real terminal (40 rows, 100 columns, NO_COLOR) -------------
TABLE = {"columns": 100, "rows": 40}
UP = "\x1b[A"


def _session(home: Path) -> dict[str, object]:
    [path] = sorted(sessions_dir(home).glob("*.toml"))
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.slow
def test_a_player_added_at_the_review_is_asked_all_ten_counts(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path, "hungry", **TABLE)
    for name in ("Ana", "Ben", ""):
        terminal.answer("name", name)
    for line in ("2 1 0 3 1", "1 0 2 0 2", "0 2 1 0 0", "3 0 0 1 2", "", ""):
        terminal.child.send(line + "\r")
    terminal.choose("Is everything right?", 2)  # Add a player
    terminal.answer("Player 3 name", "Cy")
    terminal.answer("Player 4 name", "")
    terminal.expect("or all 5 on one line: 1-star 2-star 3-star 4-star 5-star")
    terminal.child.send("1 1 1 1 1\r")
    terminal.expect("or all 5 on one line: red yellow green blue purple")
    terminal.child.send("2 0 2 0 2\r")
    terminal.choose("Is everything right?")  # score it
    terminal.answer("Save this session?", "")
    terminal.answer("BG Stats?", "")
    terminal.finish()
    cy = _session(tmp_path)["players"][2]  # type: ignore[index]
    assert cy["homes"] == [1, 1, 1, 1, 1]
    assert cy["hotels"] == {"red": 2, "yellow": 0, "green": 2, "blue": 0, "purple": 2}


@pytest.mark.slow
def test_the_review_of_four_guests_offers_to_remove_one(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path, "before-the-guests-arrive", **TABLE)
    for name in ("Ana", "Ben", "Cy", "Di"):
        terminal.answer("name", name)
    for _ in range(4):
        terminal.child.send("3 2 4\r1\r2\r")
    terminal.answer("Notes", "")
    terminal.answer("Where was it played?", "")
    terminal.expect("Is everything right?")
    terminal.expect("Remove a player")
    terminal.child.sendcontrol("c")
    terminal.expect("Stopped. Every answer so far is kept")
    terminal.finish()
    assert terminal.child.exitstatus == 130


@pytest.mark.slow
def test_score_card_values_survive_round_by_round_and_back(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path, "first-snow", **TABLE)
    for name in ("Ana", "Ben"):
        terminal.answer("name", name)
    terminal.choose("How will you enter the scores?")
    terminal.child.send("48\r3\r45\r2\r\r\r")
    terminal.choose("Is everything right?", 1)  # Change an answer
    terminal.choose("Whose answer?", 2)  # game settings
    terminal.choose("Which answer?")  # the entry mode
    terminal.choose("How will you enter the scores?", 1)  # round by round
    terminal.answer("Ana: round 1 food", "<")
    terminal.choose("Is everything right?")  # "Change an answer" is first: nothing to score
    terminal.choose("Whose answer?", 2)
    terminal.choose("Which answer?")
    terminal.expect("How will you enter the scores?")
    terminal.child.send(UP + "\r")  # the score card again
    terminal.expect("Is everything right?")
    screen = terminal.plain().split("Please check")[-1]
    assert "48" in screen and "45" in screen
    terminal.child.send("\r")
    terminal.answer("Save this session?", "")
    terminal.answer("BG Stats?", "")
    terminal.finish()
    tracks = [p["track"] for p in _session(tmp_path)["players"]]  # type: ignore[attr-defined]
    assert tracks == [48, 45]


@pytest.mark.slow
def test_ctrl_c_after_the_save_says_the_game_was_saved(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path, "hungry", **TABLE)
    terminal.child.send("".join(SCRIPTS["hungry"]))
    terminal.expect("BG Stats?")
    terminal.child.sendcontrol("c")
    screen = terminal.finish()
    assert terminal.child.exitstatus == 130
    assert "Stopped. The game was saved as " in screen
    assert "kept in" not in screen.split("Saved ")[-1]
    assert not draft_path(tmp_path, KIND).exists()


KEYS = [
    *"120 <a",
    "\x1b",
    "\t",
    "\x1b[B",
    UP,
    "\x7f",
    "\r",
    "\r",
    "\r",
    "\x1b\r",
    "2 1 0 3 1\r",
    "Ana, Ben\r",
]


@pytest.mark.slow
@pytest.mark.parametrize("title", sorted(SCRIPTS))
def test_ctrl_c_after_random_keys_is_one_clean_stop(tmp_path: Path, title: str) -> None:
    """Six runs a title (thirty in all) of 120 random keys, then Ctrl-C at once."""
    import random

    for seed in range(6):
        home = tmp_path / str(seed)
        rng = random.Random(f"{title}-{seed}")
        terminal = Terminal(home, title, **TABLE)
        terminal.child.delaybeforesend = 0.02  # keys as fast as a keen typist: 2 s, not 6
        for _ in range(120):
            terminal.child.send(rng.choice(KEYS))
        terminal.child.sendcontrol("c")
        terminal.child.sendcontrol("c")  # and again, while the first is being handled
        screen = terminal.finish()
        assert "Traceback" not in screen and "Exception ignored" not in screen, screen[-2000:]
        assert terminal.child.exitstatus == 130, screen[-2000:]
        assert "Stopped." in screen or "Cancelled" in screen
        draft = draft_path(home, KIND)
        if draft.exists():
            Draft.from_dict(tomllib.loads(draft.read_text(encoding="utf-8")))


@pytest.mark.slow
def test_a_refusal_wraps_at_the_terminal_width_instead_of_being_cut(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path, "hungry", columns=50, rows=40)
    for name in ("Ana", "Ben", ""):
        terminal.answer("name", name)
    terminal.answer("1-star holiday home", "1 2 3")
    terminal.expect("5-star), not 3")  # the end of a 62-character reason, on a second row
    terminal.child.sendcontrol("c")
    terminal.finish()
    assert terminal.child.exitstatus == 130


@pytest.mark.slow
def test_a_second_terminal_is_told_the_walk_through_is_open_elsewhere(tmp_path: Path) -> None:
    first = Terminal(tmp_path, "hungry", **TABLE)
    first.answer("Player 1 name", "Ana")
    first.expect("Player 2 name")
    second = Terminal(tmp_path, **TABLE)
    screen = " ".join(second.finish().split())
    assert second.child.exitstatus == 2
    kept = draft_path(tmp_path, KIND)
    assert (
        f"error: a walk-through is open in another terminal (its answers are kept in {kept})"
        in screen
    )
    assert "Carry on with it?" not in screen
    first.child.sendcontrol("c")
    first.finish()
    again = Terminal(tmp_path, **TABLE)
    again.expect("Hungry with Ana")  # once the first has stopped, its draft is offered
    again.child.sendcontrol("c")
    again.finish()
