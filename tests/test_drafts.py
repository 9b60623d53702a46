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

from scorekeeper.errors import StorageError
from scorekeeper.storage.documents import draft_path, load_draft, save_draft
from scorekeeper.storage.files import dumps
from scorekeeper.storage.sessions import sessions_dir
from scorekeeper.walkthrough.draft import KIND, Draft
from tests.conftest import examples

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


def answer_player(child: pexpect.spawn, name: str, values: dict[str, Any]) -> None:
    """Type a Hungry player's holiday homes and hotels, five numbers on one line each."""
    answer(child, f"{name}: 1-star", " ".join(map(str, values["homes"])))
    answer(child, f"{name}: red", " ".join(map(str, values["hotels"].values())))


def hungry(names: list[str], players: list[dict[str, Any]], **more: Any) -> Draft:
    """A Hungry draft with these players' answers, names closed."""
    people = [{"name": n, **p} for n, p in zip(names, players, strict=False)]
    answers = {"game": "hungry", "players": people, "walk": {"closed": ["players"]}}
    return Draft(datetime(2026, 11, 29, 20, 0), answers, **more)


def draft_on_disk(home: Path) -> dict[str, Any]:
    with draft_path(home, KIND).open("rb") as stream:
        return tomllib.load(stream)


def saved_sessions(home: Path) -> list[dict[str, Any]]:
    paths = sorted(sessions_dir(home).glob("*.toml"))
    return [tomllib.loads(path.read_text(encoding="utf-8")) for path in paths]


def inputs(document: dict[str, Any]) -> list[dict[str, Any]]:
    """Each player's name, homes and hotels, from a session or a draft's answers."""
    return [{key: p[key] for key in ("name", "homes", "hotels")} for p in document["players"]]


def finish(child: pexpect.spawn, notes: bool = True) -> None:
    """Skip notes and location, accept the review, then save."""
    if notes:
        answer(child, "Notes", "")
        answer(child, "Where was it played?", "")
    child.expect_exact("Is everything right?")
    child.send("\r")
    child.expect_exact("Save this session?")
    child.send("\r")
    child.expect_exact("Saved ")
    child.expect_exact("BG Stats?")
    child.send("\r")
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
    answer(child, "Ben: 1-star", " ".join(map(str, BEN["homes"])))
    child.expect_exact("Ben: red")
    child.kill(signal.SIGKILL)  # the terminal dies: no chance to clean up
    child.close()

    kept = draft_on_disk(tmp_path)["answers"]
    assert [p["name"] for p in kept["players"]] == ["Ana", "Ben"]
    assert kept["players"][0] == {"name": "Ana", **ANA}
    assert kept["players"][1]["homes"] == BEN["homes"]
    assert draft_on_disk(tmp_path)["position"] == "players.1.hotels.red"

    child = spawn(tmp_path)
    child.expect_exact("Unfinished game kept from last time: Hungry with Ana, Ben")
    child.expect_exact("Carry on with it?")
    child.send("\r")  # Resume it
    answer(child, "Ben: red", " ".join(map(str, BEN["hotels"].values())))
    finish(child)

    [session] = saved_sessions(tmp_path)
    assert inputs(session) == [{"name": "Ana", **ANA}, {"name": "Ben", **BEN}]
    assert not draft_path(tmp_path, KIND).exists()


@pytest.mark.slow
def test_ctrl_c_keeps_the_draft_and_says_how_to_resume(tmp_path: Path) -> None:
    child = spawn(tmp_path, "hungry")
    start_two_players(child)
    answer(child, "Ana: 1-star", "3")
    answer(child, "Ana: 2-star", "2")
    child.expect_exact("Ana: 3-star")
    child.send(CTRL_C)
    child.expect_exact("Stopped. Every answer so far is kept in")
    child.expect_exact("scorekeeper score --resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert draft_on_disk(tmp_path)["answers"]["players"][0]["homes"] == [3, 2]

    # --resume carries on directly; the earlier answers are still correctable in the review.
    child = spawn(tmp_path, "--resume")
    answer(child, "Ana: 3-star", "1")
    answer(child, "Ana: 4-star", "0")
    answer(child, "Ana: 5-star", "2")
    answer(child, "Ana: red", " ".join(map(str, ANA["hotels"].values())))
    answer_player(child, "Ben", BEN)
    answer(child, "Notes", "")
    answer(child, "Where was it played?", "")
    child.expect_exact("Is everything right?")
    child.send(DOWN + "\r")  # Change an answer
    child.expect_exact("Whose answer?")
    child.send("\r")  # Ana
    child.expect_exact("Which answer?")
    child.send(DOWN + "\r")  # below her name: the 1-star holiday home
    answer(child, "Ana: 1-star", "2")
    finish(child, notes=False)

    [session] = saved_sessions(tmp_path)
    assert inputs(session)[0]["homes"] == [2, 2, 1, 0, 2]
    assert inputs(session)[1] == {"name": "Ben", **BEN}
    assert not draft_path(tmp_path, KIND).exists()


def put_aside(home: Path) -> str:
    """The text of the one draft put aside (never destroyed) when the user dropped it."""
    path = draft_path(home, KIND)
    [aside] = path.parent.glob(f"{path.name}.dropped-*")
    return aside.read_text(encoding="utf-8")


@pytest.mark.slow
def test_discard_draft_starts_afresh_and_keeps_the_old_answers_aside(tmp_path: Path) -> None:
    save_draft(tmp_path, KIND, hungry(["Ana"], [{}]).to_dict())
    child = spawn(tmp_path, "hungry", "--discard-draft")
    child.expect_exact("The unfinished walk-through was put aside as ")
    child.expect_exact("Player 1 name")
    assert not draft_path(tmp_path, KIND).exists()
    assert "Ana" in put_aside(tmp_path)
    child.send(CTRL_C)
    child.expect_exact("Cancelled: nothing was saved.")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_choosing_a_new_game_drops_the_draft(tmp_path: Path) -> None:
    people = [{"name": "Zoe"}, {"name": "Yann"}]
    old = Draft(datetime(2026, 11, 28, 21, 5), {"game": "btga", "players": people})
    save_draft(tmp_path, KIND, old.to_dict())
    child = spawn(tmp_path, "hungry")
    child.expect_exact("Before the Guests Arrive with Zoe, Yann, started 2026-11-28 21:05")
    child.expect_exact("Carry on with it?")
    child.send(DOWN + "\r")  # Discard it and start a new game
    child.expect_exact("Its answers are kept in ")
    child.expect_exact("Player 1 name")
    assert not draft_path(tmp_path, KIND).exists()
    assert "Zoe" in put_aside(tmp_path)
    child.send(CTRL_C)
    child.expect(pexpect.EOF)


def decline_saving(home: Path) -> pexpect.spawn:
    """In a real terminal: resume a two-player Hungry draft and answer "no" to "Save this
    session?"; the walk-through, right after the "n"."""
    save_draft(home, KIND, hungry(["Ana", "Ben"], [ANA, BEN]).to_dict())
    child = spawn(home, "--resume")
    answer(child, "Notes", "")
    answer(child, "Where was it played?", "")
    child.expect_exact("Is everything right?")
    child.send("\r")
    child.expect_exact("Save this session?")
    child.send("n")
    return child


@pytest.mark.slow
def test_declining_to_save_keeps_the_answers_aside(tmp_path: Path) -> None:
    child = decline_saving(tmp_path)
    child.expect_exact("Not saved; the answers are kept in ")
    child.expect(pexpect.EOF)
    assert not draft_path(tmp_path, KIND).exists()
    assert saved_sessions(tmp_path) == []
    assert "Ben" in put_aside(tmp_path)


@pytest.mark.slow
def test_resuming_at_the_review_goes_straight_to_it(tmp_path: Path) -> None:
    draft = hungry(["Ana", "Ben"], [ANA, BEN], stage="review")
    draft.answers.update(notes="", location="Ana's")
    save_draft(tmp_path, KIND, draft.to_dict())
    child = spawn(tmp_path, "--resume")
    child.expect_exact("Please check")
    finish(child, notes=False)
    [session] = saved_sessions(tmp_path)
    assert session["played"] == datetime(2026, 11, 29, 20, 0)
    assert session["location"] == "Ana's"
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
        "error: --resume, --discard-draft and --live go with the walk-through, not --from FILE\n"
    )


def test_resume_of_another_game_is_refused(tmp_path: Path) -> None:
    save_draft(tmp_path, KIND, hungry([], []).to_dict())
    result = run(tmp_path, "score", "btga", "--resume")
    assert result.returncode == 2
    assert result.stderr == (
        "error: the unfinished walk-through is 'hungry', not 'before-the-guests-arrive'\n"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("draft = 2\nanswers = [", "not valid TOML"),
        ('draft = 2\nanswers.game = "chess"', "unknown game 'chess'"),
        ('draft = 9\nanswers.game = "hungry"', "draft format 9 is not 2"),
        ('draft = 2\nanswers.game = "hungry"\nanswers.players = [1, 2]', "a table per player"),
        ('draft = 2\nanswers.game = "hungry"\nstage = "lunch"', "unknown stage 'lunch'"),
        (
            'draft = 2\nanswers.game = "hungry"\nanswers.players = [{}, {}, {}, {}, {}]',
            "Hungry takes at most 4",
        ),
        ('draft = 2\nanswers.game = "hungry"\nposition = -3', "expected a question key, got -3"),
        ("draft = 2\nanswers = 3", "expected a table of answers, got 3"),
        ('draft = 1\ngame = "hungry"\nnames = [1, 2]', "expected lists of names"),
    ],
)
def test_a_broken_draft_is_set_aside_and_reported_not_fatal(
    tmp_path: Path, text: str, reason: str
) -> None:
    path = draft_path(tmp_path, KIND)
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    result = run(tmp_path, "score", "--resume")
    assert result.returncode == 2
    warning, error = result.stderr.splitlines()
    assert warning.startswith(f"Warning: {path}")
    assert reason in warning
    assert f"it was moved to {path}.damaged-" in warning
    assert error == "error: no unfinished walk-through to resume"
    assert not path.exists()
    [aside] = path.parent.glob("score.toml.damaged-*")
    assert aside.read_text(encoding="utf-8") == text  # set aside, never destroyed


@pytest.mark.slow
def test_a_draft_whose_game_was_saved_is_not_offered_again(tmp_path: Path) -> None:
    """A kill between the save and the draft's removal leaves a draft naming the file."""
    sample = Path(__file__).parent.parent / "sample_sessions" / "hungry-family-night.toml"
    assert run(tmp_path, "score", "--from", str(sample), "--save").returncode == 0
    [saved] = sessions_dir(tmp_path).glob("*.toml")
    draft = hungry(["Ana", "Ben"], [ANA, BEN], stage="review")
    draft.answers["walk"]["saved_as"] = saved.name
    save_draft(tmp_path, KIND, draft.to_dict())
    child = spawn(tmp_path, "hungry")
    child.expect_exact(f"The last game was saved as {saved.name}; its draft is removed.")
    child.expect_exact("Player 1 name")
    child.send(CTRL_C)
    child.expect(pexpect.EOF)
    assert not draft_path(tmp_path, KIND).exists()
    assert len(saved_sessions(tmp_path)) == 1


# -- the draft as data ------------------------------------------------------------------


def test_draft_survives_a_round_trip_through_the_data_directory(tmp_path: Path) -> None:
    draft = hungry(
        ["Ana", "Ben"],
        [ANA, {"homes": [1, 4, 0, 0, 0], "hotels": {"red": None}}],
        position="players.1.hotels.red",
    )
    save_draft(tmp_path, KIND, draft.to_dict())
    loaded = load_draft(tmp_path, KIND)
    assert loaded is not None
    back = Draft.from_dict(loaded)
    assert back.answers["players"][1] == {"name": "Ben", "homes": [1, 4, 0, 0, 0], "hotels": {}}
    assert (back.game, back.started, back.names, back.stage, back.position) == (
        "hungry",
        datetime(2026, 11, 29, 20, 0),
        ["Ana", "Ben"],
        "questions",
        "players.1.hotels.red",
    )


def test_a_draft_kept_by_the_first_format_carries_on_with_its_answers() -> None:
    old = {
        "draft": 1,
        "game": "hungry",
        "stage": "questions",
        "position": 12,
        "names": ["Ana", "Ben"],
        "players": [ANA, {"homes": [1, 2]}],
    }
    draft = Draft.from_dict(old)
    assert draft.names == ["Ana", "Ben"]
    assert draft.answers["players"][0] == {"name": "Ana", **ANA}
    assert draft.position == ""  # carry on from the first unanswered question


def test_draft_keeps_an_alias() -> None:
    assert Draft.from_dict({"draft": 2, "answers": {"game": "tabula-rasa"}}).names == []


def test_draft_rejects_players_that_are_not_tables() -> None:
    with pytest.raises(StorageError, match="expected a table per player"):
        Draft.from_dict({"draft": 2, "answers": {"game": "hungry", "players": [3]}})


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


@settings(max_examples=examples(100), deadline=None)
@given(
    settings_answers=answer_tables,
    players=st.lists(answer_tables, min_size=1, max_size=4),  # Hungry takes 2-4
    position=st.text(max_size=30),
    stage=st.sampled_from(["questions", "review"]),
)
def test_any_raw_answers_survive_the_draft_file(
    settings_answers: dict[str, Any], players: list[dict[str, Any]], position: int, stage: str
) -> None:
    draft = hungry([f"P{n}" for n in range(len(players))], players, stage=stage)
    draft.answers["settings"] = settings_answers
    draft.position = position
    text = dumps(draft.to_dict())
    assert Draft.from_dict(tomllib.loads(text)) == draft


def test_a_draft_that_cannot_be_written_anywhere_warns_once_and_the_walk_through_goes_on(
    tmp_path: Path,
) -> None:
    from scorekeeper.walkthrough.draft import DraftKeeper

    blocked = tmp_path / "file.txt"
    blocked.write_text("", encoding="utf-8")
    warnings: list[str] = []
    keep = DraftKeeper(blocked / "home", blocked / "rescue", warnings.append)
    draft = hungry([], [])
    keep(draft)
    keep(draft)
    assert len(warnings) == 1
    assert warnings[0] == (
        f"answers cannot be written ({blocked / 'home' / 'drafts'}: cannot write a draft: Not a "
        "directory); they are held until there is room, and written as soon as there is"
    )
    assert keep.where is None
    keep = DraftKeeper(tmp_path, blocked / "rescue", warnings.append)
    keep(hungry(["Ana"], [{"odd": [None, 1]}]))
    assert len(warnings) == 2  # a hole inside a list (TOML has no null): reported, not a crash


def test_a_full_data_directory_keeps_the_draft_elsewhere_until_it_has_room(
    tmp_path: Path,
) -> None:
    """A write that fails is tried again at the next answer; meanwhile the draft is in the
    rescue folder, and the table is told where once, and again when there is room."""
    from scorekeeper.walkthrough.draft import DraftKeeper

    home, rescue = tmp_path / "home", tmp_path / "rescue"
    home.mkdir()
    (home / "drafts").write_text("in the way: no draft can be written under it\n")
    said: list[str] = []
    keep = DraftKeeper(home, rescue, said.append)
    draft = Draft(datetime(2026, 11, 30, 20, 15), {"game": "hungry", "players": []})
    keep(draft)
    draft.answers["players"].append({"name": "Ana"})
    keep(draft)
    assert keep.where == draft_path(rescue, KIND)
    assert Draft.from_dict(load_draft(rescue, KIND) or {}).names == ["Ana"]
    assert len(said) == 1 and said[0].startswith("answers cannot be kept in the data directory")
    assert said[0].endswith(f"they are kept in {keep.where} until it has room again")
    (home / "drafts").unlink()
    keep(draft)
    assert said[1] == f"there is room again: the answers are kept in {keep.where}"
    assert keep.where == draft_path(home, KIND)
    assert not draft_path(rescue, KIND).exists()
