"""A group's shared history: the data directory as a git repository, exchanged with a remote.

Session files were made for this: one small text file per game, unique names, never
overwritten, so new games never conflict, and the system `git` does the exchanging. The
remote is untrusted input: whoever can push to it chooses what arrives, so what is shared is
one allow-list (`shared`), applied both when committing and when accepting, and git runs
with every setting that could run a command switched off (`git`).

- `exchange`: one sync (commit, fetch, check, replay, push) and what it did;
- `shared`: the files a group shares, and why anything else is refused;
- `git`: the system git, run safely and with a timeout;
- `fields`, `merging`: a session changed on both sides, merged key by key;
- `settle`: the conflicts left, listed with both sides, and settled by choosing one.
"""

from __future__ import annotations

from scorekeeper.sync.exchange import Conflict, Exchange, Kept, share
from scorekeeper.sync.git import Git, SyncError
from scorekeeper.sync.settle import Unsettled, settle, unsettled

__all__ = [
    "Conflict",
    "Exchange",
    "Git",
    "Kept",
    "SyncError",
    "Unsettled",
    "settle",
    "share",
    "unsettled",
]
