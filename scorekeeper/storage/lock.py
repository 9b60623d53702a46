"""One exclusive lock for the data directory, held by every change to it; readers never wait.

`fcntl.flock` (POSIX) or `msvcrt.locking` (Windows) on `<home>/.lock`, polled until a bounded
wait runs out. The kernel releases the lock when its process ends, however it ends, so a
killed scorekeeper never leaves a stale lock behind. Re-entrant within a process, so library
calls that change files can nest (a save inside a larger change).
"""

from __future__ import annotations

import errno
import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path

from scorekeeper.errors import StorageError
from scorekeeper.storage.files import _suffix, reason
from scorekeeper.storage.notice import tell

LOCK_FILE = ".lock"
# The data directory's own folders: a change never goes through a link in their place (a
# folder linked elsewhere, by hand or by an old sync, would put saves outside the directory).
FOLDERS = ("sessions", "series", "trash", "kept", "cache", "drafts", "remembered")
WAIT_SECONDS = 5.0
POLL_SECONDS = 0.05


class BusyError(StorageError):
    """Another scorekeeper holds the data directory's lock longer than we wait."""


class _Held:
    """The lock of one data directory in this process: the open file, and how deep."""

    def __init__(self) -> None:
        self.guard = threading.RLock()  # threads of one process take turns, as processes do
        self.handle: int | None = None
        self.depth = 0
        self.swept = False  # temporary files left by killed writers removed in this process


_held: dict[str, _Held] = {}
_registry = threading.Lock()


def _entry(home: Path) -> _Held:
    key = str(home.absolute())
    with _registry:
        return _held.setdefault(key, _Held())


def _try_lock(handle: int) -> bool:
    """Take the lock now if it is free."""
    if sys.platform == "win32":
        import msvcrt  # noqa: PLC0415 (Windows only)

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl  # noqa: PLC0415 (POSIX only)

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _open(home: Path) -> int:
    """The lock file, opened never through a link: a `.lock` that is one is set aside."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    path = home / LOCK_FILE
    try:
        home.mkdir(parents=True, exist_ok=True)
        try:
            return os.open(path, flags)
        except OSError as error:
            if error.errno != errno.ELOOP:
                raise
        aside = path.with_name(f"{LOCK_FILE}.link-{_suffix()}")
        path.replace(aside)
        tell(f"{path}: was a link, not scorekeeper's lock file; it was moved to {aside}")
        return os.open(path, flags)
    except OSError as error:
        raise StorageError(f"{home}: cannot write here: {reason(error)}") from None


def check_folders(home: Path) -> None:
    """Refuse to change anything while one of the data directory's folders is a link."""
    for name in FOLDERS:
        path = home / name
        if path.is_symlink():
            raise StorageError(
                f"{path}: a link to {str(path.readlink())!r}, not a folder; scorekeeper changes "
                "nothing through a link: put the folder itself in the data directory"
            )


def _busy(home: Path) -> BusyError:
    return BusyError(
        f"another scorekeeper is changing the history in {home}; try again when it has finished"
    )


@contextmanager
def locked(home: Path, *, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the data directory's lock for a change: wait at most `wait` seconds for another
    scorekeeper to finish (then BusyError), after refusing data folders that are links.
    Taking it also finishes or rolls back a change a
    killed scorekeeper left, and (once a process) removes its temporary files."""
    entry = _entry(home)
    check_folders(home)
    if not entry.guard.acquire(timeout=max(wait, 0)):
        raise _busy(home)
    try:
        if entry.depth == 0:
            handle = _open(home)
            deadline = time.monotonic() + wait
            while not _try_lock(handle):
                if time.monotonic() >= deadline:
                    os.close(handle)
                    raise _busy(home)
                time.sleep(POLL_SECONDS)
            entry.handle = handle
        entry.depth += 1
        try:
            if entry.depth == 1:
                # the journal takes this lock for its changes: it is imported once the lock
                # is held, to tidy what a killed change left
                from scorekeeper.storage.journal import tidy  # noqa: PLC0415

                tidy(home, sweep=not entry.swept)
                entry.swept = True
            yield
        finally:
            entry.depth -= 1
            if entry.depth == 0 and entry.handle is not None:
                os.close(entry.handle)  # closing the file releases the lock
                entry.handle = None
    finally:
        entry.guard.release()


@contextmanager
def locked_if_free(home: Path) -> Iterator[bool]:
    """The lock if nobody holds it now (True), else carry on without it (False): for writes
    that may simply be skipped, like the play cache."""
    held = ExitStack()
    try:
        held.enter_context(locked(home, wait=0))
    except StorageError:
        yield False
        return
    with held:
        yield True


@contextmanager
def held_while_open(path: Path) -> Iterator[bool]:
    """An exclusive lock on `path` for as long as something stays open (a walk-through and
    its draft): True when it is ours, False when another process holds it. The kernel
    releases it when the process ends, however it ends.

    The holder removes the file before letting go, so none is left behind. That is safe
    because a lock only counts when, once taken, `path` still names the file locked: a
    process that opened the file just before it was removed, and locks it after, finds the
    name gone (or a new file under it) and tries again on the name as it is now.
    """
    for _ in range(100):
        handle = _open_lock_file(path)
        try:
            mine = _try_lock(handle)
            if mine and not _still_named(handle, path):
                continue  # the previous holder removed it meanwhile
            try:
                yield mine
            finally:
                if mine:
                    with suppress(OSError):  # Windows removes no open file: it stays, harmless
                        path.unlink()
            return
        finally:
            os.close(handle)
    raise StorageError(f"{path}: the lock file keeps changing; try again")


def _open_lock_file(path: Path) -> int:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise StorageError(f"{path}: cannot write here: {reason(error)}") from None


def _still_named(handle: int, path: Path) -> bool:
    """Whether `path` is still the file open as `handle`."""
    try:
        named = path.stat()
    except OSError:
        return False
    held = os.fstat(handle)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)
