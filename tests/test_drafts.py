"""Drafts: every answer survives Ctrl-C, a killed terminal or a crash, and can be resumed.

The walk-through is driven through a real pseudo-terminal (pexpect), as at the table.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tomllib
from datetime import datetime
from pathlib import Path
from typing import Any

import pexpect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import storage
from scorekeeper.draft import KIND, Draft
from scorekeeper.errors import StorageError

DOWN = "\x1b[B"
CTRL_C = "\x03"
BACKSPACE = "\x7f"
STARS = [f"{star}-star" for star in range(1, 6)]
HOTELS = ["red", "yellow", "green", "blue", "purple"]
# Each player places 24 tourists in a 2-player game; no resort holds more than 10.
ANA = {"homes": [3, 2, 1, 0, 2], "hotels": dict(zip(HOTELS, [2, 2, 2, 2, 8], strict=True))}
BEN = {"homes": [1, 4, 2, 3, 0], "hotels": dict(zip(HOTELS, [3, 3, 3, 3, 2], strict=True))}


def spawn(home: Path, *args: str) -> pexpect.spawn:
    env = {
        **os.environ,
        "SCOREKEEPER_HOME": str(home),
        "TERM": "xterm",
        "COLUMNS": "120",
        "PROMPT_TOOLKIT_NO_CPR": "1",  # nothing here answers cursor queries: do not wait
    }
    return pexpect.spawn(
        sys.executable,
        ["-m", "scorekeeper", "score", *args],
        env=env,
        encoding="utf-8",
        timeout=15,
        dimensions=(50, 120),
    )


def answer(child: pexpect.spawn, prompt: str, text: str) -> None:
    child.expect_exact(prompt)
    child.send(text + "\r")


def answer_player(child: pexpect.spawn, name: str, values: dict[str, Any], upto: int = 10) -> None:
    """Type the first `upto` of a Hungry player's ten counts (the field starts empty or 0)."""
    numbers = [*values["homes"], *values["hotels"].values()]
    prompts = [*STARS, *HOTELS]
    for prompt, number in list(zip(prompts, numbers, strict=True))[:upto]:
        answer(child, f"{name}: {prompt}", BACKSPACE + str(number))


def draft_on_disk(home: Path) -> dict[str, Any]:
    with storage.draft_path(home, KIND).open("rb") as stream:
        return tomllib.load(stream)


def saved_sessions(home: Path) -> list[dict[str, Any]]:
    paths = sorted(storage.sessions_dir(home).glob("*.toml"))
    return [tomllib.loads(path.read_text(encoding="utf-8")) for path in paths]


def inputs(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [{key: p[key] for key in ("name", "homes", "hotels")} for p in document["players"]]


def finish(child: pexpect.spawn) -> None:
    """Accept the review, then save."""
    child.expect_exact("Is everything right?")
    child.send("\r")
    child.expect_exact("Save this session?")
    child.send("\r")
    child.expect_exact("Saved ")
    child.expect(pexpect.EOF)


def start_two_players(child: pexpect.spawn) -> None:
    answer(child, "Player 1 name", "Ana")
    answer(child, "Player 2 name", "Ben")
    answer(child, "Player 3 name", "")


# -- the whole flow through a terminal ---------------------------------------------------


@pytest.mark.slow
def test_killed_midway_resumes_with_every_answer(tmp_path: Path) -> None:
    child = spawn(tmp_path, "hungry")
    start_two_players(child)
    answer_player(child, "Ana", ANA)
    answer_player(child, "Ben", BEN, upto=3)
    child.expect_exact("Ben: 4-star")
    child.kill(signal.SIGKILL)  # the terminal dies: no chance to clean up
    child.close()

    kept = draft_on_disk(tmp_path)
    assert kept["names"] == ["Ana", "Ben"]
    assert kept["players"][0] == ANA
    assert kept["players"][1]["homes"][:3] == BEN["homes"][:3]
    assert kept["position"] == 13  # ten answers for Ana, three for Ben

    child = spawn(tmp_path)
    child.expect_exact("Unfinished game kept from last time: Hungry with Ana, Ben")
    child.expect_exact("Carry on with it?")
    child.send("\r")  # Resume it
    child.expect_exact("Ben: 4-star")  # the first unanswered question, nothing asked twice
    child.send(BACKSPACE + str(BEN["homes"][3]) + "\r")
    answer(child, "Ben: 5-star", BACKSPACE + str(BEN["homes"][4]))
    for hotel in HOTELS:
        answer(child, f"Ben: {hotel}", BACKSPACE + str(BEN["hotels"][hotel]))
    finish(child)

    [session] = saved_sessions(tmp_path)
    assert inputs(session) == [{"name": "Ana", **ANA}, {"name": "Ben", **BEN}]
    assert not storage.draft_path(tmp_path, KIND).exists()


@pytest.mark.slow
def test_ctrl_c_keeps_the_draft_and_says_how_to_resume(tmp_path: Path) -> None:
    child = spawn(tmp_path, "hungry")
    start_two_players(child)
    answer_player(child, "Ana", ANA, upto=2)
    child.expect_exact("Ana: 3-star")
    child.send(CTRL_C)
    child.expect_exact("Stopped. Every answer so far is kept in")
    child.expect_exact("scorekeeper score --resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert draft_on_disk(tmp_path)["players"][0]["homes"][:2] == [3, 2]

    # --resume carries on directly; the earlier answers are still correctable in the review.
    child = spawn(tmp_path, "--resume")
    child.expect_exact("Ana: 3-star")
    child.send(BACKSPACE + "1\r")
    answer(child, "Ana: 4-star", BACKSPACE + "0")
    answer(child, "Ana: 5-star", BACKSPACE + "2")
    for hotel in HOTELS:
        answer(child, f"Ana: {hotel}", BACKSPACE + str(ANA["hotels"][hotel]))
    answer_player(child, "Ben", BEN)
    child.expect_exact("Is everything right?")
    child.send(DOWN + "\r")  # Change an answer
    child.expect_exact("Whose answer?")
    child.send("\r")  # Ana
    child.expect_exact("Which answer?")
    child.send("\r")  # 1-star holiday home: 3
    answer(child, "Ana: 1-star", BACKSPACE + "4")
    child.expect_exact("Is everything right?")
    child.send("\r")
    child.expect_exact("Save this session?")
    child.send("\r")
    child.expect(pexpect.EOF)

    [session] = saved_sessions(tmp_path)
    assert inputs(session)[0]["homes"] == [4, 2, 1, 0, 2]
    assert inputs(session)[1] == {"name": "Ben", **BEN}
    assert not storage.draft_path(tmp_path, KIND).exists()


@pytest.mark.slow
def test_discard_draft_starts_afresh(tmp_path: Path) -> None:
    storage.save_draft(tmp_path, KIND, Draft("hungry", datetime(2026, 11, 29, 20, 0)).to_dict())
    child = spawn(tmp_path, "hungry", "--discard-draft")
    child.expect_exact("Player 1 name")
    assert not storage.draft_path(tmp_path, KIND).exists()
    child.send(CTRL_C)
    child.expect_exact("Cancelled: nothing was saved.")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_choosing_a_new_game_drops_the_draft(tmp_path: Path) -> None:
    old = Draft("before-the-guests-arrive", datetime(2026, 11, 28, 21, 5), ["Zoe", "Yann"])
    storage.save_draft(tmp_path, KIND, old.to_dict())
    child = spawn(tmp_path, "hungry")
    child.expect_exact("Before the Guests Arrive with Zoe, Yann, started 2026-11-28 21:05")
    child.expect_exact("Carry on with it?")
    child.send(DOWN + "\r")  # Discard it and start a new game
    child.expect_exact("Scoring Hungry")
    child.expect_exact("Player 1 name")
    assert not storage.draft_path(tmp_path, KIND).exists()
    child.send(CTRL_C)
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_declining_to_save_drops_the_draft(tmp_path: Path) -> None:
    child = spawn(tmp_path, "hungry")
    start_two_players(child)
    answer_player(child, "Ana", ANA)
    answer_player(child, "Ben", BEN)
    child.expect_exact("Is everything right?")
    child.send("\r")
    child.expect_exact("Save this session?")
    child.send("n")
    child.expect_exact("Not saved; the unfinished walk-through was dropped.")
    child.expect(pexpect.EOF)
    assert not storage.draft_path(tmp_path, KIND).exists()
    assert saved_sessions(tmp_path) == []


@pytest.mark.slow
def test_resuming_at_the_review_goes_straight_to_it(tmp_path: Path) -> None:
    draft = Draft("hungry", datetime(2026, 11, 29, 20, 0), ["Ana", "Ben"], {}, [ANA, BEN])
    draft.stage, draft.position = "review", 20
    storage.save_draft(tmp_path, KIND, draft.to_dict())
    child = spawn(tmp_path, "--resume")
    child.expect_exact("Please check")
    finish(child)
    [session] = saved_sessions(tmp_path)
    assert session["played"] == datetime(2026, 11, 29, 20, 0)
    assert inputs(session) == [{"name": "Ana", **ANA}, {"name": "Ben", **BEN}]


# -- the command line without a terminal ------------------------------------------------


def run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=30,
    )


def test_resume_without_a_draft_is_a_clean_error(tmp_path: Path) -> None:
    result = run(tmp_path, "score", "--resume")
    assert result.returncode == 2
    assert result.stderr == "error: no unfinished walk-through to resume\n"


def test_resume_and_discard_exclude_each_other(tmp_path: Path) -> None:
    result = run(tmp_path, "score", "--resume", "--discard-draft")
    assert result.returncode == 2
    assert result.stderr == "error: --resume and --discard-draft exclude each other\n"


def test_drafts_belong_to_the_walk_through_not_to_files(tmp_path: Path) -> None:
    sample = Path(__file__).parent.parent / "sample_sessions" / "hungry-family-night.toml"
    result = run(tmp_path, "score", "--from", str(sample), "--resume")
    assert result.returncode == 2
    assert result.stderr == (
        "error: --resume and --discard-draft go with the walk-through, not --from FILE\n"
    )


def test_resume_of_another_game_is_refused(tmp_path: Path) -> None:
    storage.save_draft(tmp_path, KIND, Draft("hungry", datetime(2026, 11, 29)).to_dict())
    result = run(tmp_path, "score", "btga", "--resume")
    assert result.returncode == 2
    assert result.stderr == (
        "error: the unfinished walk-through is 'hungry', not 'before-the-guests-arrive'\n"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("draft = 1\ngame = [", "unreadable draft"),
        ('draft = 1\ngame = "chess"', "unknown game 'chess'"),
        ('draft = 9\ngame = "hungry"', "draft format 9 is not 1"),
        ('draft = 1\ngame = "hungry"\nnames = [1, 2]', "expected a list of player names"),
        ('draft = 1\ngame = "hungry"\nstage = "lunch"', "unknown stage 'lunch'"),
        ('draft = 1\ngame = "hungry"\nnames = ["a", "b", "c", "d", "e"]', "Hungry takes at most 4"),
        ('draft = 1\ngame = "hungry"\nposition = -3', "expected a question number, got -3"),
        (
            'draft = 1\ngame = "hungry"\nstage = "review"\nnames = ["Ana"]',
            "1 names but 0 players' answers",
        ),
    ],
)
def test_a_broken_draft_names_itself_and_the_way_out(
    tmp_path: Path, text: str, reason: str
) -> None:
    path = storage.draft_path(tmp_path, KIND)
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    result = run(tmp_path, "score", "--resume")
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {path}: ")
    assert reason in result.stderr
    assert "--discard-draft" in result.stderr
    assert result.stderr.count("\n") == 1
    assert run(tmp_path, "score", "--discard-draft", "--resume").returncode == 2
    # --discard-draft removes even an unreadable draft before the walk-through starts
    # (stdin is not a terminal, so the walk-through itself then stops at the first question).
    run(tmp_path, "score", "hungry", "--discard-draft")
    assert not path.exists()


# -- the draft as data ------------------------------------------------------------------


def test_draft_survives_a_round_trip_through_the_data_directory(tmp_path: Path) -> None:
    draft = Draft(
        "hungry",
        datetime(2026, 11, 29, 20, 15),
        ["Ana", "Ben"],
        {},
        [ANA, {"homes": [1, 4, 0, 0, 0], "hotels": {"red": None}}],
        "questions",
        12,
    )
    storage.save_draft(tmp_path, KIND, draft.to_dict())
    loaded = storage.load_draft(tmp_path, KIND)
    assert loaded is not None
    back = Draft.from_dict(loaded)
    assert back.players[1] == {"homes": [1, 4, 0, 0, 0], "hotels": {}}  # TOML has no null
    assert (back.game, back.started, back.names, back.players[0], back.stage, back.position) == (
        "hungry",
        datetime(2026, 11, 29, 20, 15),
        ["Ana", "Ben"],
        ANA,
        "questions",
        12,
    )


def test_draft_accepts_an_alias_and_keeps_the_id() -> None:
    assert Draft.from_dict({"draft": 1, "game": "tabula-rasa"}).game == "hungry"


def test_draft_rejects_players_that_are_not_tables() -> None:
    with pytest.raises(StorageError, match="expected a table per player"):
        Draft.from_dict({"draft": 1, "game": "hungry", "players": [3]})


@pytest.mark.slow
def test_going_back_to_the_names_can_add_a_player(tmp_path: Path) -> None:
    child = spawn(tmp_path, "hungry")
    start_two_players(child)
    answer(child, "Ana: 1-star", "<")  # back out of the first question: the names again
    answer(child, "Player 1 name", "")  # keep Ana
    answer(child, "Player 2 name", "")  # keep Ben
    answer(child, "Player 3 name", "Cy")
    answer(child, "Player 4 name", "")
    for name in ("Ana", "Ben", "Cy"):
        answer_player(child, name, {"homes": [1, 1, 1, 1, 1], "hotels": dict.fromkeys(HOTELS, 2)})
    assert draft_on_disk(tmp_path)["names"] == ["Ana", "Ben", "Cy"]
    finish(child)
    [session] = saved_sessions(tmp_path)
    assert [p["name"] for p in session["players"]] == ["Ana", "Ben", "Cy"]
    assert session["players"][2]["homes"] == [1, 1, 1, 1, 1]


# Raw answers as any title's questions may produce them: TOML values without null.
raw_values = st.recursive(
    st.one_of(
        st.integers(-(2**63), 2**63 - 1),
        st.booleans(),
        st.text(),
        st.floats(allow_nan=False),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
answer_tables = st.dictionaries(st.text(min_size=1, max_size=10), raw_values, max_size=5)


@settings(max_examples=100, deadline=None)
@given(
    settings_answers=answer_tables,
    players=st.lists(answer_tables, min_size=1, max_size=4),  # Hungry takes 2-4
    position=st.integers(0, 200),
    stage=st.sampled_from(["questions", "review"]),
)
def test_any_raw_answers_survive_the_draft_file(
    settings_answers: dict[str, Any], players: list[dict[str, Any]], position: int, stage: str
) -> None:
    names = [f"P{n}" for n in range(len(players))]
    draft = Draft("hungry", datetime(2026, 11, 29, 20, 15), names, settings_answers, players)
    draft.stage, draft.position = stage, position
    text = storage.dumps(draft.to_dict())
    assert Draft.from_dict(tomllib.loads(text)) == draft


def test_a_draft_that_cannot_be_written_warns_once_and_the_walk_through_goes_on(
    tmp_path: Path,
) -> None:
    from scorekeeper.cli.score import _keeper

    blocked = tmp_path / "file.txt"
    blocked.write_text("", encoding="utf-8")
    warnings: list[str] = []
    keep = _keeper(blocked / "home", warnings.append)
    draft = Draft("hungry", datetime(2026, 11, 29))
    keep(draft)
    keep(draft)
    assert len(warnings) == 1
    assert warnings[0].startswith("answers are not being kept: ")
    assert "cannot write a draft: Not a directory" in warnings[0]
    keep = _keeper(tmp_path, warnings.append)
    keep(Draft("hungry", datetime(2026, 11, 29), ["Ana"], {}, [{"odd": [None, 1]}]))
    assert len(warnings) == 2  # a hole inside a list (TOML has no null): reported, not a crash
