"""One exchange with the group's remote: commit local changes, check and take the group's,
send ours.

Each change becomes a commit of exactly the shared files it touches (`shared`: the same
allow-list decides what is sent and what is accepted). The group's commits are fetched and
their tree is checked against that list before anything of it reaches the data directory;
then the local commits are replayed on top (a rebase) and pushed. A file changed on both
sides is settled file by file (`_settle`): an edit wins over a removal, two edits of a
session merge key by key, and only what cannot merge keeps the group's value in place and
ours on a branch of its own. The rest of that commit (other new games) goes on and is sent,
no working file ever holds conflict markers, and a rebase that fails for any other reason
is aborted, so the repository is left as it was found.

The repository is one sync made itself (marked `scorekeeper.managed`): a data directory that
is, or lies inside, someone else's repository is refused, and their remote never changed.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import stat
import subprocess
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.cache import PlayCache
from scorekeeper.history.plays import Play, from_session
from scorekeeper.history.renames import Applied
from scorekeeper.storage.files import replace_file
from scorekeeper.storage.lock import locked
from scorekeeper.storage.session_files import read_session
from scorekeeper.sync.git import Git, NotSharedError, SyncError, last_line
from scorekeeper.sync.merging import merge_texts
from scorekeeper.sync.renames import apply_and_commit, joined, known, news
from scorekeeper.sync.shared import (
    FILES,
    FOLDERS,
    GITIGNORE,
    GITIGNORE_NAME,
    IGNORE_MARK,
    Entry,
    is_ours,
    is_shared,
    local_files,
    refusal,
)
from scorekeeper.text import visible

REMOTE = "origin"
DEFAULT_BRANCH = "main"
PUSH_ATTEMPTS = 3  # someone else pushed between our fetch and our push: replay and try again
CONFLICT = "conflict"  # local branches keeping our side of what could not merge
MANAGED = "scorekeeper.managed"  # set in the repositories sync made
SHARED = (*FOLDERS, *FILES)
SESSION_ATTRIBUTES = (
    "# Written by `scorekeeper sync`\n/sessions/*.toml merge=binary\n/renames.toml merge=binary\n"
)
_BRANCH_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True)
class Conflict:
    """A local change to files the group changed too: kept as `commit` on `branch`. `keys`:
    the keys of a session both sides changed (the group's values are in place); none when
    the file was taken whole."""

    files: tuple[str, ...]
    commit: str
    branch: str
    keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class Kept:
    """A file edited on one side and removed on the other: the edit was kept."""

    file: str
    why: str


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
    kept: tuple[Kept, ...] = ()
    renames: Applied = field(default_factory=Applied)  # the group's, applied here


@dataclass(frozen=True)
class Replayed:
    """The local head once every change was committed, and the commits that conflicted."""

    head: str | None
    conflicts: tuple[Conflict, ...] = ()
    kept: tuple[Kept, ...] = ()


def share(home: Path, remote: str | None = None) -> Exchange:
    """Commit local changes, take the group's, send ours; set up the repository the first
    time (`remote` given: an existing history is kept, an empty directory receives the group's).
    """
    git, url = _open(home, remote)
    branch = git.output("symbolic-ref", "-q", "--short", "HEAD", check=False)
    if not branch:
        raise SyncError(
            f"{home}: no branch is checked out; `git -C {_quoted(home)} switch {DEFAULT_BRANCH}`"
        )
    _fetch(git, url)
    branch = _track(git, branch)
    upstream = f"refs/remotes/{REMOTE}/{branch}"
    conflicts: list[Conflict] = []
    kept: list[Kept] = []
    first: Replayed | None = None
    theirs: str | None = None
    before = known(git)
    applied = Applied()
    for _ in range(PUSH_ATTEMPTS):
        # The only step that changes files in the data directory: under the lock, so no
        # save, rename or edit lands half-way through it (fetch and push wait outside it).
        with locked(home):
            replayed = record_and_replay(git, home, upstream, url)
            applied = joined(applied, apply_and_commit(git))
        first = first or replayed
        conflicts += replayed.conflicts
        kept += replayed.kept
        if git.commit_of("HEAD") is None:  # nothing to share on either side yet
            return Exchange(url, 0, 0, 0, 0, 0)
        theirs = git.commit_of(upstream)
        sent_commits = _count(git, f"{theirs}..HEAD" if theirs else "HEAD")
        sent = len(_sessions_at(git, "HEAD") - _sessions_at(git, theirs))
        pushed = git.run(
            "push", "-q", "--no-verify", REMOTE, f"HEAD:refs/heads/{branch}", check=False
        )
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
    assert first is not None
    now = _sessions_at(git, "HEAD")
    received = len(now - _sessions_at(git, first.head))
    received_commits = 0
    if theirs is not None:
        received_commits = _count(git, f"{first.head}..{theirs}" if first.head else theirs)
    return Exchange(
        remote=url,
        sent=sent,
        received=received,
        sent_other=max(0, sent_commits - sent),
        received_other=max(0, received_commits - received),
        games=len(now),
        conflicts=tuple(conflicts),
        kept=tuple(kept),
        unsettled=tuple(
            b for b in conflict_branches(git) if b not in {c.branch for c in conflicts}
        ),
        renames=news(applied, before),
    )


def open_repository(home: Path) -> Git:
    """The data directory's repository, once shared (for what comes after an exchange)."""
    return _open(home, None)[0]


def _open(home: Path, remote: str | None) -> tuple[Git, str]:
    """The data directory's own repository (made the first time) and its remote's URL."""
    git = Git.find(home)
    if not os.path.lexists(home / ".git"):
        if remote is None:
            raise NotSharedError(
                f"{home} is not shared yet: run `scorekeeper sync --remote URL` once "
                "(URL: a git remote, or the path of a bare repository)"
            )
        outer = _enclosing_repository(home)
        if outer is not None:
            raise SyncError(
                f"{home} is inside the git repository {outer}: `scorekeeper sync` keeps a "
                "repository of its own and never shares another's; choose a data directory "
                "outside it (--home)"
            )
        home.mkdir(parents=True, exist_ok=True)
        git.run("-c", f"init.defaultBranch={DEFAULT_BRANCH}", "init", "-q", "--template=")
        git.run("config", MANAGED, "true")
    _check_ours(git)
    _merge_sessions_by_key(git)
    _check_state(git)
    _check_ignore_files(home)
    if remote is not None:
        verb = "set-url" if REMOTE in git.lines("remote") else "add"
        git.run("remote", verb, REMOTE, remote)
    url = git.output("config", "--get", f"remote.{REMOTE}.url", check=False)
    if not url:
        raise NotSharedError(f"{home} has no remote: run `scorekeeper sync --remote URL` once")
    return git, url


def _enclosing_repository(home: Path) -> Path | None:
    """The repository a folder lies inside, if any: git would find it from there."""
    for folder in home.absolute().parents:
        if os.path.lexists(folder / ".git"):
            return folder
    return None


def _check_ours(git: Git) -> None:
    """Refuse a repository sync did not make. One made before the mark existed is known by
    the .gitignore sync committed, and is marked now."""
    foreign = SyncError(
        f"{git.home} is a git repository that `scorekeeper sync` did not make: sync never "
        "shares another's repository or changes its remote; use a data directory of its own "
        "(--home)"
    )
    if not stat.S_ISDIR(os.lstat(git.git_dir).st_mode):
        raise foreign
    if git.output("config", "--bool", "--get", MANAGED, check=False) == "true":
        return
    earlier = git.run("cat-file", "blob", f"HEAD:{GITIGNORE_NAME}", check=False)
    if earlier.returncode != 0 or not is_ours(earlier.stdout.encode("utf-8", "surrogateescape")):
        raise foreign
    git.run("config", MANAGED, "true")


def _check_state(git: Git) -> None:
    if _rebasing(git):
        raise SyncError(
            f"{git.home}: a git rebase is in progress there; finish it or run "
            f"`git -C {_quoted(git.home)} rebase --abort`, then sync again"
        )
    if (git.git_dir / "MERGE_HEAD").exists():
        raise SyncError(
            f"{git.home}: a git merge is in progress there; finish it or run "
            f"`git -C {_quoted(git.home)} merge --abort`, then sync again"
        )


def _merge_sessions_by_key(git: Git) -> None:
    """Tell git to leave a session changed on both sides to us (`_settle` merges it key by
    key and derives its result again), rather than merge its lines: lines merged apart can
    pair one side's inputs with a stored result of the other's."""
    path = git.git_dir / "info" / "attributes"
    try:
        if path.read_text(encoding="utf-8") == SESSION_ATTRIBUTES:
            return
    except (OSError, UnicodeDecodeError):
        pass
    path.parent.mkdir(exist_ok=True)
    replace_file(path, SESSION_ATTRIBUTES, "git's attributes for sync")


def _rebasing(git: Git) -> bool:
    return any((git.git_dir / name).exists() for name in ("rebase-merge", "rebase-apply"))


def _check_ignore_files(home: Path) -> None:
    """git reads .gitignore and .gitattributes files while it checks files out: one that is
    a pipe, a device or a link could hang it or read outside the data directory."""
    for folder in (home, *(home / name for name in FOLDERS)):
        for name in (GITIGNORE_NAME, ".gitattributes"):
            path = folder / name
            try:
                mode = os.lstat(path).st_mode
            except OSError:
                continue
            if not stat.S_ISREG(mode):
                raise SyncError(
                    f"{path}: not a regular file, and git would read it; remove it and run "
                    "`scorekeeper sync` again"
                )


def record_and_replay(git: Git, home: Path, upstream: str, url: str) -> Replayed:
    """Check the group's history, commit each local change, then replay the local commits
    onto the group's."""
    theirs = git.commit_of(upstream)
    taken = _check_fetched(git, theirs, url) if theirs is not None else set()
    write_gitignore(home)
    _record(git, home, taken)
    head = git.commit_of("HEAD")
    if theirs is None:
        return Replayed(head)
    if head is None:  # nothing of our own yet: take the group's history
        git.run("merge", "-q", "--ff-only", upstream)
        return Replayed(head)
    conflicts, kept = _rebase(git, home, upstream)
    return Replayed(head, conflicts, kept)


def _check_fetched(git: Git, commit: str, url: str) -> set[str]:
    """The files of the group's latest commit, once every one is a file the group shares:
    anything else refuses the whole commit before it touches the working tree. (Only this
    tree is ever checked out; earlier commits stay in the object store.)"""
    paths = set()
    for record in git.entries("ls-tree", "-r", "-l", "-z", "--full-tree", commit):
        entry = Entry.parse(record)
        blob = None
        small = entry.size is not None and entry.size <= len(GITIGNORE.encode()) * 2
        if entry.path == GITIGNORE_NAME and entry.kind == "blob" and small:
            shown = git.run("cat-file", "blob", entry.oid)
            blob = shown.stdout.encode("utf-8", "surrogateescape")
        why = refusal(entry, blob)
        if why is not None:
            raise SyncError(
                f"{url}: refused the group's latest change: {visible(entry.path)!r} is {why}; "
                "nothing of it was taken (a group shares only sessions/*.toml, series/*.toml, "
                f"{', '.join(FILES)})"
            )
        paths.add(entry.path)
    return paths


def write_gitignore(home: Path) -> None:
    """Write scorekeeper's .gitignore, unless the user wrote one of their own."""
    path = home / GITIGNORE_NAME
    try:
        current = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        current = None
    except (OSError, UnicodeDecodeError):
        return
    if current is None or (current.startswith(IGNORE_MARK) and current != GITIGNORE):
        replace_file(path, GITIGNORE, "the .gitignore")


def _record(git: Git, home: Path, taken: set[str]) -> None:
    """Commit every change to a shared file: new games together, unless the group has a
    file of the same name (which would conflict), every other change in a commit of its own,
    so that a conflict holds back only the file it is about."""
    tracked = [p for p in git.entries("ls-files", "-z") if is_shared(p) or p == GITIGNORE_NAME]
    gone = [p for p in tracked if not os.path.lexists(home / p)]
    try:
        present = local_files(home)
    except OSError as error:
        raise SyncError(f"{home}: cannot read the history ({error.strerror or error})") from None
    if GITIGNORE_NAME in tracked and GITIGNORE_NAME not in [*present, *gone]:
        raise SyncError(
            f"{home / GITIGNORE_NAME}: not the .gitignore scorekeeper wrote, which the group "
            "shares; put your own patterns in .git/info/exclude, remove the file and run "
            "`scorekeeper sync` again"
        )
    git.stage([*present, *gone])
    changes = _staged_changes(git)
    games = [p for p, change in changes if change == "A" and _is_session(p) and p not in taken]
    if len(games) > 1:
        cache = PlayCache(home)  # a thousand games' lines in a moment, not a parse each
        lines = [commit_message(home, path, "A", cache) for path in games]
        git.commit(f"Add {len(games)} games\n\n" + "\n".join(lines), games)
        changes = [(path, change) for path, change in changes if path not in set(games)]
    for path, change in changes:
        git.commit(commit_message(home, path, change), [path])


def _staged_changes(git: Git) -> list[tuple[str, str]]:
    """Each shared file whose index entry differs from HEAD: A (new), M (changed), D (gone)."""
    if git.commit_of("HEAD") is None:
        names = git.entries("ls-files", "-z")
        return sorted((p, "A") for p in names if is_shared(p) or p == GITIGNORE_NAME)
    records = iter(
        git.entries("diff-index", "--cached", "--no-renames", "-z", "--name-status", "HEAD")
    )
    changes = [(path, status[0]) for status, path in zip(records, records, strict=False)]
    return sorted(
        (path, change if change in "AD" else "M")
        for path, change in changes
        if is_shared(path) or path == GITIGNORE_NAME
    )


def _is_session(path: str) -> bool:
    return path.startswith("sessions/")


def commit_message(home: Path, path: str, change: str, cache: PlayCache | None = None) -> str:
    """`Hungry 2026-11-30: Ana 16, Ben 16, Cy 15` for a new game; a short line otherwise.
    Whatever the names hold, the message is one line of visible text (a NUL or a line break
    in a name is written as an escape). A game the play cache holds unchanged is not read."""
    verb = {"A": "", "M": "Edit ", "D": "Remove "}[change]
    if change != "D" and _is_session(path):
        return verb + _game_line(home / path, home, cache)
    if path.startswith("series/"):
        return _one_line(f"{verb or 'New '}series {PurePosixPath(path).stem}")
    return _one_line(f"{verb or 'Add '}{path}")


def _one_line(text: str) -> str:
    return " ".join(visible(text).split())


def _game_line(path: Path, home: Path, cache: PlayCache | None) -> str:
    """A game's line: from the play cache when given one (a game scorekeeper saved or
    `history` has read), else the file's name, so a first sync of a long history reads no
    file; alone in its commit, the game is read and scored."""
    where = f"{path.parent.name}/{path.name}"
    if cache is not None:
        play = cache.get(path)
        if play is None:
            return _one_line(where)
    else:
        try:
            play = _scored(path, home)
        except ScorekeeperError:  # a broken file is shared as it is: others may mend it
            return _one_line(f"{where} (not readable as a session)")
    day = play.day.isoformat() if play.day else "undated"
    scores = ", ".join(f"{r.name} {r.total}" for r in play.results)
    return _one_line(f"{play.title} {day}: {scores}")


def _scored(path: Path, home: Path) -> Play:
    session = read_session(path, home)
    return from_session(path, session, session.score())


def _rebase(git: Git, home: Path, upstream: str) -> tuple[tuple[Conflict, ...], tuple[Kept, ...]]:
    """Replay local commits onto the group's, settling each file both sides changed (see
    `_settle`), so a conflict holds back at most the keys it is about and the rest of its
    commit goes on. Any other failure aborts the rebase, leaving the repository as it was."""
    conflicts: list[Conflict] = []
    kept: list[Kept] = []
    try:
        result = git.run("rebase", "-q", "-Xno-renames", upstream, check=False)
        while result.returncode != 0:
            stopped = git.commit_of("REBASE_HEAD")
            files = _unmerged(git)
            if not files or stopped is None:
                raise SyncError(
                    f"{git.home}: git could not replay the local changes: {last_line(result)}; "
                    "nothing was changed"
                )
            for path, stages in sorted(files.items()):
                outcome = _settle(git, home, path, stages, stopped)
                if isinstance(outcome, Conflict):
                    conflicts.append(outcome)
                elif outcome is not None:
                    kept.append(outcome)
            unchanged = git.run("diff-index", "--cached", "--quiet", "HEAD", check=False)
            step = "--skip" if unchanged.returncode == 0 else "--continue"
            result = git.run("rebase", step, check=False)
    except BaseException:
        if _rebasing(git):
            with contextlib.suppress(SyncError):  # the first failure is the one to report
                git.run("rebase", "--abort", check=False)
        raise
    return tuple(conflicts), tuple(kept)


def _unmerged(git: Git) -> dict[str, dict[str, str]]:
    """The files a stopped rebase could not merge, each with its versions by stage: 1 the
    version both sides shared, 2 the group's (the commit being built on), 3 ours."""
    stages: dict[str, dict[str, str]] = {}
    for record in git.entries("ls-files", "-u", "-z"):
        info, _, path = record.partition("\t")
        _, oid, stage = info.split()
        stages.setdefault(path, {})[stage] = oid
    return stages


def _settle(
    git: Git, home: Path, path: str, stages: dict[str, str], stopped: str
) -> Conflict | Kept | None:
    """One file both sides changed. An edit wins over a removal, whichever side made which
    (so the history is the same whoever syncs first). Two edits of a session merge key by
    key; keys changed two ways, and any other file changed on both sides, take the group's
    value, and ours is kept on a conflict branch."""
    if "2" not in stages:  # the group removed what we edited: our edit stays
        git.run("checkout", "--theirs", "--", path)  # in a rebase, "theirs" is ours
        git.stage([path])
        return Kept(path, "edited here and removed in the group: your edit is kept")
    if "3" not in stages:  # we removed what the group edited: the edit stays
        git.run("checkout", "--ours", "--", path)
        git.stage([path])
        return Kept(path, "removed here and edited in the group: the edited game is back")
    base = _blob(git, stages["1"]) if "1" in stages else None
    merged = merge_texts(home, path, base, _blob(git, stages["2"]), _blob(git, stages["3"]))
    if merged is not None:
        replace_file(home / path, merged.text, "a merged session")
        git.stage([path])
        if not merged.conflicts:
            return Kept(path, merged.note) if merged.note else None
        keys = tuple(conflict.key for conflict in merged.conflicts)
    else:
        git.run("checkout", "--ours", "--", path)  # the group's version, whole
        git.stage([path])
        keys = ()
    branch = conflict_branch(path, stopped)
    git.run("branch", "-f", branch, stopped)
    git.run("config", f"branch.{branch}.description", path)
    return Conflict((path,), stopped[:7], branch, keys)


def _blob(git: Git, oid: str) -> str:
    return git.run("cat-file", "blob", oid).stdout


def conflict_branch(path: str, commit: str) -> str:
    """`conflict/<file name>-<commit>`, with what git refuses in a branch name (spaces,
    dots, control characters) turned into dashes."""
    stem = _BRANCH_UNSAFE.sub("-", PurePosixPath(path).stem).strip("-")[:60] or "file"
    return f"{CONFLICT}/{stem}-{commit[:7]}"


def conflict_branches(git: Git) -> list[str]:
    """The branches earlier conflicts were kept on, until the user deletes them."""
    return git.lines("for-each-ref", "--format=%(refname:short)", f"refs/heads/{CONFLICT}/")


def _fetch(git: Git, url: str, why: str = "") -> None:
    fetched = git.run("fetch", "-q", "--prune", "--no-tags", REMOTE, check=False)
    if fetched.returncode != 0:
        raise SyncError(
            f"cannot reach {url}: {last_line(fetched) or why.strip()}; nothing changed here, "
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


def _count(git: Git, revisions: str) -> int:
    """Commits in `revisions` that change the history (not the .gitignore)."""
    return int(git.output("rev-list", "--count", revisions, "--", *SHARED))


def _sessions_at(git: Git, ref: str | None) -> set[str]:
    """The session files in a commit (none for an unborn branch)."""
    if ref is None or git.commit_of(ref) is None:
        return set()
    return set(git.entries("ls-tree", "-z", "--name-only", ref, "sessions/"))


def _quoted(path: Path) -> str:
    """A path as it is typed into a shell (macOS keeps data under "Application Support")."""
    return shlex.quote(str(path))


def _remote_said(result: subprocess.CompletedProcess[str]) -> str:
    """Why a remote refused a push, in its own words when it gave any."""
    for line in result.stderr.splitlines():
        if line.startswith("remote: ") and line.removeprefix("remote: ").strip():
            return visible(line.removeprefix("remote: ").strip())
    return last_line(result)
