"""The walk-through's review, readable at 80 columns and when piped.

Answers are shown with players as columns when every value is short, so players can be
compared line by line; when values are long (card lists) each player gets a table of their
own instead of squeezed columns. Player names wrap, never get cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console

from scorekeeper.render import print_warnings, user
from scorekeeper.render.table import Table

SHORT = 14  # the widest value that still compares well side by side
NAME = "name"  # the row of player names, which head the columns when players are side by side


def review(
    console: Console,
    settings: Sequence[tuple[str, str]],
    players: Sequence[tuple[str, Sequence[tuple[str, str]]]],
    warnings: Sequence[str],
    problem: str | None,
) -> None:
    """Settings as lines, then the players' answers; then warnings and what blocks scoring."""
    console.print(user("Please check", "bold"))
    for label, value in settings:
        console.print(user(f"{label}: {value}"))
    values = [value for _, rows in players for label, value in rows if label != NAME]
    labels = list(dict.fromkeys(label for _, rows in players for label, _ in rows))
    if len(players) > 1 and all(len(v) <= SHORT for v in values) and len(players) <= 5:
        table = Table(title_justify="left")
        table.add_column("Answer", overflow="fold")
        for name, _ in players:
            table.add_column(user(name), justify="right", overflow="fold")
        by_player = [dict(rows) for _, rows in players]
        for label in labels:
            if label == NAME:  # the column headers
                continue
            table.add_row(user(label), *(user(rows.get(label, "")) for rows in by_player))
        console.print(table)
    else:
        for name, rows in players:
            table = Table(title=user(name, "bold"), title_justify="left", show_header=False)
            table.add_column("Answer", overflow="fold")
            table.add_column("Value", overflow="fold", ratio=1)
            for label, value in rows:
                table.add_row(user(label), user(value))
            console.print(table)
    print_warnings(console, warnings)
    if problem:
        console.print(user(f"Cannot score yet: {problem}", "bold red"))

