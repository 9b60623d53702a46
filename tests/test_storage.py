"""Saving at the same moment, and data directories that cannot be written."""

from __future__ import annotations

import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.errors import StorageError
from scorekeeper.history.archive import load
from scorekeeper.history.players import known_names
from scorekeeper.storage import sessions
from scorekeeper.storage.changes import read_log
from scorekeeper.storage.documents import load_draft, save_draft
from scorekeeper.storage.lock import locked
from scorekeeper.storage.saving import save_session
from scorekeeper.storage.session_files import iter_sessions, read_session
from scorekeeper.storage.sessions import check_writable, sessions_dir

SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "hungry-family-night.toml"
TAKEN = "c0ffee"  # every saver's first choice of name, so they must collide


def _colliding_names() -> Iterator[str]:
    yield TAKEN
    while True:
        yield os.urandom(3).hex()


def _saved_texts(home: Path) -> list[str]:
    return sorted(p.read_text(encoding="utf-8") for p in sessions_dir(home).iterdir())


def _session(notes: str) -> tuple[object, object]:
    from dataclasses import replace

    session = replace(read_session(SAMPLE), notes=notes)
    return session, session.score()


def _save_in_process(home: str, notes: str, barrier: multiprocessing.synchronize.Barrier) -> None:
    names = _colliding_names()
    sessions._suffix = lambda: next(names)  # type: ignore[attr-defined]
    session, outcome = _session(notes)
    barrier.wait()
    save_session(session, outcome, Path(home))  # type: ignore[arg-type]


def test_two_processes_saving_at_once_both_succeed(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    processes = [
        context.Process(target=_save_in_process, args=(str(tmp_path), notes, barrier))
        for notes in ("first saver", "second saver")
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=30)
    assert [process.exitcode for process in processes] == [0, 0]
    saved = sorted(sessions_dir(tmp_path).iterdir())
    assert len(saved) == 2
    assert any(path.name.endswith(f"-{TAKEN}.toml") for path in saved)
    texts = _saved_texts(tmp_path)
    assert "first saver" in texts[0] + texts[1] and "second saver" in texts[0] + texts[1]
    log = [change.description for change in read_log(tmp_path)]
    assert sorted(log) == sorted(f"save {path.stem}" for path in saved)  # undo knows both


def test_many_threads_saving_at_once_each_get_their_own_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    local = threading.local()

    def suffix() -> str:
        if not hasattr(local, "names"):
            local.names = _colliding_names()
        return str(next(local.names))

    monkeypatch.setattr(sessions, "_suffix", suffix)
    savers = 8
    barrier = threading.Barrier(savers)
    saved: list[Path] = []
    errors: list[BaseException] = []

    def save(number: int) -> None:
        session, outcome = _session(f"saver {number}")
        barrier.wait()
        try:
            saved.append(save_session(session, outcome, tmp_path))  # type: ignore[arg-type]
        except BaseException as error:  # reported below, not lost in the thread
            errors.append(error)

    threads = [threading.Thread(target=save, args=(n,)) for n in range(savers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert len(set(saved)) == savers
    assert sorted(sessions_dir(tmp_path).iterdir()) == sorted(saved)  # no temporaries
    for number in range(savers):
        assert sum(f'notes = "saver {number}"' in text for text in _saved_texts(tmp_path)) == 1
    assert len(read_log(tmp_path)) == savers


def test_a_name_taken_every_time_is_a_clean_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = sessions_dir(tmp_path)
    folder.mkdir(parents=True)
    taken = folder / f"2026-11-27-hungry-{TAKEN}.toml"
    taken.write_text("# already here\n", encoding="utf-8")
    monkeypatch.setattr(sessions, "_suffix", lambda: TAKEN)
    session, outcome = _session("")
    with pytest.raises(StorageError, match="could not find a free file name"):
        save_session(session, outcome, tmp_path)  # type: ignore[arg-type]
    assert [p.name for p in folder.iterdir()] == [taken.name]
    assert taken.read_text(encoding="utf-8") == "# already here\n"


def test_a_kill_during_a_save_leaves_the_file_and_its_log_entry_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed once the journal is written: the next command completes the save, logged."""
    from scorekeeper.storage import journal

    def killed(home: Path, step: object) -> None:
        raise SystemExit("killed")

    session, outcome = _session("")
    monkeypatch.setattr(journal, "_apply", killed)
    with pytest.raises(SystemExit):
        save_session(session, outcome, tmp_path)  # type: ignore[arg-type]
    monkeypatch.undo()
    assert list(sessions_dir(tmp_path).glob("*.toml")) == []  # not yet
    with locked(tmp_path):  # the next command to take the lock replays the journal
        pass
    [saved] = sessions_dir(tmp_path).glob("*.toml")
    assert [change.description for change in read_log(tmp_path)] == [f"save {saved.stem}"]


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
        save_draft(blocked, "score", {"draft": 1})
    assert load_draft(blocked, "score") is None


def test_a_blocked_history_is_simply_empty(blocked: Path) -> None:
    assert list(iter_sessions(blocked)) == []
    assert known_names(load(blocked).plays) == []


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0,
    reason="root writes into read-only directories; the blocked-path tests cover this case",
)
def test_a_read_only_directory_is_one_clean_line(tmp_path: Path) -> None:
    sessions = sessions_dir(tmp_path)
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
    session, outcome = _session("")
    with pytest.raises(StorageError) as caught:
        save_session(session, outcome, tmp_path)  # type: ignore[arg-type]
    folder = sessions_dir(tmp_path)
    assert re.fullmatch(
        re.escape(f"{folder}/2026-11-27-hungry-") + r"[0-9a-f]{6}\.toml: cannot write "
        r"\(Permission denied\); no file was changed",
        str(caught.value),
    )
    assert list(folder.iterdir()) == []
    with pytest.raises(StorageError) as caught:
        check_writable(tmp_path)
    assert str(caught.value) == f"{tmp_path}: cannot write here: Permission denied"
    with pytest.raises(StorageError, match="cannot write a draft: Permission denied"):
        save_draft(tmp_path, "score", {"draft": 1})


def test_a_broken_card_catalogue_makes_only_its_sessions_unreadable(tmp_path: Path) -> None:
    import shutil

    from scorekeeper.storage.session_files import iter_sessions
    from scorekeeper.storage.sessions import Unreadable
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
