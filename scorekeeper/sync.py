"""A group's shared history: the data directory as a git repository, exchanged with a remote.

Session files were made for this: one small text file per game, unique names, never
overwritten. So new games never conflict, and the system `git` does the exchanging: each
change becomes one commit, the group's commits are fetched, the local ones are replayed on
top of them (a rebase) and pushed. When a file was changed on both sides, the group's
version stays in place and the local one is kept as a commit on a branch of its own, so
nothing is lost and the history stays usable; the caller is told how to settle it.

Only what a group shares is committed: sessions, series and the card catalogue. Caches,
drafts, remembered answers, a trash, locks and temporary files stay out through the
`.gitignore` written here, which lists what is shared rather than what is not, so a kind of
file added later is private until it is named there.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.errors import ScorekeeperError

REMOTE = "origin"
DEFAULT_BRANCH = "main"
PUSH_ATTEMPTS = 3  # someone else pushed between our fetch and our push: replay and try again
CONFLICT = "conflict"  # local branches keeping the commits a sync could not replay
IGNORE_MARK = "# Written by `scorekeeper sync`"
GITIGNORE = f"""{IGNORE_MARK}: only the shared history is committed.
# Everything else in the data directory (cache/, drafts/, remembered/, any trash, locks and
# temporary files) stays on this machine.
/*
!/.gitignore
!/catalogue.toml
!/sessions/
/sessions/*
!/sessions/*.toml
!/series/
/series/*
!/series/*.toml
"""
SHARED = ("sessions", "series", "catalogue.toml")
_CLEAN_ENV = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY")


class SyncError(ScorekeeperError):
    """git is missing, the remote cannot be reached, or the repository is in a state we
    must not touch."""


@dataclass(frozen=True)
class Conflict:
    """A local change to files the group changed too: kept as `commit` on `branch`."""

    files: tuple[str, ...]
    commit: str
    branch: str


@dataclass(frozen=True)
class Exchange:
    """What one sync did: games sent and received, other changes, the history's size."""

    remote: str
    sent: int
    received: int
    sent_other: int  # edits, removals, series and catalogue changes
    received_other: int
    games: int
    conflicts: tuple[Conflict, ...] = ()
    unsettled: tuple[str, ...] = ()  # conflict branches of earlier syncs, not deleted yet


def share(home: Path, remote: str | None = None) -> Exchange:
    """Commit local changes, take the group's, send ours; set up the repository the first
    time (`remote` given: an existing history is kept, an empty directory receives the group's).
    """
    git, url = _open(home, remote)
    branch = git.output("symbolic-ref", "--short", "HEAD", check=False)
    if not branch:
        raise SyncError(
            f"{home}: no branch is checked out; `git -C {_quoted(home)} switch {DEFAULT_BRANCH}`"
        )
    _fetch(git, url)
    branch = _track(git, branch)
    upstream = f"refs/remotes/{REMOTE}/{branch}"
    conflicts: list[Conflict] = []
    first: Replayed | None = None
    for _ in range(PUSH_ATTEMPTS):
        # The only step that changes files in the data directory: under the lock, so no
        # save, rename or edit lands half-way through it (fetch and push wait outside it).
        from scorekeeper.storage import locked

        with locked(home):
            replayed = record_and_replay(git, home, upstream)
        first = first or replayed
        conflicts += replayed.conflicts
        if git.commit_of("HEAD") is None:  # nothing to share on either side yet
            return Exchange(url, 0, 0, 0, 0, 0)
        theirs = git.commit_of(upstream)
        sent_commits = git.count(f"{theirs}..HEAD" if theirs else "HEAD")
        sent = len(git.sessions_at("HEAD") - git.sessions_at(theirs))
        pushed = git.run("push", "-q", REMOTE, f"HEAD:refs/heads/{branch}", check=False)
        if pushed.returncode == 0:
            git.run("update-ref", upstream, "HEAD")
            break
        _fetch(git, url, pushed.stderr)
        if git.commit_of(upstream) == theirs:  # refused for another reason than a race
            raise SyncError(
                f"{url} refused the changes: {_remote_said(pushed)}; they are kept here, and the "
                "next `scorekeeper sync` sends them"
            )
    else:
        raise SyncError(
            f"{url}: the group kept changing it while we sent ours; run `scorekeeper sync` again"
        )
    now = git.sessions_at("HEAD")
    received = len(now - git.sessions_at(first.head))
    received_commits = 0
    if theirs is not None:
        received_commits = git.count(f"{first.head}..{theirs}" if first.head else theirs)
    return Exchange(
        remote=url,
        sent=sent,
        received=received,
        sent_other=max(0, sent_commits - sent),
        received_other=max(0, received_commits - received),
        games=len(now),
        conflicts=tuple(conflicts),
        unsettled=tuple(
            b for b in _conflict_branches(git) if b not in {c.branch for c in conflicts}
        ),
    )


def _conflict_branches(git: Git) -> list[str]:
    """The branches earlier conflicts were kept on, until the user deletes them."""
    return git.lines("for-each-ref", "--format=%(refname:short)", f"refs/heads/{CONFLICT}/")


def _open(home: Path, remote: str | None) -> tuple[Git, str]:
    """The data directory's repository (made the first time) and its remote's URL."""
    git = Git.find(home)
    if not (home / ".git").exists():
        if remote is None:
            raise SyncError(
                f"{home} is not shared yet: run `scorekeeper sync --remote URL` once "
                "(URL: a git remote, or the path of a bare repository)"
            )
        home.mkdir(parents=True, exist_ok=True)
        git.run("-c", f"init.defaultBranch={DEFAULT_BRANCH}", "init", "-q")
    _check_state(git)
    if remote is not None:
        verb = "set-url" if REMOTE in git.lines("remote") else "add"
        git.run("remote", verb, REMOTE, remote)
    url = git.output("config", "--get", f"remote.{REMOTE}.url", check=False)
    if not url:
        raise SyncError(f"{home} has no remote: run `scorekeeper sync --remote URL` once")
    return git, url


@dataclass(frozen=True)
class Replayed:
    """The local head once every change was committed, and the commits that conflicted."""

    head: str | None
    conflicts: tuple[Conflict, ...]


def record_and_replay(git: Git, home: Path, upstream: str) -> Replayed:
    """Commit each local change, then replay the local commits onto the group's."""
    write_gitignore(home)
    changes = git.changes()
    if changes:
        git.run("add", "-A", "--", *(path for path, _ in changes))
    # New games cannot conflict (each has a name of its own), so several go in one commit: a
    # first sync of a long history makes one commit, not one git process per game. Edits and
    # removals keep a commit each, so that a conflict holds back only the file it is about.
    games = [path for path, change in changes if change == "A" and _is_session(path)]
    if len(games) > 1:
        lines = [commit_message(home, path, "A") for path in games]
        git.commit(f"Add {len(games)} games\n\n" + "\n".join(lines), *games)
        changes = [(path, change) for path, change in changes if path not in set(games)]
    for path, change in changes:
        git.commit(commit_message(home, path, change), path)
    head = git.commit_of("HEAD")
    if git.commit_of(upstream) is None:
        return Replayed(head, ())
    if head is None:  # nothing of our own yet: take the group's history
        git.run("merge", "-q", "--ff-only", upstream)
        return Replayed(head, ())
    return Replayed(head, _rebase(git, upstream))


def write_gitignore(home: Path) -> None:
    """Write scorekeeper's .gitignore, unless the user wrote one of their own."""
    from scorekeeper.storage import replace_file

    path = home / ".gitignore"
    try:
        current = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        current = None
    except (OSError, UnicodeDecodeError):
        return
    if current is None or (current.startswith(IGNORE_MARK) and current != GITIGNORE):
        replace_file(path, GITIGNORE, "the .gitignore")


def _is_session(path: str) -> bool:
    parts = Path(path).parts
    return len(parts) == 2 and parts[0] == "sessions"


def commit_message(home: Path, path: str, change: str) -> str:
    """`Hungry 2026-11-30: Ana 16, Ben 16, Cy 15` for a new game; a short line otherwise."""
    verb = {"A": "", "M": "Edit ", "D": "Remove "}[change]
    parts = Path(path).parts
    if change != "D" and _is_session(path):
        return verb + _game_line(home / path, home)
    if len(parts) == 2 and parts[0] == "series":
        return f"{verb or 'New '}series {Path(path).stem}"
    return f"{verb or 'Add '}{path}"


def _game_line(path: Path, home: Path) -> str:
    from scorekeeper.history.plays import from_session
    from scorekeeper.storage import read_session

    try:
        session = read_session(path, home)
        play = from_session(path, session, session.score())
    except ScorekeeperError:  # a broken file is shared as it is: others may mend it
        return f"{path.parent.name}/{path.name} (not readable as a session)"
    day = play.day.isoformat() if play.day else "undated"
    scores = ", ".join(f"{r.name} {r.total}" for r in play.results)
    return " ".join(f"{play.title} {day}: {scores}".split())  # one line, whatever the names


def _rebase(git: Git, upstream: str) -> tuple[Conflict, ...]:
    """Replay local commits onto the group's; a commit that conflicts is kept on a branch
    and skipped, so the rebase always finishes with a clean working tree."""
    conflicts = []
    result = git.run("rebase", "-q", upstream, check=False)
    while result.returncode != 0:
        files = tuple(git.lines("diff", "--name-only", "--diff-filter=U"))
        stopped = git.commit_of("REBASE_HEAD")
        if not files or stopped is None:
            git.run("rebase", "--abort", check=False)
            raise SyncError(f"{git.home}: git could not replay the local changes: {_last(result)}")
        branch = f"{CONFLICT}/{Path(files[0]).stem}-{stopped[:7]}"
        git.run("branch", "-f", branch, stopped)
        conflicts.append(Conflict(files, stopped[:7], branch))
        result = git.run("rebase", "--skip", check=False)
    return tuple(conflicts)


def _check_state(git: Git) -> None:
    git_dir = git.home / ".git"
    if (git_dir / "rebase-merge").exists() or (git_dir / "rebase-apply").exists():
        raise SyncError(
            f"{git.home}: a git rebase is in progress there; finish it or run "
            f"`git -C {_quoted(git.home)} rebase --abort`, then sync again"
        )


def _fetch(git: Git, url: str, why: str = "") -> None:
    fetched = git.run("fetch", "-q", "--prune", REMOTE, check=False)
    if fetched.returncode != 0:
        raise SyncError(
            f"cannot reach {url}: {_last(fetched) or why.strip()}; nothing changed here, "
            "and the next `scorekeeper sync` sends everything"
        )


def _track(git: Git, branch: str) -> str:
    """The branch shared with the group: the one this repository follows, else the remote's
    (the local branch is renamed to match), else the local one, published as it is."""
    merge = git.output("config", "--get", f"branch.{branch}.merge", check=False)
    if merge:
        return merge.removeprefix("refs/heads/")
    theirs = [
        ref.removeprefix(f"{REMOTE}/")
        for ref in git.lines("for-each-ref", "--format=%(refname:short)", f"refs/remotes/{REMOTE}")
        if ref != f"{REMOTE}/HEAD"
    ]
    if theirs and branch not in theirs:
        candidates = [b for b in (DEFAULT_BRANCH, "master") if b in theirs] or theirs
        if len(candidates) > 1:
            raise SyncError(
                f"the remote has several branches ({', '.join(theirs)}); choose one with "
                f"`git -C {_quoted(git.home)} switch BRANCH` and sync again"
            )
        if git.commit_of("HEAD") is None:
            git.run("symbolic-ref", "HEAD", f"refs/heads/{candidates[0]}")
        else:
            git.run("branch", "-m", candidates[0])
        branch = candidates[0]
    git.run("config", f"branch.{branch}.remote", REMOTE)
    git.run("config", f"branch.{branch}.merge", f"refs/heads/{branch}")
    return branch


def _quoted(path: Path) -> str:
    """A path as it is typed into a shell (macOS keeps data under "Application Support")."""
    import shlex

    return shlex.quote(str(path))


def _remote_said(result: subprocess.CompletedProcess[str]) -> str:
    """Why a remote refused a push, in its own words when it gave any."""
    for line in result.stderr.splitlines():
        if line.startswith("remote: ") and line.removeprefix("remote: ").strip():
            return line.removeprefix("remote: ").strip()
    return _last(result)


def _last(result: subprocess.CompletedProcess[str]) -> str:
    """git's most telling line: its first `fatal:`/`error:` line, else its last line."""
    lines = [line.strip() for line in (result.stderr or result.stdout).splitlines() if line.strip()]
    for line in lines:
        for prefix in ("fatal: ", "error: "):
            if line.startswith(prefix):
                return line.removeprefix(prefix)
    return lines[-1] if lines else f"git exited with {result.returncode}"


class Git:
    """The system git, run in one data directory, with an identity even where none is set."""

    def __init__(self, home: Path, executable: str) -> None:
        self.home = home
        self._executable = executable
        self._identity: tuple[str, ...] | None = None
        env = {k: v for k, v in os.environ.items() if k not in _CLEAN_ENV}
        if not sys.stdin.isatty():  # nobody could answer a password prompt
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

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """git ARGS in the data directory; with `check`, a failure is a one-line SyncError."""
        try:
            result = subprocess.run(
                [self._executable, "-C", str(self.home), *self.identity(args), *args],
                capture_output=True,
                text=True,
                env=self._env,
                stdin=subprocess.DEVNULL if not sys.stdin.isatty() else None,
                check=False,
            )
        except OSError as error:
            raise SyncError(f"cannot run git: {error.strerror or error}") from None
        if check and result.returncode != 0:
            raise SyncError(f"git {args[0]} failed in {self.home}: {_last(result)}")
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

    def commit_of(self, ref: str | None) -> str | None:
        """The commit a ref names, or None when it names none (an unborn branch)."""
        if ref is None:
            return None
        found = self.run("rev-parse", "-q", "--verify", f"{ref}^{{commit}}", check=False)
        return found.stdout.strip() or None

    def count(self, revisions: str) -> int:
        """Commits in `revisions` that change the history (not the .gitignore)."""
        return int(self.output("rev-list", "--count", revisions, "--", *SHARED))

    def sessions_at(self, ref: str | None) -> set[str]:
        """The session files in a commit (none for an unborn branch)."""
        if self.commit_of(ref) is None or ref is None:
            return set()
        return set(self.lines("ls-tree", "--name-only", ref, "sessions/"))

    def changes(self) -> list[tuple[str, str]]:
        """Each changed shared file with A (new), M (changed) or D (removed), by name."""
        status = self.run("status", "--porcelain=v1", "-z", "--untracked-files=all")
        entries = iter(status.stdout.split("\0"))
        out = []
        for entry in entries:
            if len(entry) < 4:
                continue
            code, path = entry[:2], entry[3:]
            if code[0] in "RC":  # staged by hand as a rename or copy: the old name follows
                source = next(entries)
                if code[0] == "R":
                    out.append((source, "D"))
            change = "D" if "D" in code else "A" if code in ("??", "A ") else "M"
            out.append((path, change))
        return sorted(out)

    def commit(self, message: str, *paths: str) -> None:
        self.run("commit", "-q", "--no-verify", "-m", message, "--", *paths)
