"""Kept drafts: `scorekeeper drafts` lists the current one and those set aside, `drafts restore`
brings a dropped one back, old ones go to the trash, and the walk-through's lock file goes
when the walk-through ends."""

from __future__ import annotations

import json
import os
from contextlib import ExitStack
from datetime import datetime
from pathlib import Path
from typing import Any

import pexpect
import pytest

from scorekeeper.storage import lock
from scorekeeper.storage.documents import draft_path, load_draft, save_draft
from scorekeeper.storage.lock import held_while_open
from scorekeeper.storage.trash import trashed_files
from scorekeeper.walkthrough.draft import KIND, Draft
from scorekeeper.walkthrough.kept_drafts import KEEP_DAYS, clear_old, open_lock
from scorekeeper.walkthrough.table import TableSession
from tests.history_home import run
from tests.test_completion import complete
from tests.test_drafts import (
    ANA,
    decline_saving,
    finish,
    hungry,
    saved_sessions,
    spawn,
)


def hint(home: Path) -> str:
    """The list's last line: the command names the data directory it was run against."""
    return (
        f"`scorekeeper --home {home} drafts restore ID` brings a dropped one back; drafts set "
        f"aside go to the trash {KEEP_DAYS} days later, when a walk-through starts."
    )


def keep(home: Path, game: str, names: list[str], started: datetime, **more: Any) -> None:
    """Make a draft of these players the current one."""
    players = [{"name": name} for name in names]
    draft = Draft(started, {"game": game, "players": players}, **more)
    save_draft(home, KIND, draft.to_dict())


def aside(home: Path, why: str, when: str, short_id: str, text: str | None = None) -> Path:
    """Set the current draft aside under a known name (or write `text` there)."""
    path = draft_path(home, KIND).with_name(f"score.toml.{why}-{when}-{short_id}")
    if text is None:
        draft_path(home, KIND).rename(path)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return path


def drafts_folder(home: Path) -> list[str]:
    return sorted(path.name for path in (home / "drafts").iterdir())


@pytest.fixture
def kept(tmp_path: Path) -> Path:
    """A current Hungry draft at its review, a dropped Before the Guests Arrive one and a
    damaged one."""
    home = tmp_path / "home"
    keep(home, "btga", ["Zoe", "[bold]Yann\x1b"], datetime(2026, 11, 28, 21, 5))
    aside(home, "dropped", "20261130-210200", "a1b2c3")
    aside(home, "damaged", "20261120-101010", "d4e5f6", text="answers = [")
    keep(home, "hungry", ["Ana", "Ben"], datetime(2026, 11, 29, 20, 15), stage="review")
    return home


def test_no_drafts(tmp_path: Path) -> None:
    for args in (["drafts"], ["drafts", "list"]):
        result = run(tmp_path, *args)
        assert (result.exit_code, result.stdout, result.stderr) == (0, "No drafts kept.\n", "")
    assert run(tmp_path, "drafts", "--json").stdout == "[]\n"


def test_the_current_draft_then_those_set_aside_newest_first(kept: Path) -> None:
    result = run(kept, "drafts")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "current  Hungry with Ana, Ben, started 2026-11-29 20:15, at the review",
        "a1b2c3   dropped 2026-11-30 21:02: Before the Guests Arrive with Zoe, "
        "[bold]Yann\\x1b, started 2026-11-28 21:05, answering",  # user text escaped
        "d4e5f6   damaged 2026-11-20 10:10: cannot be resumed",
        hint(kept),
    ]
    assert run(kept, "drafts", "list").stdout == result.stdout


def test_drafts_as_json(kept: Path) -> None:
    current, dropped, damaged = json.loads(run(kept, "drafts", "--json").stdout)
    assert current == {
        "id": "current",
        "state": "current",
        "file": str(draft_path(kept, KIND)),
        "set_aside": None,
        "game": "hungry",
        "players": ["Ana", "Ben"],
        "started": "2026-11-29T20:15:00",
        "stage": "review",
        "live": False,
        "problem": None,
    }
    assert (dropped["id"], dropped["state"], dropped["set_aside"]) == (
        "a1b2c3", "dropped", "2026-11-30T21:02:00"
    )  # fmt: skip
    assert (dropped["game"], dropped["players"]) == (
        "before-the-guests-arrive",
        ["Zoe", "[bold]Yann\x1b"],
    )
    assert (damaged["state"], damaged["game"], damaged["problem"]) == (
        "damaged", None, "set aside as damaged"
    )  # fmt: skip


def test_restore_sets_the_current_draft_aside_first(kept: Path) -> None:
    current = draft_path(kept, KIND)
    before = current.read_text(encoding="utf-8")
    result = run(kept, "drafts", "restore", "a1b2c3")
    assert (result.exit_code, result.stderr) == (0, "")
    [previous] = [n for n in drafts_folder(kept) if n.startswith("score.toml.dropped-")]
    first, second, third = result.stdout.splitlines()
    assert first == (
        f"The current draft was set aside as {current.with_name(previous)} (id {previous[-6:]})."
    )
    assert second == (
        "Restored a1b2c3: Before the Guests Arrive with Zoe, [bold]Yann\\x1b, "
        "started 2026-11-28 21:05, answering."
    )
    assert third == f"`scorekeeper --home {kept} score --resume` carries on with it."
    assert Draft.from_dict(load_draft(kept, KIND) or {}).names == ["Zoe", "[bold]Yann\x1b"]
    assert current.with_name(previous).read_text(encoding="utf-8") == before  # never destroyed
    assert drafts_folder(kept) == sorted(
        ["score.toml", previous, "score.toml.damaged-20261120-101010-d4e5f6"]
    )


def test_restore_without_a_current_draft(kept: Path) -> None:
    draft_path(kept, KIND).unlink()
    result = run(kept, "drafts", "restore", "score.toml.dropped-20261130-210200-a1b2c3")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0].startswith("Restored a1b2c3: Before the Guests Arrive")
    assert drafts_folder(kept) == ["score.toml", "score.toml.damaged-20261120-101010-d4e5f6"]


def test_an_unknown_id_names_the_ids_there_are(kept: Path, tmp_path: Path) -> None:
    result = run(kept, "drafts", "restore", "zzz")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "error: no dropped draft 'zzz'; the ids are: a1b2c3, d4e5f6\n"
    result = run(kept, "drafts", "restore", "current")  # already the current one
    assert result.stderr == "error: no dropped draft 'current'; the ids are: a1b2c3, d4e5f6\n"
    result = run(tmp_path / "empty", "drafts", "restore", "a1b2c3")
    assert result.exit_code == 2
    assert result.stderr == "error: no dropped draft 'a1b2c3': none is kept\n"
    assert not (tmp_path / "empty").exists()  # a wrong id makes no folder either


def test_a_damaged_draft_is_listed_but_not_restored(kept: Path) -> None:
    listing = drafts_folder(kept)
    result = run(kept, "drafts", "restore", "d4e5f6")
    assert result.exit_code == 2
    damaged = kept / "drafts" / "score.toml.damaged-20261120-101010-d4e5f6"
    assert result.stderr == (
        f"error: draft d4e5f6 cannot be resumed (set aside as damaged); its file is kept as "
        f"{damaged}\n"
    )
    assert drafts_folder(kept) == listing  # nothing moved


def test_a_dropped_draft_changed_by_hand_is_listed_with_why_and_not_restored(
    tmp_path: Path,
) -> None:
    aside(tmp_path, "dropped", "20261130-210200", "0a0b0c", text='draft = 2\nstage = "lunch"')
    result = run(tmp_path, "drafts")
    assert result.stdout.splitlines()[0] == (
        "0a0b0c  dropped 2026-11-30 21:02: cannot be resumed: draft: unknown stage 'lunch'"
    )
    restored = run(tmp_path, "drafts", "restore", "0a0b0c")
    assert restored.exit_code == 2
    path = tmp_path / "drafts" / "score.toml.dropped-20261130-210200-0a0b0c"
    assert restored.stderr == (
        f"error: draft 0a0b0c cannot be resumed (draft: unknown stage 'lunch'); its file is "
        f"kept as {path}\n"
    )


def test_restore_waits_for_no_walk_through(kept: Path) -> None:
    with held_while_open(open_lock(kept)) as mine:
        assert mine
        result = run(kept, "drafts", "restore", "a1b2c3")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: a walk-through is open in another terminal; finish or stop it there, then run "
        "this again\n"
    )
    assert "score.toml.dropped-20261130-210200-a1b2c3" in drafts_folder(kept)


# -- old drafts go to the trash -----------------------------------------------------------


def test_drafts_set_aside_long_ago_go_to_the_trash(tmp_path: Path) -> None:
    home = tmp_path
    old = aside(home, "dropped", "20261031-120000", "111111", text="kept")
    aside(home, "damaged", "20261031-115959", "222222", text="kept too")
    recent = aside(home, "dropped", "20261031-120001", "333333", text="recent")
    unrelated = aside(home, "notes", "", "", text="not ours")  # "score.toml.notes--"
    trash = home / "trash" / "drafts"
    damaged = trash / "score.toml.damaged-20261031-115959-222222"
    now = datetime(2026, 11, 30, 12, 0, 0)
    assert clear_old(home, now) == [damaged]  # more than KEEP_DAYS ago
    assert old.exists()  # exactly KEEP_DAYS ago: still kept
    assert clear_old(home, datetime(2026, 11, 30, 12, 0, 1)) == [trash / old.name]
    assert (trash / old.name).read_text(encoding="utf-8") == "kept"
    assert damaged.read_text(encoding="utf-8") == "kept too"
    assert recent.exists() and unrelated.exists()
    assert trashed_files(home) == []  # not mistaken for trashed sessions


def test_a_walk_through_starting_clears_old_drafts_and_says_so(tmp_path: Path) -> None:
    aside(tmp_path, "dropped", "20200101-000000", "111111", text="old")
    said: list[str] = []
    with TableSession.open(tmp_path, said.append) as table:
        assert table is not None
        assert (
            table.start(None, discard=False, resume=False, tell=said.append, warn=said.append)
            is None
        )
    trash = tmp_path / "trash" / "drafts"
    assert said == [f"1 draft set aside more than {KEEP_DAYS} days ago moved to {trash}."]
    assert (trash / "score.toml.dropped-20200101-000000-111111").read_text() == "old"


def test_discarding_says_how_to_bring_the_draft_back(tmp_path: Path) -> None:
    keep(tmp_path, "hungry", ["Ana"], datetime(2026, 11, 29, 20, 15))
    said: list[str] = []
    with TableSession.open(tmp_path, said.append) as table:
        assert table is not None
        table.program = "scorekeeper --home elsewhere"  # as the command line named it
        table.start(None, discard=True, resume=False, tell=said.append, warn=said.append)
    [name] = [n for n in drafts_folder(tmp_path) if n.startswith("score.toml.dropped-")]
    path = tmp_path / "drafts" / name
    assert said == [
        f"The unfinished walk-through was put aside as {path}; "
        f"`scorekeeper --home elsewhere drafts restore {name[-6:]}` brings it back."
    ]


# -- the walk-through's lock file ---------------------------------------------------------


def test_the_lock_file_goes_when_the_walk_through_ends(tmp_path: Path) -> None:
    with TableSession.open(tmp_path, print) as table:
        assert table is not None
        assert open_lock(tmp_path).exists()
        with TableSession.open(tmp_path, print) as second:
            assert second is None  # a draft belongs to one walk-through
    assert not open_lock(tmp_path).exists()
    with TableSession.open(tmp_path, print) as again:
        assert again is not None


def test_a_lock_taken_on_a_removed_file_does_not_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B opens the lock file, A removes it and lets go, B locks what it opened: B must try
    again on the name, or B and a newcomer C would both think they hold the walk-through."""
    path = tmp_path / ".score.open"
    first = ExitStack()
    assert first.enter_context(held_while_open(path))
    real = lock._try_lock
    calls = []

    def a_finishes_first(handle: int) -> bool:
        calls.append(handle)
        if len(calls) == 1:
            first.close()  # A ends between B's open and B's lock
        return real(handle)

    monkeypatch.setattr(lock, "_try_lock", a_finishes_first)
    with held_while_open(path) as mine:
        assert mine and len(calls) == 2  # B tried again, on a file of that name
        monkeypatch.setattr(lock, "_try_lock", real)
        with held_while_open(path) as newcomer:
            assert not newcomer
    assert not path.exists()


def test_completion_offers_the_drafts_that_can_be_brought_back(kept: Path) -> None:
    assert complete("bash", "scorekeeper drafts restore ", kept) == ["a1b2c3"]
    fish = complete(
        "fish", "scorekeeper drafts restore ", kept, _TYPER_COMPLETE_FISH_ACTION="get-args"
    )
    assert fish == [
        "a1b2c3\tBefore the Guests Arrive with Zoe, [bold]Yann\\x1b, started 2026-11-28 21:05, "
        "answering"
    ]


def test_a_named_pipe_set_aside_is_listed_without_waiting_on_it(tmp_path: Path) -> None:
    pipe = draft_path(tmp_path, KIND).with_name("score.toml.dropped-20261130-210200-0f0f0f")
    pipe.parent.mkdir(parents=True)
    os.mkfifo(pipe)
    result = run(tmp_path, "drafts")
    assert result.stdout.splitlines()[0] == (
        "0f0f0f  dropped 2026-11-30 21:02: cannot be resumed: cannot read: not a regular file "
        "(a named pipe)"
    )


@pytest.mark.slow
def test_a_game_not_saved_at_the_table_is_brought_back_and_resumed(tmp_path: Path) -> None:
    """In a real terminal: "no" to "Save this session?" names the command that brings the
    answers back; after it, `score --resume` carries on at the review with them."""
    child = decline_saving(tmp_path)
    child.expect(r"`scorekeeper\s+drafts\s+restore\s+([0-9a-f]{6})`\s+brings\s+them\s+back\.")
    said = child.match.group(1)
    child.expect(pexpect.EOF)
    [name] = [n for n in drafts_folder(tmp_path) if n.startswith("score.toml.dropped-")]
    assert said == name[-6:]

    assert run(tmp_path, "drafts", "restore", name[-6:]).exit_code == 0
    child = spawn(tmp_path, "--resume")
    child.expect_exact("Please check")  # at the review, where it stopped
    finish(child, notes=False)
    [session] = saved_sessions(tmp_path)
    assert [p["name"] for p in session["players"]] == ["Ana", "Ben"]
    assert drafts_folder(tmp_path) == []


def test_how_far_a_draft_got_counts_the_answers_given() -> None:
    draft = hungry(["Ana", "Ben"], [ANA, {"homes": [1, 4, 2]}])
    assert draft.summary() == (
        "Hungry with Ana, Ben, started 2026-11-29 20:00, answering, 13 answers given"
    )
    draft.stage = "review"
    assert draft.summary().endswith("started 2026-11-29 20:00, at the review")
    assert hungry(["Ana"], [{}]).summary().endswith(", answering")


def test_a_draft_rescued_from_a_full_disk_is_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A draft the walk-through kept in the temporary folder while the data directory was
    full is listed, with where it is, until `score --resume` brings it home."""
    import tempfile

    from scorekeeper.walkthrough.kept_drafts import rescue_home

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    home = tmp_path / "home"
    keep(rescue_home(home), "hungry", ["Ana"], datetime(2026, 11, 29, 20, 15))
    rescued = draft_path(rescue_home(home), KIND)
    assert rescued.is_relative_to(tmp_path / "tmp")
    result = run(home, "drafts")
    assert result.exit_code == 0
    assert " ".join(result.stdout.split()) == (  # the long path folds the line
        f"rescued rescued, in {rescued}: Hungry with Ana, started 2026-11-29 20:15, answering "
        "The rescued draft was kept in the temporary folder while the data directory was full; "
        f"`scorekeeper --home {home} score --resume` brings it home now."
    )
    (listed,) = json.loads(run(home, "drafts", "--json").stdout)
    assert (listed["id"], listed["state"], listed["file"]) == ("rescued", "rescued", str(rescued))
    assert run(home, "drafts", "restore", "rescued").exit_code == 2  # score --resume does that
    assert rescued.exists()  # listing and refusing change nothing
