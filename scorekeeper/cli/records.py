"""What the history, series, stats and players commands share: parsing options, and saying
which files could not be used."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper import render
from scorekeeper.cli import complete
from scorekeeper.cli.common import fail
from scorekeeper.games import find_game

if TYPE_CHECKING:
    from scorekeeper.history.plays import Play
    from scorekeeper.storage.sessions import Unreadable

SessionIds = Annotated[
    list[str],
    typer.Argument(metavar="ID", help="Session short ids or file names (a unique prefix is fine)."),
]
"""Saved sessions named on the command line, as `history delete` and `series add` take them."""

IdArgument = Annotated[
    str,
    typer.Argument(
        metavar="ID",
        help="Short id or file name (a unique prefix is fine).",
        autocompletion=complete.sessions,
    ),
]
"""One saved session, as `history show` and `history edit` take it."""


GameOption = Annotated[
    str | None,
    typer.Option(
        "--game", help="Only this title (id, alias or name).", autocompletion=complete.games
    ),
]
PlayerOption = Annotated[
    str | None,
    typer.Option(
        "--player",
        help="Only sessions with this player (any case).",
        autocompletion=complete.players,
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for scripts (docs/commands.md: its shape).")
]


def print_json(data: object) -> None:
    """JSON on standard output: data, never markup, with control characters escaped."""
    # only --json writes JSON: the module that writes it loads json and the plays' model
    from scorekeeper.history.plays import json_text  # noqa: PLC0415

    sys.stdout.write(json_text(data))


def report_unreadable(items: list[Unreadable]) -> None:
    """Each unusable file once, on stderr, so the tables on stdout stay clean."""
    if items:
        render.print_unreadable(render.make_console(stderr=True), items)


def game_id(name: str | None) -> str | None:
    """The id of the title named by --game (id, alias or name), or None."""
    if name is None:
        return None
    return find_game(name).id


def day(text: str | None, option: str) -> date | None:
    """A YYYY-MM-DD option value."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise fail(f"{option}: expected a date like 2026-11-29, got {text!r}") from None


def saved_on(play: Play) -> date:
    """The day a play's file was last saved: its date for BG Stats when it gives none."""
    try:
        return date.fromtimestamp(Path(play.file).stat().st_mtime)
    except OSError:
        return date.today()
