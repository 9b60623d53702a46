"""Renames the group shares: `renames.toml` travels with `sync`, and every laptop renames the
games that still have an old name, including those saved where the rename was not known yet.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from scorekeeper.sync.merging import merge_texts
from tests.test_hostile_remote import mallory, push
from tests.test_sync import FIRST_SNOW, HAPPY_HOME, HUNGRY, git, history, run, save, sync

pytestmark = pytest.mark.usefixtures("fresh_git")  # conftest: git as on a fresh machine


def names_in(home: Path) -> set[str]:
    """Every player name any session file of the history holds."""
    found = set()
    for path in (home / "sessions").glob("*.toml"):
        document = tomllib.loads(path.read_text(encoding="utf-8"))
        found |= {p["name"] for p in document["players"]}
        found |= {p["name"] for p in document.get("result", {}).get("players", [])}
        found |= set(document.get("result", {}).get("winners", []))
    return found


def players(home: Path) -> list[dict[str, object]]:
    result = run(home, "players", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def old_name_anywhere(home: Path, name: str) -> list[str]:
    return [p.name for p in (home / "sessions").glob("*.toml") if f'"{name}"' in p.read_text()]


def two_laptops(tmp_path: Path, remote: Path) -> tuple[Path, Path]:
    """Ana's laptop and Ben's, sharing one game that Ana played."""
    a, b = tmp_path / "a", tmp_path / "b"
    save(a, HUNGRY)
    sync(a, "--remote", str(remote))
    sync(b, "--remote", str(remote))
    return a, b


@pytest.mark.parametrize("first", ["renaming", "saving"])
def test_a_game_saved_with_the_old_name_elsewhere_is_renamed_on_every_laptop(
    tmp_path: Path, remote: Path, first: str
) -> None:
    """A renames Ana to Anabel; B, not synced, saves a game with Ana. After B and A sync
    twice, whoever synced first, neither laptop has a player called Ana."""
    a, b = two_laptops(tmp_path, remote)
    assert run(a, "players", "rename", "Ana", "Anabel").exit_code == 0
    save(b, FIRST_SNOW)  # Ana and Ben, on a laptop that has not heard of the rename
    order = [a, b] if first == "renaming" else [b, a]
    for home in order * 2:
        result = run(home, "sync")
        assert result.exit_code == 0, result.output
    for home in (a, b):
        assert "Ana" not in names_in(home) and "Anabel" in names_in(home)
        assert old_name_anywhere(home, "Ana") == []
        (anabel,) = [p for p in players(home) if p["name"] == "Anabel"]
        assert (anabel["plays"], anabel["was"]) == (2, ["Ana"])
        listed = run(home, "players").stdout
        assert "Anabel (was Ana)" in listed and "│ Ana " not in listed
        assert git(home, "status", "--porcelain") == ""  # records renamed whole: none to refresh
    assert history(a) == history(b)
    messages = git(remote, "log", "--format=%s", "main").splitlines()
    assert "Rename Ana to Anabel in 1 game" in messages  # the late game, renamed on arrival
    assert "Add renames.toml" in messages


def test_the_laptop_that_renames_the_late_game_says_so(tmp_path: Path, remote: Path) -> None:
    a, b = two_laptops(tmp_path, remote)
    assert run(a, "players", "rename", "Ana", "Anabel").exit_code == 0
    save(b, FIRST_SNOW)
    sync(b)
    result = run(a, "sync")
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "Note: renamed Ana to Anabel in 1 game, as the group's renames.toml says.\n"
    )
    assert json.loads(sync(b, "--json"))["renamed"] == []  # it arrived renamed


def test_a_game_saved_here_with_a_renamed_name_says_what_a_sync_will_do(
    tmp_path: Path, remote: Path
) -> None:
    """Saved after the rename, on the laptop that made it: the game keeps the name as typed,
    the save says the next sync makes it the new name, and the sync does."""
    a, _ = two_laptops(tmp_path, remote)
    assert run(a, "players", "rename", "Ana", "Anabel").exit_code == 0
    result = run(a, "score", "--from", str(FIRST_SNOW), "--save")
    assert result.exit_code == 0, result.output
    saved = Path(result.stdout.strip().splitlines()[-1].removeprefix("Saved "))
    notice = " ".join(result.stderr.split())
    assert notice == (
        "Ana was renamed Anabel: the next `scorekeeper sync` makes this game's Ana Anabel. "
        "If this Ana is someone else, give them another name: "
        f"scorekeeper history edit {saved.stem[-6:]}"
    )
    assert '"Ana"' in saved.read_text(encoding="utf-8")
    sync(a)
    assert "Ana" not in names_in(a)


@pytest.mark.parametrize("first", ["a", "b"])
def test_one_player_renamed_two_ways_ends_with_the_later_name_everywhere(
    tmp_path: Path, remote: Path, first: str
) -> None:
    a, b = two_laptops(tmp_path, remote)
    save(b, HAPPY_HOME)  # Ana, Ben and Cy
    sync(b)
    sync(a)
    assert run(a, "players", "rename", "Ana", "Anabel").exit_code == 0
    assert run(b, "players", "rename", "ana", "Annie").exit_code == 0  # later than A's
    one, two = (a, b) if first == "a" else (b, a)
    sync(one)
    result = run(two, "sync")
    assert result.exit_code == 0, result.output
    conflict = [line for line in result.stderr.splitlines() if "renamed two ways" in line]
    assert len(conflict) == 1
    assert conflict[0].startswith("Note: ana was renamed two ways, to Anabel (")
    assert conflict[0].endswith("and to Annie (" + conflict[0].split("and to Annie (")[1])
    assert conflict[0].endswith(" UTC): the later, Annie, is kept.")
    sync(one)
    for home in (a, b):
        assert names_in(home) == {"Annie", "Ben", "Cy"}
        (annie,) = [p for p in players(home) if p["name"] == "Annie"]
        assert annie["was"] == ["Ana", "Anabel"]
    assert history(a) == history(b)
    assert (a / "renames.toml").read_text() == (b / "renames.toml").read_text()
    assert json.loads(sync(two, "--json"))["rename_conflicts"] == []  # told once


def test_both_logs_changed_merge_as_a_union_never_a_conflict(tmp_path: Path, remote: Path) -> None:
    a, b = two_laptops(tmp_path, remote)
    save(b, HAPPY_HOME)
    sync(b)
    sync(a)
    assert run(a, "players", "rename", "Ben", "Benji").exit_code == 0
    assert run(b, "players", "rename", "Cy", "Cyd").exit_code == 0
    for home in (a, b, a):
        sync(home)
    log = tomllib.loads((a / "renames.toml").read_text())["rename"]
    assert sorted((e["from"], e["to"]) for e in log) == [("Ben", "Benji"), ("Cy", "Cyd")]
    assert names_in(a) == names_in(b) == {"Ana", "Benji", "Cyd"}
    assert history(a) == history(b)


def test_an_undone_rename_is_undone_on_every_laptop(tmp_path: Path, remote: Path) -> None:
    a, b = two_laptops(tmp_path, remote)
    assert run(a, "players", "rename", "Ana", "Anabel").exit_code == 0
    sync(a)
    sync(b)
    assert "Anabel" in names_in(b)
    assert run(a, "undo", "--yes").exit_code == 0
    save(b, FIRST_SNOW)  # saved with Ana: stays Ana now
    for home in (a, b, a):
        sync(home)
    assert names_in(a) == names_in(b) == {"Ana", "Ben", "Cy"}
    assert [p["was"] for p in players(b) if p["name"] == "Ana"] == [[]]


def test_a_hostile_rename_log_is_reported_in_one_line_and_renames_nothing(
    tmp_path: Path, remote: Path
) -> None:
    a, b = two_laptops(tmp_path, remote)
    (a / "renames.toml").write_text(
        '[[rename]]\nid = "not hex"\nat = 2026-12-01T18:00:00Z\nfrom = "Ana"\nto = "Mallory"\n'
        '\n[[rename]]\nid = "0123456789abcdef"\nat = 2026-12-01T18:00:00Z\nfrom = "Ben"\n'
        'to = "$(touch pwned)"\n',
        encoding="utf-8",
    )
    result = run(a, "sync")  # as a remote's file would be, once merged: Ben's game renamed
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "Note: renamed Ben to $(touch pwned) in 1 game, as the group's renames.toml says.\n"
        f"Note: {a / 'renames.toml'}: rename 1: key 'id': expected 8 to 64 hex digits, got "
        "'not hex'; left out\n"
    )
    sync(b)
    assert names_in(b) == {"Ana", "$(touch pwned)", "Cy"}  # text, never run
    assert not (b / "pwned").exists() and not Path("pwned").exists()
    (b / "renames.toml").write_text("[[rename]\n", encoding="utf-8")
    broken = run(b, "players")
    assert broken.exit_code == 0
    assert broken.stderr == (
        f"note: {b / 'renames.toml'}: not valid TOML: Expected ']]' at the end of an array "
        "declaration (at line 1, column 9); renames are not shown\n"
    )


def test_the_log_merges_whatever_its_base(tmp_path: Path) -> None:
    mine = '[[rename]]\nid = "aaaaaaaa"\nat = 2026-12-01T18:00:00Z\nfrom = "Ana"\nto = "Anabel"\n'
    group = '[[rename]]\nid = "bbbbbbbb"\nat = 2026-12-01T17:00:00Z\nfrom = "Cy"\nto = "Cyd"\n'
    merged = merge_texts(tmp_path, "renames.toml", None, group, mine)
    assert merged is not None and merged.conflicts == ()
    log = tomllib.loads(merged.text)["rename"]
    assert [e["id"] for e in log] == ["bbbbbbbb", "aaaaaaaa"]  # oldest first


HOSTILE = {
    "not toml": b"[[rename]\n",
    "not utf-8": b'[[rename]]\nid = "0123abcd"\nat = 2026-12-01T18:00:00Z\nfrom = "Ana"\n'
    b'to = "\xff"\n',
    "wrong types": b'rename = [1, "two", { id = 3 }]\n',
}


@pytest.mark.parametrize("renamed_here", [False, True])
@pytest.mark.parametrize("attack", sorted(HOSTILE))
def test_a_rename_log_pushed_by_anyone_is_checked_and_never_stops_a_sync(
    tmp_path: Path, remote: Path, attack: str, renamed_here: bool
) -> None:
    a, _ = two_laptops(tmp_path, remote)
    clone = mallory(tmp_path, remote)
    (clone / "renames.toml").write_bytes(HOSTILE[attack])
    push(clone)
    if renamed_here:  # both sides changed the log: a union of what reads
        assert run(a, "players", "rename", "Ben", "Benji").exit_code == 0
    result = run(a, "sync")
    assert result.exit_code == 0, result.output
    notes = result.stderr.splitlines()
    assert all(line.startswith("Note: ") for line in notes)
    if renamed_here:
        log = tomllib.loads((a / "renames.toml").read_text(encoding="utf-8"))["rename"]
        assert [(e["from"], e["to"]) for e in log] == [("Ben", "Benji")]
        assert len([n for n in notes if n.startswith("Note: renames.toml: the group's")]) == 1
    else:
        assert notes and all(line.startswith(f"Note: {a / 'renames.toml'}: ") for line in notes)
    assert names_in(a) == ({"Ana", "Benji", "Cy"} if renamed_here else {"Ana", "Ben", "Cy"})
