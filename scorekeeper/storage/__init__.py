"""Everything scorekeeper keeps on disk, and the only package that writes there.

- `files`: the one atomic writer (synced temporary file, hard link or replace, synced folder);
- `reading`: the one hardened reader (regular files, size caps, TOML shape bounds);
- `lock`: the data directory's exclusive lock, held by every change;
- `journal`: crash-safe changes to several files (complete or roll back after a kill);
- `documents`: small documents of our own (drafts, remembered answers);
- `sessions`, `seriesfiles`: the history's files;
- `changes`: the change log that `undo` reverses; `trash`: delete, restore, correct;
  `membership`: moving saved sessions into and out of a series.

The package itself imports nothing: callers import the submodule they use, so that a command
loads only the storage it needs (docs/architecture.md, "How commands are loaded").
"""
