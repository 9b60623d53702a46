"""Shell completion of values: game ids and aliases, players, series, session ids, rule ids,
dropped drafts' ids.

typer calls these only when the shell asks (`_SCOREKEEPER_COMPLETE` is set), never while a
command runs, so what they import costs no command its start-up. A value the shell could not
take as one word (a name with control characters) is left out, and a data directory that
cannot be read completes nothing rather than print an error into the command line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import typer

from scorekeeper.errors import ScorekeeperError
from scorekeeper.storage.home import data_home
from scorekeeper.text import visible

if TYPE_CHECKING:
    from scorekeeper.cli.known import Known

Completions = list[tuple[str, str]]
"""(value, description): typer shows the description where the shell can (zsh, fish)."""

_BASH_SPECIAL = re.compile(r"([^\w@%+=:,./-])")
_MARKUP_TAG = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")  # what rich.markup.escape escapes


FORMATS = {
    "csv": "one row per player per session (--long: per player and category)",
    "json": "one object per session",
    "bgstats": "one file for BG Stats' file import",
}
"""`history export --format` values, with what each writes (its help and completion)."""


def games() -> Completions:
    """Game ids and aliases."""
    return _offer(_known().games())


def players(ctx: typer.Context) -> Completions:
    return _from_home(ctx, _known().players)


def series(ctx: typer.Context) -> Completions:
    return _from_home(ctx, _known().series)


def sessions(ctx: typer.Context) -> Completions:
    return _from_home(ctx, _known().sessions)


def drafts(ctx: typer.Context) -> Completions:
    """The ids of the dropped drafts that can be brought back, with what each holds."""
    return _from_home(ctx, _known().dropped_drafts)


def rule_ids(ctx: typer.Context) -> Completions:
    """Rule note ids, of the --game given if any."""
    try:
        notes = _known().rule_ids(ctx.params.get("game"))
    except (ScorekeeperError, OSError):
        return []
    return _offer(notes)


def rules_words(ctx: typer.Context) -> Completions:
    """`rules`: its first word may be `show` or `list`; then a rule id or a game."""
    words = list(ctx.params.get("query") or ())
    if not words:
        return _offer([("show", "one rule note"), ("list", "the notes of every game")])
    if words == ["show"]:
        return rule_ids(ctx)
    if words == ["list"]:
        return games()
    return []  # a question in the user's own words


def _known() -> ModuleType:
    """The names the shell is offered, read from the history, the drafts and the rule notes:
    imported only when the shell asks, which no command's start-up pays for."""
    from scorekeeper.cli import known  # noqa: PLC0415

    return known


def _from_home(ctx: typer.Context, names: Callable[[Path], Known]) -> Completions:
    try:
        found = names(data_home(_home_option(ctx)))
    except (ScorekeeperError, OSError):
        return []
    return _offer(found)


def _home_option(ctx: typer.Context) -> Path | None:
    """--home as given before the command (SCOREKEEPER_HOME is read by data_home)."""
    value = ctx.find_root().params.get("home")
    return Path(value) if isinstance(value, str | Path) else None


def _offer(found: Known) -> Completions:
    """Each value once, none that a shell could not take as typed; for bash, with its special
    characters escaped. (typer keeps those that start with the word typed.)"""
    bash = os.environ.get("_SCOREKEEPER_COMPLETE", "").endswith("_bash")
    out: dict[str, str] = {}
    for value, description in found:
        if visible(value) != value:
            continue
        shown = _BASH_SPECIAL.sub(r"\\\1", value) if bash else value
        out.setdefault(shown, _literal(" ".join(visible(description).split())))
    return list(out.items())


def _literal(description: str) -> str:
    """A description typer will read as rich markup (it does for zsh and fish), escaped as
    rich.markup.escape does, so a name such as "[bold]Yann" is shown as typed."""
    escaped = _MARKUP_TAG.sub(lambda m: f"{m[1]}{m[1]}\\{m[2]}", description)
    return escaped + "\\" if escaped.endswith("\\") and not escaped.endswith("\\\\") else escaped


def export_formats() -> Completions:
    """`history export --format`: csv, json, bgstats."""
    return _offer(list(FORMATS.items()))
