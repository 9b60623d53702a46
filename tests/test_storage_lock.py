"""The data directory's lock: changes at the same moment are all kept, none lost."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from scorekeeper.errors import StorageError
from scorekeeper.storage.lock import BusyError, locked
from scorekeeper.storage.saving import save_session
from scorekeeper.storage.sessions import check_writable

REPO = Path(__file__).resolve().parent.parent
HUNGRY = REPO / "sample_sessions" / "hungry-family-night.toml"
TRIO = REPO / "sample_sessions" / "before-the-guests-arrive-sunday.toml"


def hungry_history(home: Path, count: int) -> list[Path]:
    """`count` saved-looking Hungry sessions with Ana, Ben and Cy."""
    sessions = home / "sessions"
    sessions.mkdir(parents=True)
    text = HUNGRY.read_text(encoding="utf-8")
    paths = []
    for number in range(count):
        path = sessions / f"2026-10-{1 + number % 28:02d}-hungry-{number:06x}.toml"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def start(home: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--home", str(home), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )


@contextmanager
def holding_lock(home: Path) -> Iterator[None]:
    """Another process holds the data directory's lock for the block."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path\n"
            "from scorekeeper.storage.lock import locked\n"
            "with locked(Path(sys.argv[1])):\n    print('held', flush=True); time.sleep(30)",
            str(home),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        yield
    finally:
        holder.kill()
        holder.communicate()


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


def names_in(path: Path) -> list[str]:
    import tomllib

    return [p["name"] for p in tomllib.loads(path.read_text(encoding="utf-8"))["players"]]


def test_three_renames_and_a_save_at_once_are_all_kept(tmp_path: Path) -> None:
    home = tmp_path / "home"
    originals = hungry_history(home, 40)
    renames = [("Ana", "Anna"), ("Ben", "Bob"), ("Cy", "Cyd")]
    running = [start(home, "players", "rename", old, new) for old, new in renames]
    running.append(start(home, "score", "--from", str(HUNGRY), "--save", "--allow-duplicate"))
    results = [finish(p) for p in running]
    assert [code for code, _, _ in results] == [0, 0, 0, 0], results
    for path in originals:
        assert names_in(path) == ["Anna", "Bob", "Cyd"]
    saved = sorted(set((home / "sessions").glob("*.toml")) - set(originals))
    assert len(saved) == 1
    # Each rename either came before the save (the new file keeps the old name and that
    # rename counted 40 files) or after it (the new file renamed too, 41 files): never a mix.
    for (old, new), (_, out, _) in zip(renames, results, strict=False):
        counted = 41 if new in names_in(saved[0]) else 40
        assert f"Renamed {old} to {new} in {counted} session files." in out
        assert {old, new} & set(names_in(saved[0]))
    assert not list(home.rglob("*.tmp"))


def test_ten_saves_at_once_into_a_three_game_series_leave_exactly_three(tmp_path: Path) -> None:
    home = tmp_path / "home"
    made = finish(start(home, "series", "new", "trio", "--game", "btga", "--games", "3"))
    assert made[0] == 0, made
    saving = ("score", "--from", str(TRIO), "--save", "--series", "trio", "--allow-duplicate")
    running = [start(home, *saving) for _ in range(10)]
    results = [finish(p) for p in running]
    assert sorted(code for code, _, _ in results) == [0, 0, 0] + [2] * 7, results
    for code, _, err in results:
        if code == 2:
            assert err.count("\n") == 1 and err.startswith("error: "), err
    joined = [p for p in (home / "sessions").glob("*.toml") if 'series = "trio"' in p.read_text()]
    assert len(joined) == 3
    assert "3 of 3 games played, complete." in finish(start(home, "series", "show", "trio"))[1]


def test_a_busy_data_directory_waits_a_bounded_time_then_says_so(tmp_path: Path) -> None:
    with holding_lock(tmp_path):
        began = time.monotonic()
        with (
            pytest.raises(BusyError, match="another scorekeeper is changing the history"),
            locked(tmp_path, wait=0.3),
        ):
            pass
        assert 0.3 <= time.monotonic() - began < 5
    with locked(tmp_path, wait=0):  # the kernel let go of a killed holder's lock
        pass


@pytest.mark.slow  # the command waits its full five seconds
def test_a_command_on_a_busy_data_directory_says_so_after_its_wait(tmp_path: Path) -> None:
    with holding_lock(tmp_path):
        saver = start(tmp_path, "series", "new", "late")
        _, err = saver.communicate(timeout=60)
        assert saver.returncode == 2
        assert err == (
            f"error: another scorekeeper is changing the history in {tmp_path}; "
            "try again when it has finished\n"
        )
    with locked(tmp_path, wait=0):  # the kernel let go of a killed holder's lock
        pass


def test_the_lock_is_reentrant_and_threads_take_turns(tmp_path: Path) -> None:
    with locked(tmp_path), locked(tmp_path):  # nested use in one thread is safe
        other: list[str] = []

        def try_it() -> None:
            try:
                with locked(tmp_path, wait=0.2):
                    other.append("got it")
            except BusyError:
                other.append("busy")

        thread = threading.Thread(target=try_it)
        thread.start()
        thread.join()
        assert other == ["busy"]
    with locked(tmp_path, wait=0):
        pass


def test_readers_never_take_the_lock(tmp_path: Path) -> None:
    hungry_history(tmp_path, 2)
    with holding_lock(tmp_path):
        reader = start(tmp_path, "history", "list")
        out, err = reader.communicate(timeout=60)
        assert (reader.returncode, err) == (0, "")
        assert out.count("Hungry") == 2


def test_a_save_is_told_its_name_before_the_file_appears(tmp_path: Path) -> None:
    from scorekeeper.storage.session_files import read_session

    session = read_session(HUNGRY)
    seen: list[tuple[Path, bool]] = []
    saved = save_session(
        session, session.score(), tmp_path, before=lambda path: seen.append((path, path.exists()))
    )
    assert seen == [(saved, False)]
    assert saved.exists()


def test_the_writability_check_writes_real_blocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written: list[int] = []
    real_fsync = os.fsync

    def full(handle: int) -> None:
        written.append(os.fstat(handle).st_size)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(StorageError) as caught:
        check_writable(tmp_path)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert str(caught.value) == f"{tmp_path}: cannot write here: No space left on device"
    assert written and written[0] >= 4096
    assert [p.name for p in (tmp_path / "sessions").iterdir()] == []  # the probe is gone
