"""`scorekeeper players`: the list, and renames that change every file or none."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import StorageError
from scorekeeper.history.archive import load
from scorekeeper.history.players import known_names, quote, rename_document, rename_text
from scorekeeper.history.renames import rename_player
from scorekeeper.storage import journal, renamelog
from tests.history_home import make_home, run, snapshot


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return make_home(tmp_path)


def _doc(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_players_lists_names_in_any_case_with_play_counts(home: Path) -> None:
    result = run(home, "players")
    assert result.exit_code == 0
    rows = [line.split("│")[1:4] for line in result.stdout.splitlines() if line.startswith("│")]
    assert [[cell.strip() for cell in row] for row in rows] == [
        ["Ana", "4", "3"],
        ["Ben", "4", "1"],
        ["Dana", "4", "2"],
        ["Eli", "4", "1"],
        ["Fay", "4", "1"],
        ["Cy", "3", "0"],
    ]
    assert result.stderr.count("Unreadable: ") == 2


def test_the_walk_through_suggests_the_same_names_in_the_same_order(home: Path) -> None:
    # "ana" in an older file, "Ana" in the latest: one player, spelled as lately written.
    assert known_names(load(home).plays) == ["Ana", "Ben", "Dana", "Eli", "Fay", "Cy"]


def test_rename_changes_every_file_that_has_the_player(home: Path) -> None:
    sessions = home / "sessions"
    before = snapshot(home)
    result = run(home, "players", "rename", "ANA", "Anna")
    assert result.exit_code == 0, result.stderr
    assert "Renamed ANA to Anna in 4 session files." in result.stdout
    changed = {name for name, data in snapshot(home).items() if before.get(name) != data}
    assert changed == {
        "renames.toml",  # the rename, for the group (tests/test_sync_renames.py)
        "sessions/2026-11-08-hungry-d4e5f6.toml",
        "sessions/2026-11-08-before-the-guests-arrive-e5f6a7.toml",
        "sessions/2026-11-15-hungry-f6a7b8.toml",
        "sessions/family-night.toml",
    }
    saved = _doc(sessions / "2026-11-08-hungry-d4e5f6.toml")
    assert [p["name"] for p in saved["players"]] == ["Anna", "Ben", "Cy"]
    assert [p["name"] for p in saved["result"]["players"]] == ["Anna", "Ben", "Cy"]
    assert saved["result"]["winners"] == ["Anna"]
    assert not [p for p in sessions.iterdir() if p.name.startswith(".")]
    listed = run(home, "players").stdout
    assert "Anna" in listed and "│ Ana " not in listed


def test_rename_keeps_comments_and_layout_of_hand_written_files(home: Path) -> None:
    path = home / "sessions" / "family-night.toml"
    before = path.read_text(encoding="utf-8")
    assert run(home, "players", "rename", "Ana", "Anna").exit_code == 0
    after = path.read_text(encoding="utf-8")
    assert after == before.replace('name = "Ana"', 'name = "Anna"')
    assert "# score 16, and of the two only Ana holds" in after  # comments are the user's


def test_rename_to_a_name_already_in_the_session_changes_nothing(home: Path) -> None:
    before = snapshot(home)
    result = run(home, "players", "rename", "Ben", "cy")
    assert result.exit_code == 2
    first = home / "sessions" / "2026-11-08-before-the-guests-arrive-e5f6a7.toml"
    assert result.stderr.endswith(f"error: {first}: 'Cy' already plays in this session\n")
    assert snapshot(home) == before


def test_rename_of_nobody_and_to_a_bad_name(home: Path) -> None:
    result = run(home, "players", "rename", "Zed", "Zoe")
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "error: no session has a player named 'Zed'; see `scorekeeper players`\n"
    )
    result = run(home, "players", "rename", "Ana", "  ")
    assert result.exit_code == 2
    assert result.stderr.endswith("error: key 'name': expected a non-empty name, got '  '\n")


def test_a_change_of_case_only_is_a_rename(home: Path) -> None:
    assert run(home, "players", "rename", "ana", "ANA").exit_code == 0
    assert "ANA" in run(home, "players").stdout


def test_a_file_that_cannot_be_written_leaves_every_file_as_it_was(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(home)
    real = journal.write_temp
    calls = []

    def failing(directory: Path, text: bytes, *, mode: int | None = None) -> Path:
        calls.append(directory)
        if len(calls) == 5:  # each file, then its copy kept for undo: the third file
            raise OSError(28, "No space left on device")
        return real(directory, text, mode=mode)

    monkeypatch.setattr(journal, "write_temp", failing)
    with pytest.raises(
        StorageError,
        match=r"f6a7b8.toml: cannot write \(No space left on device\); no file was changed",
    ):
        rename_player(home, "Ana", "Anna")
    assert snapshot(home) == before


def test_a_failed_replace_puts_back_the_files_already_replaced(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(home)
    real = Path.replace
    calls = []

    def failing(self: Path, target: Path) -> Path:
        calls.append(target)
        if len(calls) == 2:
            raise OSError(5, "Input/output error")
        return real(self, target)

    monkeypatch.setattr(Path, "replace", failing)
    with pytest.raises(StorageError, match="no file was changed"):
        rename_player(home, "Ana", "Anna")
    assert snapshot(home) == before


def test_a_text_edit_never_touches_other_keys_or_comments() -> None:
    text = '# Ana hosted\nformat = 1\nlocation = "Ana"\n\n[[players]]\nname = "Ana"\n'
    wanted = rename_document(tomllib.loads(text), "ana", "Anna")
    assert wanted is not None
    assert rename_text(text, wanted, "ana", "Anna") == text.replace('name = "Ana"', 'name = "Anna"')


def test_an_inline_table_is_renamed_in_place() -> None:
    text = "players = [{ name = 'Ana', homes = [1, 0, 0, 0, 0] }, { name = \"Ben\" }]\n"
    wanted = rename_document(tomllib.loads(text), "Ana", 'A "quoted" name')
    assert wanted is not None
    edited = rename_text(text, wanted, "Ana", 'A "quoted" name')
    assert edited == text.replace("'Ana'", '"A \\"quoted\\" name"')


@given(st.text(max_size=40))
def test_quote_writes_any_text_as_a_toml_string(text: str) -> None:
    assert tomllib.loads(f"v = {quote(text)}")["v"] == text


def test_renaming_there_and_back_restores_every_file_byte_for_byte(home: Path) -> None:
    before = snapshot(home)
    assert run(home, "players", "rename", "Dana", "Zed").exit_code == 0
    assert snapshot(home) != before
    assert run(home, "players", "rename", "zed", "Dana").exit_code == 0
    after = snapshot(home)
    assert after.pop("renames.toml")  # both renames, for the group
    assert after == before


def test_a_file_no_exact_text_edit_fits_is_rewritten_from_its_data(home: Path) -> None:
    path = home / "sessions" / "cabin.toml"
    path.write_text(
        "# At Ana's cabin\n"
        'format = 1\ngame = "hungry"\nlocation = "Ana"\n\n'
        '[[players]]\nname = "Ana"\nhomes = [1, 0, 0, 0, 0]\n\n'
        '[[players]]\nname = "Ben"\nhomes = [0, 0, 0, 0, 0]\n\n'
        '[result]\ngame = "hungry"\nwinners = ["Ana"]\n',
        encoding="utf-8",
    )
    result = run(home, "players", "rename", "Ana", "Anna")
    assert result.exit_code == 0
    assert f"Rewritten from its data (comments and layout not kept): {path}" in result.stdout
    doc = _doc(path)
    assert doc["location"] == "Ana"  # free text is not a name
    assert [p["name"] for p in doc["players"]] == ["Anna", "Ben"]
    assert doc["result"]["winners"] == ["Anna"]


def test_a_rename_is_added_to_the_groups_rename_log(home: Path) -> None:
    assert run(home, "players", "rename", "ana", "Anabel").exit_code == 0
    assert run(home, "players", "rename", "Cy", "Cyd").exit_code == 0
    text = (home / "renames.toml").read_text(encoding="utf-8")
    assert text.startswith("# The renames this group shares:")
    tables = tomllib.loads(text)["rename"]
    assert [(t["from"], t["to"]) for t in tables] == [("ana", "Anabel"), ("Cy", "Cyd")]
    assert len({t["id"] for t in tables}) == 2
    assert tables[0]["at"] <= tables[1]["at"] and tables[0]["at"].utcoffset().total_seconds() == 0


def test_undo_of_a_rename_adds_an_entry_that_undoes_it_rather_than_forget_it(home: Path) -> None:
    before = snapshot(home)
    assert run(home, "players", "rename", "Dana", "Dina").exit_code == 0
    (made,) = tomllib.loads((home / "renames.toml").read_text(encoding="utf-8"))["rename"]
    result = run(home, "undo", "--yes")
    assert result.exit_code == 0, result.output
    after = snapshot(home)
    log = tomllib.loads(after.pop("renames.toml").decode())["rename"]
    assert after == before  # every session as it was
    assert (
        log[0] == made and log[1]["undoes"] == made["id"] and set(log[1]) == {"id", "at", "undoes"}
    )
    assert renamelog.aliases(renamelog.read(home).entries).names == {}


def test_a_broken_rename_log_refuses_the_rename_and_is_left_as_it_is(home: Path) -> None:
    (home / "renames.toml").write_text("[[rename]\n", encoding="utf-8")
    before = snapshot(home)
    result = run(home, "players", "rename", "Ana", "Anabel")
    assert result.exit_code == 2
    assert result.stderr.endswith(
        f"error: {home / 'renames.toml'}: not valid TOML: Expected ']]' at the end of an array "
        "declaration (at line 1, column 9); nothing was renamed (mend the file or move it away)\n"
    )
    assert snapshot(home) == before


def test_former_names_are_listed_beside_the_player_as_text(home: Path) -> None:
    (home / "renames.toml").write_text(
        '[[rename]]\nid = "0123abcd"\nat = 2026-12-01T18:00:00Z\nfrom = "[red]Zed"\nto = "dana"\n',
        encoding="utf-8",
    )
    listed = run(home, "players").stdout
    assert "│ Dana (was [red]Zed) │" in listed  # markup in a name is shown, never obeyed
    rows = json.loads(run(home, "players", "--json").stdout)
    assert [(p["name"], p["was"]) for p in rows if p["was"]] == [("Dana", ["[red]Zed"])]


def test_a_rename_log_that_cannot_be_written_leaves_every_file_as_it_was(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(home)
    real = journal.write_temp

    def failing(directory: Path, text: bytes, *, mode: int | None = None) -> Path:
        if directory == home:  # renames.toml, staged after every session file
            raise OSError(28, "No space left on device")
        return real(directory, text, mode=mode)

    monkeypatch.setattr(journal, "write_temp", failing)
    with pytest.raises(StorageError, match=r"renames.toml: cannot write .*no file was changed"):
        rename_player(home, "Ana", "Anna")
    assert snapshot(home) == before
