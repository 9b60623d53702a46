"""Renaming a player in every session file: one journalled change under the lock, shared
with the group through the rename log (`storage.renamelog`), and the group's renames applied
to the games that arrive."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scorekeeper.errors import StorageError, not_found
from scorekeeper.history.players import RenameError, rename_document, rename_text
from scorekeeper.storage import renamelog
from scorekeeper.storage.changes import Recorder, recorded
from scorekeeper.storage.files import dumps
from scorekeeper.storage.reading import SESSION, parse_toml, read_existing, read_optional
from scorekeeper.storage.sessions import Unreadable, iter_sessions
from scorekeeper.text.names import check_name


@dataclass(frozen=True)
class Renamed:
    """What a rename changed: files edited in place, files re-written from data, files skipped."""

    edited: tuple[Path, ...]
    rebuilt: tuple[Path, ...]  # the text edit could not be proven exact: comments are lost
    skipped: tuple[Unreadable, ...]


def rename_player(home: Path, old: str, new: str) -> Renamed:
    """Rename a player in every session file, all or nothing.

    The files are read and the new versions staged with the data directory's lock held, so a
    save or another rename waits and nothing is lost; the change is journalled, so a kill at
    any instant is completed or rolled back by the next command. It is written to the change
    log, so `scorekeeper undo` can reverse it, and appended to `renames.toml` in the same
    change, so `sync` carries it to the group (a broken `renames.toml` refuses the rename,
    naming the file, rather than be overwritten).
    """
    new = check_name(new)
    edited: list[Path] = []
    rebuilt: list[Path] = []
    skipped: list[Unreadable] = []
    with recorded(home, f"rename {old!r} to {new!r}") as change:
        for entry in iter_sessions(home):
            if isinstance(entry, Unreadable):
                skipped.append(entry)
                continue
            path = entry[0]
            try:
                text = read_existing(path, SESSION)
                wanted = rename_document(parse_toml(text, path), old, new)
            except StorageError as error:
                skipped.append(Unreadable(path, str(error)))
                continue
            except RenameError as error:
                raise RenameError(f"{path}: {error}") from None
            if wanted is None:
                continue
            changed = rename_text(text, wanted, old, new)
            (edited if changed is not None else rebuilt).append(path)
            change.replace(path, changed if changed is not None else dumps(wanted))
        if not change.files:
            raise not_found(
                RenameError,
                "player",
                old,
                f"no session has a player named {old!r}",
                "see `scorekeeper players`",
            )
        _log(home, change, renamelog.new_rename(old.strip(), new))
    return Renamed(tuple(edited), tuple(rebuilt), tuple(skipped))


def _log(home: Path, change: Recorder, entry: renamelog.Rename) -> None:
    """Add a rename to the group's log, as a step of the change under way."""
    path = renamelog.log_path(home)
    try:
        text = read_optional(path, renamelog.RENAMES)
        written = renamelog.appended(text, [entry], path)
    except StorageError as error:
        raise StorageError(
            f"{error}; nothing was renamed (mend the file or move it away)"
        ) from None
    if text is None:
        change.create(path, written)
    else:
        change.replace(path, written)
