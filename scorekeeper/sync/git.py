"""The system git, run for sync with every setting that could run a command switched off.

Whoever can push to the group's remote chooses what arrives; nothing that arrives may make
git run a program. So every invocation names the data directory's own repository
explicitly (git never wanders up into a parent repository), reads no system configuration,
runs no hooks, no file-system monitor, no pager and no editor, refuses the `ext::`
transport and submodules, and is killed after `TIMEOUT` seconds: a git that hangs costs
one error line, not a hung terminal.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from scorekeeper.errors import ExitStatus, ScorekeeperError

TIMEOUT = 120.0  # seconds for any one git process, a fetch over a slow line included
SAFE_CONFIG = (
    "core.hooksPath=/dev/null",  # no hook of any kind
    "core.fsmonitor=false",  # a path here would be run on every status
    "core.untrackedCache=false",
    "core.pager=cat",
    "core.editor=true",
    "sequence.editor=true",
    "protocol.ext.allow=never",  # `ext::` runs whatever command the URL names
    "submodule.recurse=false",
    "fetch.recurseSubmodules=false",
    "rebase.autoStash=false",
    "rebase.updateRefs=false",
    "commit.gpgSign=false",  # gpg.program would run; the group never asked for signatures
    "core.quotePath=false",
)
# Variables that would point git at another repository, index or configuration.
_DROPPED = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_CONFIG",
    "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
    "GIT_EXTERNAL_DIFF",
    "GIT_EXEC_PATH",
    "GIT_NAMESPACE",
    "GIT_CEILING_DIRECTORIES",
)


class SyncError(ScorekeeperError):
    """git is missing, the remote cannot be reached or sent something refused, or the
    repository is in a state we must not touch."""

    status = ExitStatus.FAILURE


class NotSharedError(SyncError):
    """`sync` was run without `--remote` where no remote was ever given: bad input."""

    status = ExitStatus.USAGE


class Git:
    """The system git, run in one data directory's own repository, with an identity even
    where none is set."""

    def __init__(self, home: Path, executable: str) -> None:
        self.home = home.absolute()  # git runs in it: a relative one would name a/a
        self._executable = executable
        self._identity: tuple[str, ...] | None = None
        env = {k: v for k, v in os.environ.items() if k not in _DROPPED}
        env.update(
            GIT_CONFIG_NOSYSTEM="1",
            GIT_PAGER="cat",
            GIT_EDITOR="true",
            GIT_SEQUENCE_EDITOR="true",
            GIT_LITERAL_PATHSPECS="1",  # a file named `*.toml` or `:(top)` is just a name
        )
        self._interactive = sys.stdin.isatty()
        if not self._interactive:  # nobody could answer a password prompt
            env["GIT_TERMINAL_PROMPT"] = "0"
        self._env = env

    @classmethod
    def find(cls, home: Path) -> Git:
        executable = shutil.which("git")
        if executable is None:
            raise SyncError(
                "git is not installed (or not on PATH): `scorekeeper sync` shares the history "
                "with it; install git and run it again"
            )
        return cls(home, executable)

    @property
    def git_dir(self) -> Path:
        return self.home / ".git"

    def run(
        self, *args: str, check: bool = True, input: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        """git ARGS in the data directory; with `check`, a failure is a one-line SyncError."""
        where = ("--git-dir", str(self.git_dir), "--work-tree", str(self.home))
        settings = tuple(a for pair in SAFE_CONFIG for a in ("-c", pair))
        command = [self._executable, "--no-pager", *where, *settings, *self.identity(args), *args]
        try:
            result = subprocess.run(
                command,
                cwd=self.home,
                capture_output=True,
                text=True,
                encoding="utf-8",
                errors="surrogateescape",
                env=self._env,
                input=input,
                stdin=None if input is not None or self._interactive else subprocess.DEVNULL,
                timeout=TIMEOUT,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise SyncError(
                f"git {args[0]} did not finish within {TIMEOUT:g} seconds and was stopped; "
                "run `scorekeeper sync` again"
            ) from None
        except OSError as error:
            raise SyncError(f"cannot run git: {error.strerror or error}") from None
        if check and result.returncode != 0:
            raise SyncError(f"git {args[0]} failed in {self.home}: {last_line(result)}")
        return result

    def identity(self, args: Sequence[str]) -> tuple[str, ...]:
        """A committer for machines where git has none configured (only where one is needed)."""
        if args[0] not in ("commit", "rebase", "merge"):
            return ()
        if self._identity is None:
            missing = [
                key
                for key in ("user.name", "user.email")
                if not self.output("config", "--get", key, check=False)
            ]
            host = socket.gethostname() or "localhost"
            fallback = {"user.name": f"scorekeeper on {host}", "user.email": f"scorekeeper@{host}"}
            self._identity = tuple(a for key in missing for a in ("-c", f"{key}={fallback[key]}"))
        return self._identity

    def output(self, *args: str, check: bool = True) -> str:
        return self.run(*args, check=check).stdout.strip()

    def lines(self, *args: str) -> list[str]:
        return [line for line in self.run(*args).stdout.splitlines() if line]

    def entries(self, *args: str) -> list[str]:
        """The NUL-separated records of a `-z` command (names may hold any character)."""
        return [entry for entry in self.run(*args).stdout.split("\0") if entry]

    def commit_of(self, ref: str | None) -> str | None:
        """The commit a ref names, or None when it names none (an unborn branch)."""
        if ref is None:
            return None
        found = self.run("rev-parse", "-q", "--verify", f"{ref}^{{commit}}", check=False)
        return found.stdout.strip() or None

    def stage(self, paths: Iterable[str]) -> None:
        """Put each path's file into the index, or drop it there when the file is gone.

        Plumbing on purpose: `update-index` reads no `.gitignore` and takes names on stdin,
        so neither an ignore file nor a name of any shape decides what is committed."""
        listed = "".join(f"{path}\0" for path in paths)
        if listed:
            self.run("update-index", "--add", "--remove", "-z", "--stdin", input=listed)

    def commit(self, message: str, paths: Sequence[str]) -> None:
        """Commit exactly `paths` as they are in the index."""
        listed = "".join(f"{path}\0" for path in paths)
        self.run(
            "commit", "-q", "--no-verify", "--allow-empty-message", "-m", message,
            "--pathspec-from-file=-", "--pathspec-file-nul", input=listed,
        )  # fmt: skip


def last_line(result: subprocess.CompletedProcess[str]) -> str:
    """git's most telling line: its first `fatal:`/`error:` line, else its last line."""
    lines = [line.strip() for line in (result.stderr or result.stdout).splitlines() if line.strip()]
    for line in lines:
        for prefix in ("fatal: ", "error: "):
            if line.startswith(prefix):
                return line.removeprefix(prefix)
    return lines[-1] if lines else f"git exited with {result.returncode}"
