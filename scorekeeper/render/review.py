"""The walk-through's review, readable at 80 columns and when piped.

Answers are shown with players as columns whenever the columns fit the terminal (a value a
little long folds onto a second line), so players can be compared line by line and a
three-player Happy Home fits one screen; when values are long (card lists) each player gets
a table of their own instead of squeezed columns. Player names wrap, never get cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console

from scorekeeper.render import print_warnings, user
from scorekeeper.render.table import Table

SHORT = 14  # the widest value that still compares well side by side
NAME = "name"  # the row of player names, which head the columns when players are side by side


def _side_by_side(
    width: int, labels: Sequence[str], players: Sequence[tuple[str, Sequence[tuple[str, str]]]]
) -> bool:
    """Players as columns when the columns fit the width, a value longer than SHORT folding
    onto a second line (a room's colours); else a table per player (long card lists)."""
    if len(players) > 5:
        return False
    columns = [
        min(max([len(name), *(len(v) for label, v in rows if label != NAME)]), SHORT + 4)
        for name, rows in players
    ]
    if any(len(v) > 2 * SHORT for _, rows in players for label, v in rows if label != NAME):
        return False
    label = max((len(text) for text in labels if text != NAME), default=0)
    return label + sum(columns) + 3 * len(players) + 4 <= width


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
    labels = list(dict.fromkeys(label for _, rows in players for label, _ in rows))
    if len(players) > 1 and _side_by_side(console.width, labels, players):
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
