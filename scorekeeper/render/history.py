"""The saved sessions: the history list, one session's facts, and results that changed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from scorekeeper.render import user, user_names, when
from scorekeeper.render.table import Table
from scorekeeper.render.units import Units
from scorekeeper.storage.sessions import short_id

# A hand-named file's id is its whole name, which may be long (or arrive from a group's
# remote): the column is as wide as the longest id up to ID_WIDTH, and a longer one folds at
# no less than ID_FOLD rather than squeeze every other column.
ID_WIDTH = 24
ID_FOLD = 16

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.history.plays import Play


def history_table(plays: Sequence[Play], title: str) -> Table:
    """One row per session: id, date, title, winner, then every player with points (seat order)."""
    table = Table(keys=1, title=title, title_justify="left")
    fitting = [len(play.id) for play in plays if len(play.id) <= ID_WIDTH]
    table.add_column("ID", max_width=max([ID_FOLD, *fitting]), overflow="fold")
    table.add_column("Date")  # narrowed, it puts the time below the day
    table.add_column("Game")
    table.add_column("Winner", style="bold")
    table.add_column("Players and points")
    for play in plays:
        scores = Units(
            [
                user(r.name).append(f" {r.total}", style="bold" if r.is_winner else "")
                for r in play.results
            ]
        )
        # A solo game has a score but nobody to beat.
        winner = Text("solo", style="dim") if play.is_solo else user_names(play.winners, " & ")
        table.add_row(user(play.id), when(play.played), play.title, winner, scores)
    return table


def print_renamed(console: Console, renamed: Sequence[tuple[str, str]], saved: Path) -> None:
    """For each (old name, name now) a game was just saved with (`saved`): what a `sync` will
    make of it, and how to give the name to someone else instead. Nothing when none."""
    saved_id = short_id(saved.stem)
    for old, now in renamed:
        console.print(
            user(
                f"{old} was renamed {now}: the next `scorekeeper sync` makes this game's {old} "
                f"{now}. If this {old} is someone else, give them another name: "
                f"scorekeeper history edit {saved_id}",
                "yellow",
            )
        )


def play_facts(play: Play) -> Text:
    """The session's own facts above its breakdown: file, date, series, place, notes."""
    text = Text()
    facts = [
        ("File", play.file),
        ("Played", when(play.played)),
        ("Series", play.series),
        ("Location", play.location),
        ("Notes", play.notes),
    ]
    for label, value in facts:
        if value:
            text.append(f"{label}: ", style="bold")
            text.append_text(user(value))
            text.append("\n")
    text.rstrip()
    return text
