"""Correcting the record: delete to the trash, restore, replace a session, refuse duplicates,
move sessions into and out of series, and undo each of these one after another."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from scorekeeper.errors import StorageError
from scorekeeper.history.renames import rename_player
from scorekeeper.history.saving import DuplicateError, find_duplicate, save_played
from scorekeeper.storage.changes import last_change, undo
from scorekeeper.storage.journal import journal_path, tidy
from scorekeeper.storage.lock import locked
from scorekeeper.storage.session_files import read_session
from scorekeeper.storage.trash import (
    delete_sessions,
    replace_session,
    restore_sessions,
    trashed_files,
)
from tests.history_home import make_home, run, snapshot
from tests.test_storage_journal import killed_at, leftovers

SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "hungry-family-night.toml"
SUNDAY = "2026-11-01-before-the-guests-arrive-a1b2c3"
HUNGRY = "2026-11-08-hungry-d4e5f6"


def stems(home: Path, folder: str = "sessions") -> list[str]:
    return sorted(p.stem for p in (home / folder).glob("*.toml"))


def listed_ids(home: Path) -> str:
    return run(home, "history", "list", "--limit", "0").stdout


def undo_all(home: Path) -> int:
    done = 0
    while (change := last_change(home)) is not None:
        undo(home, change.number)
        done += 1
    return done


def test_delete_moves_to_the_trash_and_says_how_to_bring_it_back(tmp_path: Path) -> None:
    home = make_home(tmp_path)
    assert "d4e5f6" in listed_ids(home)  # cached first, so the cache must notice
    result = run(home, "history", "delete", "a1b2", "d4e5f6")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"Deleted a1b2c3 (Before the Guests Arrive, 2026-11-01): moved to {home}/trash/"
        f"{SUNDAY}.toml",
        f"Deleted d4e5f6 (Hungry, 2026-11-08): moved to {home}/trash/{HUNGRY}.toml",
        "To bring it back: scorekeeper history restore a1b2c3 d4e5f6",
    ]
    assert stems(home, "trash") == [SUNDAY, HUNGRY]
    listed = listed_ids(home)
    assert "a1b2c3" not in listed and "d4e5f6" not in listed and "b2c3d4" in listed
    exported = run(home, "history", "export", "--format", "json").stdout
    assert "b2c3d4" in exported and "a1b2c3" not in exported and "d4e5f6" not in exported
    players = run(home, "players").stdout
    assert players != run(make_home(tmp_path / "whole"), "players").stdout
    series = run(home, "series", "show", "sunday-trio").stdout
    assert series.startswith("Series sunday-trio: 2 of 3 games played.")
    trash = run(home, "history", "list", "--trash").stdout
    assert "a1b2c3" in trash and "d4e5f6" in trash and "b2c3d4" not in trash

    restored = run(home, "history", "restore", "a1b2c3", "d4e5f6")
    assert restored.exit_code == 0, restored.output
    assert restored.stdout.splitlines() == [
        f"Restored {SUNDAY} to {home}/sessions/{SUNDAY}.toml",
        f"Restored {HUNGRY} to {home}/sessions/{HUNGRY}.toml",
    ]
    assert stems(home, "trash") == []
    assert run(home, "history", "list", "--trash").stdout == "The trash is empty.\n"


def test_restore_refuses_a_name_taken_and_changes_nothing(tmp_path: Path) -> None:
    home = make_home(tmp_path)
    path = home / "sessions" / f"{HUNGRY}.toml"
    text = path.read_bytes()
    assert run(home, "history", "delete", "d4e5f6").exit_code == 0
    path.write_bytes(text)  # saved again by hand meanwhile
    before = snapshot(home)
    result = run(home, "history", "restore", "d4e5")
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: cannot restore {HUNGRY}.toml: {path} is in the history already "
        f"(`scorekeeper history show {HUNGRY}`); nothing was restored\n",
    )
    assert snapshot(home) == before
    missing = run(home, "history", "restore", "zzz")
    assert missing.stderr == (
        "error: no session 'zzz' in the trash; `scorekeeper history list --trash` shows them\n"
    )


def test_a_game_saved_twice_is_refused_unless_allowed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first = run(home, "score", "--from", str(SAMPLE), "--save")
    assert first.exit_code == 0, first.output
    saved = next((home / "sessions").glob("*.toml")).stem
    again = run(home, "score", "--from", str(SAMPLE), "--save")
    assert again.exit_code == 2
    assert again.stderr == (
        f"error: this game is saved already as {saved[-6:]} ({saved}); `scorekeeper history "
        "show` shows it, --allow-duplicate saves it again\n"
    )
    assert len(stems(home)) == 1
    session = read_session(SAMPLE)
    assert find_duplicate(home, session) == saved
    assert find_duplicate(home, replace(session, notes="other notes", series=None)) == saved
    reordered = replace(session, seats=tuple(reversed(session.seats)))
    assert find_duplicate(home, reordered) == saved
    other_day = replace(session, played=session.played.replace(day=28))  # type: ignore[union-attr]
    assert find_duplicate(home, other_day) is None
    changed = replace(session, seats=session.seats[:2])
    assert find_duplicate(home, changed) is None
    with pytest.raises(DuplicateError) as refused:
        save_played(session, session.score(), home)
    assert refused.value.stem == saved
    kept = run(home, "score", "--from", str(SAMPLE), "--save", "--allow-duplicate")
    assert kept.exit_code == 0, kept.output
    assert len(stems(home)) == 2
    alone = run(home, "score", "--from", str(SAMPLE), "--allow-duplicate")
    assert (alone.exit_code, alone.stderr) == (2, "error: --allow-duplicate goes with --save\n")


def test_replace_session_keeps_the_previous_version_in_the_trash(tmp_path: Path) -> None:
    home = make_home(tmp_path)
    path = home / "sessions" / f"{HUNGRY}.toml"
    original = path.read_bytes()
    session = read_session(path)
    corrected = replace(session, notes="Ana is spelled with a capital A")
    assert replace_session(home, HUNGRY, corrected, corrected.score()) == path
    assert read_session(path).notes == "Ana is spelled with a capital A"
    assert (home / "trash" / f"{HUNGRY}.toml").read_bytes() == original
    assert "Ana is spelled" in run(home, "history", "show", "d4e5f6").stdout
    again = replace(corrected, notes="second edit")
    replace_session(home, path, again, again.score())
    assert stems(home, "trash") == [HUNGRY, f"{HUNGRY} (2)"]
    change = last_change(home)
    assert change is not None and change.description == "edit d4e5f6"
    undo(home, change.number)
    assert read_session(path).notes == "Ana is spelled with a capital A"
    undo_all(home)
    assert path.read_bytes() == original


def test_series_add_and_remove_keep_comments_and_refuse_what_score_would(
    tmp_path: Path,
) -> None:
    home = make_home(tmp_path)
    path = home / "sessions" / "family-night.toml"
    original = path.read_text(encoding="utf-8")
    added = run(home, "series", "add", "rematch", "family-night")
    assert (added.exit_code, added.stdout) == (0, "Moved 1 session(s) into series rematch.\n")
    text = path.read_text(encoding="utf-8")
    assert text == original.replace(
        "played = 2026-11-27T20:15:00\n", 'played = 2026-11-27T20:15:00\nseries = "rematch"\n'
    )
    assert "2 games played" in run(home, "series", "show", "rematch").stdout
    wrong = run(home, "series", "add", "december", "family-night")
    assert wrong.stderr == (
        "error: series 'december' is for 'before-the-guests-arrive', not 'hungry'; "
        "create a series without --game to mix titles\n"
    )
    full = run(home, "series", "add", "games-night", "family-night")
    assert full.stderr == (
        "error: series 'games-night' is complete (2 games); "
        "start a new one with `scorekeeper series new`\n"
    )
    unknown = run(home, "series", "add", "nope", "family-night")
    assert unknown.stderr == "error: no series 'nope'; create it with `scorekeeper series new`\n"
    not_in = run(home, "series", "remove", "december", "family-night")
    assert not_in.stderr == (
        "error: session family-night is not in series 'december'; nothing changed\n"
    )
    removed = run(home, "series", "remove", "rematch", "family-night")
    assert removed.stdout == "Moved 1 session(s) out of series rematch.\n"
    assert path.read_text(encoding="utf-8") == original


def test_series_delete_refuses_while_sessions_belong_unless_detach(tmp_path: Path) -> None:
    home = make_home(tmp_path)
    refused = run(home, "series", "delete", "december")
    assert (refused.exit_code, refused.stderr) == (
        2,
        "error: series 'december' has 1 session(s) (0a1b2c); --detach takes them out of it, "
        "or `scorekeeper series remove` some\n",
    )
    done = run(home, "series", "delete", "december", "--detach")
    assert done.stdout == (
        "Deleted series december, 1 session(s) taken out of it; the definition is in "
        f"{home}/trash/series/december.toml.\n"
    )
    assert "december" not in run(home, "series", "list").stdout
    session = tomllib.loads(
        (home / "sessions" / "2026-12-06-before-the-guests-arrive-0a1b2c.toml").read_text()
    )
    assert "series" not in session


def test_undo_reverses_every_kind_of_change_one_after_another(tmp_path: Path) -> None:
    home = make_home(tmp_path)
    assert run(home, "history", "list").exit_code == 0  # the play cache exists
    before = snapshot(home)
    steps = [
        ("score", "--from", str(SAMPLE), "--save", "--allow-duplicate"),
        ("history", "delete", "d4e5f6"),
        ("history", "restore", "d4e5f6"),
        ("history", "delete", "a1b2c3", "b2c3d4"),
        ("players", "rename", "Dana", "Dina"),
        ("series", "add", "rematch", "family-night"),
        ("series", "remove", "rematch", "family-night"),
        ("series", "delete", "december", "--detach"),
    ]
    for step in steps:
        result = run(home, *step)
        assert result.exit_code == 0, (step, result.output)
    session = read_session(home / "sessions" / "family-night.toml")
    edited = replace(session, location="Garden")
    replace_session(home, "family-night", edited, edited.score())
    for number in range(12):  # twelve more saves: at least twenty changes in all
        more = replace(session, notes=f"copy {number}")
        save_played(more, more.score(), home, allow_duplicate=True)
    told = []
    while True:
        result = run(home, "undo", "--yes")
        assert result.exit_code == 0, result.output
        if result.stdout == "Nothing to undo.\n":
            break
        told.append(result.stdout.splitlines()[-1])
    assert len(told) == len(steps) + 1 + 12
    assert told[12] == "Undone: edit family-night"
    assert told[13] == "Undone: delete series december"
    assert told[-1].startswith("Undone: save 2026-11-27-hungry-")
    after = {k: v for k, v in snapshot(home).items() if k.split("/")[0] in ("sessions", "series")}
    assert after == {k: v for k, v in before.items() if k.split("/")[0] in ("sessions", "series")}
    listed = listed_ids(home)
    assert "Dina" not in listed and "a1b2c3" in listed
    # every save undone, and the corrected family-night, are in the trash: never destroyed
    assert len(trashed_files(home)) == 13 + 1


def test_undo_refuses_when_a_file_was_changed_by_hand(tmp_path: Path) -> None:
    home = make_home(tmp_path)
    assert run(home, "history", "delete", "d4e5f6").exit_code == 0
    trashed = home / "trash" / f"{HUNGRY}.toml"
    trashed.write_text(trashed.read_text() + "# edited\n")
    result = run(home, "undo", "--yes")
    assert result.stdout.startswith("Last change (")
    assert result.stderr == (f"error: {trashed}: the earlier version is gone; cannot undo\n")
    assert stems(home, "trash") == [HUNGRY]
    asks = run(home, "undo")
    assert asks.stderr == (
        "error: not a terminal to ask in; `scorekeeper undo --yes` undoes without asking\n"
    )
    assert run(tmp_path / "empty", "undo").stdout == "Nothing to undo.\n"


def test_the_confirm_question_defaults_to_no() -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from scorekeeper.prompts.confirm import confirm

    for typed, expected in (("y", True), ("\r", False), ("n", False)):
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            pipe.send_text(typed)
            assert confirm("Undo it?") is expected


def test_a_delete_killed_at_every_instant_leaves_the_history_complete(tmp_path: Path) -> None:
    home = make_home(tmp_path)
    paths = [home / "sessions" / f"{name}.toml" for name in (SUNDAY, HUNGRY)]
    whole = {p.name: p.read_bytes() for p in paths}
    outcomes = set()
    step = 0
    while True:
        step += 1
        if not killed_at(step, lambda: delete_sessions(home, paths)):
            break
        with locked(home):
            tidy(home)
        assert leftovers(home) == [] and not journal_path(home).exists(), f"step {step}"
        live = {p.name: p.read_bytes() for p in paths if p.exists()}
        trash = {p.name: p.read_bytes() for p in trashed_files(home)}
        if live == whole:
            outcomes.add("rolled back")
            assert trash == {}
        else:
            outcomes.add("completed")
            assert (live, trash) == ({}, whole), f"step {step}"
            assert last_change(home) is not None
            restore_sessions(home, trashed_files(home))
    assert step > 10
    assert outcomes == {"rolled back", "completed"}
    assert not any(p.exists() for p in paths)  # the last run was not killed: done
    restore_sessions(home, trashed_files(home))
    assert {p.name: p.read_bytes() for p in paths} == whole


def test_rename_is_recorded_and_undone(tmp_path: Path) -> None:
    home = make_home(tmp_path)
    before = snapshot(home)
    renamed = rename_player(home, "Dana", "Dina")
    change = last_change(home)
    assert change is not None and change.description == "rename 'Dana' to 'Dina'"
    assert len(change.files) == len(renamed.edited) + len(renamed.rebuilt) + 1 == 5  # the log
    undo(home, change.number)
    kept = {k: v for k, v in snapshot(home).items() if k.startswith(("sessions/", "series/"))}
    assert kept == {k: v for k, v in before.items() if k.startswith(("sessions/", "series/"))}


def test_a_damaged_change_log_is_set_aside_and_never_blocks_a_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = make_home(tmp_path)
    (home / "changes.jsonl").write_text("{not json\n", encoding="utf-8")
    with pytest.raises(StorageError, match=r"changes\.jsonl: "):
        last_change(home)
    delete_sessions(home, [home / "sessions" / f"{HUNGRY}.toml"])
    told = capsys.readouterr().err
    assert told.startswith(f"note: {home}/changes.jsonl: ") and "moved to" in told
    (aside,) = home.glob("changes.jsonl.damaged-*")
    assert aside.read_text(encoding="utf-8") == "{not json\n"
    change = last_change(home)
    assert change is not None and change.description == "delete d4e5f6"


@pytest.mark.slow
def test_a_correction_killed_at_every_instant_leaves_one_whole_version(tmp_path: Path) -> None:
    home = make_home(tmp_path)
    path = home / "sessions" / f"{HUNGRY}.toml"
    original = path.read_bytes()
    session = read_session(path)
    corrected = replace(session, notes="corrected")
    outcome = corrected.score()
    outcomes = set()
    step = 0
    while True:
        step += 1
        if not killed_at(step, lambda: replace_session(home, HUNGRY, corrected, outcome)):
            break
        with locked(home):
            tidy(home)
        assert leftovers(home) == [] and not journal_path(home).exists(), f"step {step}"
        if path.read_bytes() == original:
            outcomes.add("rolled back")
            assert trashed_files(home) == []
        else:
            outcomes.add("completed")
            assert read_session(path).notes == "corrected"
            assert [p.read_bytes() for p in trashed_files(home)] == [original]
            change = last_change(home)
            assert change is not None
            undo(home, change.number)  # back, for the next instant
            assert path.read_bytes() == original
            for extra in trashed_files(home):  # the corrected version undo kept
                extra.unlink()
    assert step > 10
    assert outcomes == {"rolled back", "completed"}
