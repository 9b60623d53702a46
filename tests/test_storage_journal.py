"""Multi-file changes survive a kill at any instant: completed or rolled back, nothing left."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.errors import StorageError
from scorekeeper.history.renames import rename_player
from scorekeeper.storage.journal import journal_path, tidy, transaction
from scorekeeper.storage.lock import locked
from tests.test_storage_lock import hungry_history, names_in

MUTATIONS = ("link", "replace", "unlink", "rename", "fsync")


def contents(home: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((home / "sessions").iterdir())}


def leftovers(home: Path) -> list[str]:
    return sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.name.endswith(".tmp"))


def next_command(home: Path) -> None:
    """What the next scorekeeper process does on taking the lock (a fresh one sweeps too)."""
    with locked(home):
        tidy(home)


def killed_at(step: int, work: Callable[[], Any]) -> bool:
    """Run `work` in a child process that dies (no clean-up, like kill -9) just before its
    `step`-th change to the file system; True when it died, False when it finished first."""
    pid = os.fork()
    if pid == 0:  # the child: count every call that changes a file, die before the chosen one
        count = 0
        for name in MUTATIONS:
            real = getattr(os, name)

            def dying(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
                nonlocal count
                count += 1
                if count == step:
                    os._exit(9)
                return _real(*args, **kwargs)

            setattr(os, name, dying)
        real_mkstemp = tempfile.mkstemp

        def dying_mkstemp(*args: Any, **kwargs: Any) -> Any:
            nonlocal count
            count += 1
            if count == step:
                os._exit(9)
            return real_mkstemp(*args, **kwargs)

        tempfile.mkstemp = dying_mkstemp  # type: ignore[assignment]
        try:
            work()
        except BaseException:
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    assert code in (0, 9), f"the child failed at step {step} with exit code {code}"
    return code == 9


@pytest.mark.slow
def test_a_rename_killed_at_every_instant_is_completed_or_rolled_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    hungry_history(home, 6)
    (home / "sessions" / next(iter(contents(home)))).chmod(0o640)  # modes are kept
    before = contents(home)
    modes = {p.name: p.stat().st_mode for p in (home / "sessions").iterdir()}
    outcomes = set()
    step = 0
    while True:
        step += 1
        if not killed_at(step, lambda: rename_player(home, "Ana", "Anna")):
            break  # the rename finished before the step: every instant was tried
        capsys.readouterr()
        next_command(home)  # it settles what the killed one left
        told = capsys.readouterr().err
        after = contents(home)
        assert leftovers(home) == [], f"step {step}"
        assert not journal_path(home).exists()
        if after == before:
            outcomes.add("rolled back")
            assert told == "" or told.startswith("note: rolled back an interrupted change")
        else:
            outcomes.add("completed")
            assert all(names_in(home / "sessions" / name) == ["Anna", "Ben", "Cy"]
                       for name in after)  # fmt: skip
            assert told in ("", "note: completed an interrupted change "
                                "(rename 'Ana' to 'Anna', 6 files)\n")  # fmt: skip
            rename_player(home, "Anna", "Ana")  # back, for the next instant
            assert contents(home) == before
        assert {p.name: p.stat().st_mode for p in (home / "sessions").iterdir()} == modes
    assert step > 30  # every write, link, sync and replace of six files was an instant
    assert outcomes == {"rolled back", "completed"}


@pytest.mark.slow
def test_a_rename_killed_at_random_moments_is_completed_or_rolled_back(tmp_path: Path) -> None:
    """Real processes, real kill -9, at random moments of a 300-file rename."""
    home = tmp_path / "home"
    hungry_history(home, 300)
    before = contents(home)
    renamed = 0
    for attempt in range(12):
        child = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "--home", str(home), "players", "rename",
             "Ana", "Anna"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        time.sleep(random.Random(attempt).uniform(0.2, 1.5))
        child.send_signal(signal.SIGKILL)
        child.wait()
        settle = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--home", str(home), "history", "list"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert settle.returncode == 0, settle.stderr
        assert "Traceback" not in settle.stderr
        assert leftovers(home) == [] and not journal_path(home).exists()
        after = contents(home)
        if after != before:
            assert all(b"Anna" in text and b'"Ana"' not in text for text in after.values())
            renamed += 1
            rename_player(home, "Anna", "Ana")
            assert contents(home) == before


def test_a_failure_part_way_rolls_back_by_replace_and_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    paths = hungry_history(home, 4)
    before = contents(home)
    real = os.replace
    failures = {"left": 1}

    def failing(source: Any, target: Any) -> None:
        if str(target) == str(paths[2]) and failures["left"]:
            failures["left"] -= 1
            raise OSError(5, "Input/output error")
        real(source, target)

    monkeypatch.setattr(os, "replace", failing)
    with pytest.raises(StorageError) as caught:
        rename_player(home, "Ana", "Anna")
    assert str(caught.value) == (
        f"{paths[2]}: cannot replace (Input/output error); no file was changed"
    )
    assert contents(home) == before
    assert leftovers(home) == [] and not journal_path(home).exists()

    failures["left"] = 2  # the rollback fails too: the journal stays for the next command
    with pytest.raises(StorageError) as caught:
        rename_player(home, "Ana", "Anna")
    assert str(caught.value) == (
        f"{journal_path(home)}: rename 'Ana' to 'Anna': failed part way and could not be "
        "rolled back (Input/output error); the next scorekeeper command will finish or roll it back"
    )
    assert journal_path(home).exists()
    capsys.readouterr()
    next_command(home)
    assert contents(home) == before and leftovers(home) == []
    assert capsys.readouterr().err == (
        "note: rolled back an interrupted change (rename 'Ana' to 'Anna'); no file was changed\n"
    )


def test_a_journal_of_new_and_removed_files_completes_or_rolls_back(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (old,) = hungry_history(home, 1)
    new = home / "sessions" / "new.toml"
    with transaction(home, "swap") as change:
        change.create(new, "# new\n")
        change.remove(old)
    assert [p.name for p in (home / "sessions").iterdir()] == ["new.toml"]
    with pytest.raises(RuntimeError), transaction(home, "abandoned") as change:
        change.remove(new)
        raise RuntimeError("the caller changed its mind")
    assert new.read_text() == "# new\n" and leftovers(home) == []


def test_a_journal_that_points_outside_the_data_directory_is_set_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    journal = {"journal": 1, "change": "evil", "steps": [{"op": "remove", "path": "../victim.txt"}]}
    journal_path(home).write_text(json.dumps(journal))
    next_command(home)
    assert victim.read_text() == "keep me\n"
    assert not journal_path(home).exists()
    told = capsys.readouterr().err
    assert told.startswith(f"note: {journal_path(home)}: an interrupted change could not be read")
    assert "moved to" in told and told.count("\n") == 1
