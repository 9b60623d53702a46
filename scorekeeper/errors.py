"""Exceptions the user can act on; only the CLI turns them into exit codes."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import IntEnum
from typing import ClassVar, TypeVar


class ExitStatus(IntEnum):
    """What the process's exit code says happened (as httpie's ExitStatus); the only place
    exit numbers are written."""

    OK = 0
    FAILURE = 1  # at run time: a remote out of reach, a conflict, a file that cannot be written
    USAGE = 2  # bad input: an option, a file's contents, a name that matches nothing
    INTERRUPTED = 130  # Ctrl-C


@dataclass(frozen=True)
class Missing:
    """A name that matched nothing: what kind of thing ("game", "session", "series",
    "player"), the name as asked, and the message's words up to it, which a "did you mean"
    hint follows in place of the message's own advice."""

    kind: str
    asked: str
    subject: str
    known: tuple[str, ...] = ()  # what exists of that kind, best known first, to suggest from


class ScorekeeperError(ValueError):
    """A problem the user can act on, reported as one line; by default bad input (exit 2)."""

    status: ClassVar[ExitStatus] = ExitStatus.USAGE

    missing: Missing | None = None  # set by not_found(): the name that matched nothing


E = TypeVar("E", bound=ScorekeeperError)


def not_found(
    error: type[E], kind: str, asked: str, subject: str, advice: str, known: Iterable[str] = ()
) -> E:
    """`error("<subject>; <advice>")` that also says which name of which kind matched nothing
    and the names that exist (`known`, which the raiser has at hand), so that the CLI can
    suggest the closest ones without reading the message or the data directory again."""
    raised = error(f"{subject}; {advice}")
    raised.missing = Missing(kind, asked, subject, tuple(dict.fromkeys(known)))
    return raised


@dataclass(frozen=True)
class Where:
    """Where in a session a bad value sits: file, player and key, each optional."""

    file: str | None = None
    player: str | None = None
    key: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.file is not None:
            parts.append(self.file)
        if self.player is not None:
            parts.append(f"player {self.player!r}")
        if self.key is not None:
            parts.append(f"key {self.key!r}")
        return ": ".join(parts)


class InputError(ScorekeeperError):
    """A session value is missing, unknown, of the wrong type or out of range."""

    def __init__(self, message: str, where: Where = Where()) -> None:
        self.message = message
        self.where = where
        super().__init__(str(self))

    def __str__(self) -> str:
        prefix = str(self.where)
        return f"{prefix}: {self.message}" if prefix else self.message

    def at(
        self, *, file: str | None = None, player: str | None = None, key: str | None = None
    ) -> InputError:
        """Return the same error with more context filled in (inner context wins for keys)."""
        where = self.where
        if file is not None and where.file is None:
            where = replace(where, file=file)
        if player is not None and where.player is None:
            where = replace(where, player=player)
        if key is not None:
            where = replace(where, key=key if where.key is None else f"{key}.{where.key}")
        return type(self)(self.message, where)


class MissingTieBreakError(InputError):
    """A tie-breaker needs a value that was left out because no tie was expected."""


class UnknownGameError(ScorekeeperError):
    """The game name matches no title id or alias."""


class StorageError(ScorekeeperError):
    """The data directory or a session file cannot be read or written."""


class CatalogueError(ScorekeeperError):
    """A card catalogue file (shipped or the user's) is unreadable or invalid."""
