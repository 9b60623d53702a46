"""What a group shares: the one allow-list sync commits from and accepts into a data directory.

The same rule decides both ways, so a member can send nothing that another member would
refuse, and a remote can deliver nothing that a member would not have sent: regular files
`sessions/*.toml`, `series/*.toml`, the card catalogue and the group's shared settings
(`rulings.toml`, `renames.toml`), each at most the size of a session file, plus scorekeeper's
own `.gitignore`. No link, no submodule, no other path; a name holding a control or
format character (a line break, a right-to-left override) is not shared either way.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.storage.sessions import MAX_FILE_BYTES

FOLDERS = ("sessions", "series")
FILES = ("catalogue.toml", "rulings.toml", "renames.toml")
GITIGNORE_NAME = ".gitignore"
IGNORE_MARK = "# Written by `scorekeeper sync`"
GITIGNORE = f"""{IGNORE_MARK}: only the shared history is committed.
# Everything else in the data directory (cache/, drafts/, remembered/, any trash, locks and
# temporary files) stays on this machine.
/*
!/.gitignore
!/catalogue.toml
!/rulings.toml
!/renames.toml
!/sessions/
/sessions/*
!/sessions/*.toml
!/series/
/series/*
!/series/*.toml
"""
# Earlier versions of our own .gitignore, still accepted from a remote and replaced here.
EARLIER_GITIGNORES = (
    f"""{IGNORE_MARK}: only the shared history is committed.
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
""",
)
OURS = {GITIGNORE, *EARLIER_GITIGNORES}
REGULAR_MODES = ("100644", "100755")


def is_shared(path: str) -> bool:
    """Whether a name relative to the data directory (with `/`) is a file the group shares."""
    if path in FILES:
        return True
    folder, _, name = path.partition("/")
    return folder in FOLDERS and is_plain_name(name) and name.endswith(".toml")


def is_plain_name(name: str) -> bool:
    """One visible file name: no folder, no leading dot, no control or format character."""
    return (
        bool(name)
        and "/" not in name
        and "\\" not in name
        and not name.startswith(".")
        and not any(unicodedata.category(char) in ("Cc", "Cf") for char in name)
    )


def is_ours(text: bytes) -> bool:
    """Whether a .gitignore is one scorekeeper wrote (this version or an earlier one)."""
    try:
        return text.decode("utf-8") in OURS
    except UnicodeDecodeError:
        return False


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _is_real_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def local_files(home: Path) -> list[str]:
    """The shared files present in the data directory: regular files only, never through a
    link (a linked folder is not looked into)."""
    found = [name for name in FILES if _is_regular(home / name)]
    for folder in FOLDERS:
        if not _is_real_folder(home / folder):
            continue
        with os.scandir(home / folder) as entries:
            found += [
                f"{folder}/{entry.name}"
                for entry in entries
                if is_shared(f"{folder}/{entry.name}") and entry.is_file(follow_symlinks=False)
            ]  # an unreadable folder raises OSError: the caller names it
    if _is_regular(home / GITIGNORE_NAME):
        try:
            if is_ours((home / GITIGNORE_NAME).read_bytes()):
                found.append(GITIGNORE_NAME)
        except OSError:
            pass
    return sorted(found)


@dataclass(frozen=True)
class Entry:
    """One entry of a commit's tree, as `git ls-tree -r -l -z` lists it."""

    mode: str
    kind: str
    oid: str
    size: int | None  # None for a submodule
    path: str

    @classmethod
    def parse(cls, record: str) -> Entry:
        info, _, path = record.partition("\t")
        mode, kind, oid, size = info.split(maxsplit=3)
        return cls(mode, kind, oid, int(size) if size.strip().isdigit() else None, path)


def refusal(entry: Entry, blob: bytes | None = None) -> str | None:
    """Why a fetched tree's entry may not enter the data directory, or None when it may.
    `blob` is the content of a `.gitignore`, which must be one of ours."""
    if entry.mode == "120000":
        return "a symbolic link"
    if entry.mode == "160000" or entry.kind == "commit":
        return "a submodule"
    if entry.kind != "blob" or entry.mode not in REGULAR_MODES:
        return f"not a regular file (mode {entry.mode})"
    if entry.path == GITIGNORE_NAME:
        return (
            None if blob is not None and is_ours(blob) else "a .gitignore scorekeeper did not write"
        )
    if not is_shared(entry.path):
        return "not a file the group shares"
    if entry.size is None or entry.size > MAX_FILE_BYTES:
        return f"larger than {MAX_FILE_BYTES // (1 << 20)} MB"
    return None
