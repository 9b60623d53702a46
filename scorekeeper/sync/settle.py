"""Conflicts an exchange left: both versions shown key by key, and one side chosen.

A conflict keeps our version on a local branch (`conflict/<file>-<commit>`, its file named
in the branch's description). The version both sides shared is that commit's parent, the
group's is the file in place now, so each listing compares the three afresh: what is shown
is what choosing a side would change. Choosing ours writes the file as an edit that `undo`
can reverse (the version in place goes to the trash) and the next sync sends it; choosing
the group's just forgets ours. Either way the branch is deleted.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session import from_dict
from scorekeeper.storage.reading import SESSION, parse_toml, read_optional
from scorekeeper.storage.trash import replace_session
from scorekeeper.storage.userfiles import user_files
from scorekeeper.sync.exchange import conflict_branches, open_repository
from scorekeeper.sync.fields import KeyConflict, Side
from scorekeeper.sync.git import Git, SyncError
from scorekeeper.sync.merging import merge_texts


@dataclass(frozen=True)
class Unsettled:
    """One conflicted file: the branch keeping ours, and the keys the two sides disagree
    on now (none: the file as a whole, when it cannot be merged key by key)."""

    file: str
    branch: str
    commit: str
    keys: tuple[KeyConflict, ...]
    whole: bool = False  # not mergeable key by key: the file is one value


def unsettled(home: Path) -> list[Unsettled]:
    """Every conflict not settled yet, oldest branch name first."""
    git = open_repository(home)
    return [_unsettled(git, home, branch) for branch in conflict_branches(git)]


def settle(home: Path, file: str, side: Side) -> Unsettled:
    """Settle the conflict on `file` (as listed, or its name in sessions/) by taking one
    side for the keys both changed; returns what was settled."""
    found = [c for c in unsettled(home) if file in (c.file, c.file.removeprefix("sessions/"))]
    if not found:
        raise SyncError(
            f"no conflict on {file!r} to settle; `scorekeeper sync --conflicts` lists them"
        )
    conflict = found[0]
    git = open_repository(home)
    if side == "mine":
        _take_mine(git, home, conflict)
    git.run("branch", "-D", conflict.branch)
    return conflict


def _unsettled(git: Git, home: Path, branch: str) -> Unsettled:
    commit = git.output("rev-parse", "--verify", f"{branch}^{{commit}}")
    file = git.output("config", "--get", f"branch.{branch}.description", check=False)
    if not file:  # a branch of an earlier version: the first file its commit changed
        changed = git.entries("diff-tree", "--no-commit-id", "-r", "-z", "--name-only", commit)
        file = changed[0] if changed else branch
    versions = _versions(git, home, commit, file)
    if versions is None:
        return Unsettled(file, branch, commit, (), whole=True)
    base, group, mine = versions
    merged = merge_texts(home, file, base, group, mine)
    if merged is None:
        return Unsettled(file, branch, commit, (), whole=group != mine)
    return Unsettled(file, branch, commit, merged.conflicts)


def _versions(git: Git, home: Path, commit: str, file: str) -> tuple[str | None, str, str] | None:
    """The shared version (None when there was none), the group's (in place now), ours."""
    mine = git.run("cat-file", "blob", f"{commit}:{file}", check=False)
    if mine.returncode != 0:
        return None
    base = git.run("cat-file", "blob", f"{commit}^:{file}", check=False)
    try:
        group = read_optional(home / file, SESSION)
    except ScorekeeperError:
        return None
    if group is None:
        return None
    return (base.stdout if base.returncode == 0 else None), group, mine.stdout


def _take_mine(git: Git, home: Path, conflict: Unsettled) -> None:
    versions = _versions(git, home, conflict.commit, conflict.file)
    if versions is None or not conflict.file.startswith("sessions/"):
        raise SyncError(
            f"{conflict.file}: cannot be settled here; take yours with `git -C {home} checkout "
            f"{conflict.branch} -- {conflict.file}`, then `git -C {home} branch -D "
            f"{conflict.branch}`"
        )
    base, group, mine = versions
    merged = merge_texts(home, conflict.file, base, group, mine, prefer="mine")
    text = mine if merged is None else merged.text
    path = home / conflict.file
    session = from_dict(parse_toml(text, path), user_files(home))
    replace_session(home, path, session, session.score(), text)
