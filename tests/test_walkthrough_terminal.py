"""One real pseudo-terminal run per title: the installed program, a terminal, the same keys
as the in-process scripts; the session file it saves is the one the scripts produce."""

from __future__ import annotations

import signal
import tomllib
from pathlib import Path

import pexpect
import pytest

from scorekeeper import storage
from scorekeeper.walkthrough.draft import KIND
from tests.pipe import drive, new_draft
from tests.test_walkthrough_flow import ROUND, SCRIPTS
from tests.walkthrough import Terminal


def saved(home: Path) -> dict[str, object]:
    [path] = sorted(storage.sessions_dir(home).glob("*.toml"))
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
def test_a_live_game_survives_a_killed_terminal(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path, "--live")
    terminal.child.send("Ana\r" "Ben\r" + "".join(ROUND * 2))
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
    assert storage.draft_path(tmp_path, KIND).exists()


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
