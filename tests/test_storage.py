"""Saving at the same moment, and data directories that cannot be written."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import storage
from scorekeeper.cli.records import known_names, load
from scorekeeper.errors import StorageError
from scorekeeper.storage import files

SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "hungry-family-night.toml"
TAKEN = "c0ffee"  # every saver's first choice of name, so they must collide


def _colliding_names() -> Iterator[str]:
    yield TAKEN
    while True:
        yield os.urandom(3).hex()


def _save_in_process(
    directory: str, text: str, barrier: multiprocessing.synchronize.Barrier
) -> None:
    names = _colliding_names()
    files._suffix = lambda: next(names)  # type: ignore[assignment]
    barrier.wait()
    storage.write_new(Path(directory), "2026-11-29-hungry", text)


def test_two_processes_saving_at_once_both_succeed(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    texts = ["# first saver\n", "# second saver\n"]
    processes = [
        context.Process(target=_save_in_process, args=(str(tmp_path), text, barrier))
        for text in texts
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=30)
    assert [process.exitcode for process in processes] == [0, 0]
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    assert f"2026-11-29-hungry-{TAKEN}.toml" in {path.name for path in files}
    assert sorted(path.read_text(encoding="utf-8") for path in files) == sorted(texts)


def test_many_threads_saving_at_once_each_get_their_own_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    local = threading.local()

    def suffix() -> str:
        if not hasattr(local, "names"):
            local.names = _colliding_names()
        return str(next(local.names))

    monkeypatch.setattr(files, "_suffix", suffix)
    savers = 8
    barrier = threading.Barrier(savers)
    saved: list[Path] = []
    errors: list[BaseException] = []

    def save(number: int) -> None:
        barrier.wait()
        try:
            saved.append(storage.write_new(tmp_path, "2026-11-29-hungry", f"# saver {number}\n"))
        except BaseException as error:  # reported below, not lost in the thread
            errors.append(error)

    threads = [threading.Thread(target=save, args=(n,)) for n in range(savers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert len(set(saved)) == savers
    assert sorted(p.read_text(encoding="utf-8") for p in saved) == sorted(
        f"# saver {n}\n" for n in range(savers)
    )
    assert sorted(tmp_path.iterdir()) == sorted(saved)  # no temporary file left behind


def test_a_name_taken_every_time_is_a_clean_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / f"s-{TAKEN}.toml").write_text("# already here\n", encoding="utf-8")
    monkeypatch.setattr(files, "_suffix", lambda: TAKEN)
    with pytest.raises(StorageError, match="could not find a free file name"):
        storage.write_new(tmp_path, "s", "# new\n")
    assert [p.name for p in tmp_path.iterdir()] == [f"s-{TAKEN}.toml"]
    assert (tmp_path / f"s-{TAKEN}.toml").read_text(encoding="utf-8") == "# already here\n"


# -- directories that cannot be written -------------------------------------------------


@pytest.fixture
def blocked(tmp_path: Path) -> Path:
    """A data directory that can never exist: its parent is a regular file (even for root)."""
    parent = tmp_path / "file.txt"
    parent.write_text("not a directory\n", encoding="utf-8")
    return parent / "home"


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--home", str(home), *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=30,
    )


def test_saving_into_a_blocked_directory_is_one_clean_line(blocked: Path) -> None:
    result = run("score", "--from", str(SAMPLE), "--save", home=blocked)
    assert result.returncode == 2
    assert result.stderr == f"error: {blocked}: cannot write here: Not a directory\n"


def test_walk_through_into_a_blocked_directory_stops_before_asking(blocked: Path) -> None:
    result = run("score", "hungry", home=blocked)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {blocked}: cannot write here: Not a directory\n"


def test_drafts_into_a_blocked_directory_raise_storage_error(blocked: Path) -> None:
    with pytest.raises(StorageError, match="cannot write a draft: Not a directory"):
        storage.save_draft(blocked, "score", {"draft": 1})
    assert storage.load_draft(blocked, "score") is None


def test_a_blocked_history_is_simply_empty(blocked: Path) -> None:
    assert list(storage.iter_sessions(blocked)) == []
    assert known_names(load(blocked).plays) == []


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0,
    reason="root writes into read-only directories; the blocked-path tests cover this case",
)
def test_a_read_only_directory_is_one_clean_line(tmp_path: Path) -> None:
    sessions = storage.sessions_dir(tmp_path)
    sessions.mkdir()
    sessions.chmod(0o500)
    try:
        result = run("score", "--from", str(SAMPLE), "--save", home=tmp_path)
    finally:
        sessions.chmod(0o700)
    assert result.returncode == 2
    assert result.stderr == f"error: {sessions}: cannot write here: Permission denied\n"


def test_permission_denied_is_one_clean_line_even_as_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a read-only directory does for other users, simulated where root could write."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(StorageError) as caught:
        storage.write_new(tmp_path, "s", "# new\n")
    assert str(caught.value) == f"{tmp_path}: cannot write here: Permission denied"
    with pytest.raises(StorageError) as caught:
        storage.check_writable(tmp_path)
    assert str(caught.value) == f"{tmp_path}: cannot write here: Permission denied"
    with pytest.raises(StorageError, match="cannot write a draft: Permission denied"):
        storage.save_draft(tmp_path, "score", {"draft": 1})


def test_a_broken_card_catalogue_makes_only_its_sessions_unreadable(tmp_path: Path) -> None:
    import shutil

    from scorekeeper.storage import Unreadable, iter_sessions
    from tests.conftest import SAMPLES

    home = tmp_path / "home"
    (home / "sessions").mkdir(parents=True)
    for name in ("hungry-family-night.toml", "creature-comforts-solo.toml"):
        shutil.copy(SAMPLES / name, home / "sessions" / name)
    (home / "catalogue.toml").write_text("garbage = [\n", encoding="utf-8")
    entries = list(iter_sessions(home))
    broken = [e for e in entries if isinstance(e, Unreadable)]
    assert [e.path.name for e in broken] == ["creature-comforts-solo.toml"]
    assert "catalogue.toml: not valid TOML" in broken[0].reason
    assert [e[1].game.id for e in entries if not isinstance(e, Unreadable)] == ["hungry"]
