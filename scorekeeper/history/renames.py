"""Renaming a player in every session file: one journalled change under the lock, shared
with the group through the rename log (`storage.renamelog`), and the group's renames applied
to the games that arrive."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.errors import ScorekeeperError, StorageError, not_found
from scorekeeper.history.players import RenameError, rename_document, rename_text
from scorekeeper.history.results import with_current_result
from scorekeeper.session import from_dict
from scorekeeper.storage import renamelog
from scorekeeper.storage.changes import Recorder, recorded
from scorekeeper.storage.files import dumps
from scorekeeper.storage.journal import transaction
from scorekeeper.storage.reading import SESSION, parse_toml, read_existing, read_optional
from scorekeeper.storage.session_files import iter_sessions
from scorekeeper.storage.sessions import Unreadable, session_files
from scorekeeper.storage.userfiles import user_files
from scorekeeper.text.names import check_name


@dataclass(frozen=True)
class Renamed:
    """What a rename changed: files edited in place, files re-written from data, files skipped."""

    edited: tuple[Path, ...]
    rebuilt: tuple[Path, ...]  # the text edit could not be proven exact: comments are lost
    skipped: tuple[Unreadable, ...]


def _player_names(document: object) -> list[str]:
    """The players' names a parsed session file gives, whatever else it holds."""
    players = document.get("players") if isinstance(document, dict) else None
    if not isinstance(players, list):
        return []
    names = (p.get("name") for p in players if isinstance(p, dict))
    return [name for name in names if isinstance(name, str)]


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
    seen: Counter[str] = Counter()  # every player's name, for "did you mean"
    with recorded(home, f"rename {old!r} to {new!r}") as change:
        for entry in iter_sessions(home):
            if isinstance(entry, Unreadable):
                skipped.append(entry)
                continue
            path = entry[0]
            try:
                text = read_existing(path, SESSION)
                document = parse_toml(text, path)
                seen.update(_player_names(document))
                wanted = rename_document(document, old, new)
            except StorageError as error:
                skipped.append(Unreadable(path, str(error)))
                continue
            except RenameError as error:
                raise RenameError(f"{path}: {error}") from None
            if wanted is None:
                continue
            changed = rename_text(text, wanted, old, new)
            (edited if changed is not None else rebuilt).append(path)
            written = changed if changed is not None else dumps(wanted)
            change.replace(path, _with_record(home, path, written))
        if not change.files:
            raise not_found(
                RenameError,
                "player",
                old,
                f"no session has a player named {old!r}",
                "see `scorekeeper players`",
                [name for name, _ in seen.most_common()],
            )
        _log(home, change, renamelog.new_rename(old.strip(), new))
    return Renamed(tuple(edited), tuple(rebuilt), tuple(skipped))


def _with_record(home: Path, path: Path, text: str) -> str:
    """The renamed file with its [result] record's fingerprint brought up to date in the same
    change, so no later read has to rewrite it (and a sync need not send it twice)."""
    try:
        session = from_dict(parse_toml(text, path), user_files(home))
        return with_current_result(text, session, session.score()) or text
    except ScorekeeperError:  # a file the history cannot score keeps the record it had
        return text


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


@dataclass(frozen=True)
class Applied:
    """What the group's rename log changed here: each rename and the games it changed (as
    written in the file, and the name now), the files changed, the files that keep an old
    name and why, the renames of one player made apart, and the log's own problems."""

    renamed: tuple[tuple[str, str, int], ...] = ()
    files: tuple[Path, ...] = ()
    skipped: tuple[Unreadable, ...] = ()
    conflicts: tuple[renamelog.Conflict, ...] = ()
    problems: tuple[str, ...] = ()


def apply_renames(home: Path) -> Applied:
    """Rename, in every session file, each player the group's log has renamed (a game saved
    with an old name on a laptop that had not heard of the rename, a hand-written file), in
    one journalled change under the lock. Never raises for the log: a broken log is a
    problem reported and applies nothing; a file a rename cannot apply to is skipped."""
    try:
        log = renamelog.read(home)
    except StorageError as error:
        return Applied(problems=(str(error),))
    found = renamelog.aliases(log.entries)
    counts: Counter[tuple[str, str]] = Counter()
    files: list[Path] = []
    skipped: list[Unreadable] = []
    if found.names:
        with transaction(home, "rename players as the group's renames.toml says") as change:
            for path in session_files(home):
                try:
                    text = read_existing(path, SESSION)
                    if not any(old in text.casefold() for old in found.names):
                        continue  # most files: no old name anywhere in the text
                    edited, pairs = _renamed(text, parse_toml(text, path), found)
                except StorageError:
                    continue  # an unreadable file is reported by the commands that read it
                except RenameError as error:
                    skipped.append(Unreadable(path, str(error)))
                    continue
                if pairs:
                    change.replace(path, _with_record(home, path, edited))
                    files.append(path)
                    counts.update(pairs)
    return Applied(
        tuple((old, new, count) for (old, new), count in sorted(counts.items())),
        tuple(files),
        tuple(skipped),
        found.conflicts,
        log.problems,
    )


def group_aliases(home: Path) -> renamelog.Aliases:
    """What the group's rename log makes of every name it took from a player (the player's
    name now). A log that cannot be read renames nothing: the commands that read the log
    itself (`sync`, `players`) report it."""
    try:
        return renamelog.aliases(renamelog.read(home).entries)
    except StorageError:
        return renamelog.Aliases()


def renamed_players(home: Path, names: Iterable[str]) -> list[tuple[str, str]]:
    """Each of these names that the group's rename log has renamed, with that player's name
    now: a game saved with one keeps it here until a `sync` applies the log to it
    (`apply_renames`)."""
    found = group_aliases(home)
    return [(name, found.current(name)) for name in dict.fromkeys(names) if found.renames(name)]


def renamed_document(document: dict[str, Any], found: renamelog.Aliases) -> dict[str, Any]:
    """A session document with every old name the log knows renamed (a name that cannot be,
    because its new name plays in the game too, is left as it is)."""
    for old in _old_names(document, found):
        try:
            document = rename_document(document, old, found.current(old)) or document
        except RenameError:
            continue
    return document


def _old_names(document: dict[str, Any], found: renamelog.Aliases) -> list[str]:
    """The names of a session's players that the log has renamed, in seat order, once each."""
    players = document.get("players")
    seats = players if isinstance(players, list) else []
    names = [p.get("name") for p in seats if isinstance(p, dict)]
    return list(dict.fromkeys(n for n in names if isinstance(n, str) and found.renames(n)))


def _renamed(
    text: str, document: dict[str, Any], found: renamelog.Aliases
) -> tuple[str, list[tuple[str, str]]]:
    """A session's text with every old name the log knows renamed, and each rename made."""
    pairs = []
    for old in _old_names(document, found):
        new = found.current(old)
        wanted = rename_document(document, old, new)
        if wanted is None:
            continue
        text = rename_text(text, wanted, old, new) or dumps(wanted)
        document = wanted
        pairs.append((old, new))
    return text, pairs
