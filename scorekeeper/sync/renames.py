"""The group's renames on arrival: once an exchange has merged `renames.toml`, every game
that still names an old player is renamed and the change committed, so the same sync sends
the renamed files and no laptop keeps the old name.

`renames.toml` changed on both sides is merged as the union of its entries (`merging`);
git never merges its lines, as for sessions (`exchange.SESSION_ATTRIBUTES`).
"""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.errors import StorageError
from scorekeeper.history.renames import Applied, apply_renames
from scorekeeper.storage import renamelog
from scorekeeper.sync.git import Git
from scorekeeper.sync.shared import is_shared
from scorekeeper.text import plural, visible


def known(git: Git) -> frozenset[str]:
    """The ids of the renames this laptop has before an exchange (none when its log is
    broken: then every conflict is news)."""
    try:
        return renamelog.read(git.home).ids
    except StorageError:
        return frozenset()


def apply_and_commit(git: Git) -> Applied:
    """Apply the log to every game and commit the files it changed (with the lock held)."""
    applied = apply_renames(git.home)
    paths = [p.relative_to(git.home).as_posix() for p in applied.files]
    paths = [p for p in paths if is_shared(p)]
    if paths and git.commit_of("HEAD") is not None:
        git.stage(paths)
        git.commit(message(applied), paths)
    return applied


def message(applied: Applied) -> str:
    """`Rename Ana to Anabel in 2 games`: one line of visible text."""
    renames = ", ".join(f"{old} to {new}" for old, new, _ in applied.renamed)
    text = f"Rename {renames} in {plural(len(applied.files), 'game')}"
    return " ".join(visible(text).split())


def news(applied: Applied, before: frozenset[str]) -> Applied:
    """What to tell after an exchange: the conflicts that involve a rename new here (the
    others were told when they arrived)."""
    fresh = tuple(
        c for c in applied.conflicts if c.earlier.id not in before or c.later.id not in before
    )
    return replace(applied, conflicts=fresh)


def joined(first: Applied, then: Applied) -> Applied:
    """Two applications in one exchange (a push that lost a race is replayed): every file
    changed by either, and what the later one found."""
    counts: dict[tuple[str, str], int] = {}
    for old, new, count in (*first.renamed, *then.renamed):
        counts[(old, new)] = counts.get((old, new), 0) + count
    return replace(
        then,
        renamed=tuple((old, new, count) for (old, new), count in sorted(counts.items())),
        files=tuple(dict.fromkeys((*first.files, *then.files))),
    )
