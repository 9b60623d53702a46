"""Everything rich draws, and the only package that imports rich. User text is never markup.

This module holds what every drawing shares (consoles, user text, hints, warnings, the review
table, dates); `score`, `rules`, `history`, `series` and `stats` draw one kind of answer each.
`sentences` words results (tie-breaks, warnings) without rich, for JSON and saved files too,
so this module imports rich only inside the functions that draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

from scorekeeper.text import visible

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from scorekeeper.storage.sessions import Unreadable


def user(text: str, style: str = "") -> Text:
    """A rich Text for user-typed words: literal (no markup), control characters escaped."""
    from rich.text import Text

    return Text(visible(text), style=style)


def make_console(stderr: bool = False) -> Console:
    """No highlighting or :emoji: codes: nothing here is markup, and the codes cost start-up."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, emoji=False)


def print_warnings(console: Console, warnings: Sequence[str]) -> None:
    """One line per warning: wrapped at words in a terminal, whole in a log or a pipe."""
    from rich.text import Text

    for warning in warnings:
        line = Text("Warning: ", style="bold yellow").append_text(user(warning))
        console.print(line, soft_wrap=not console.is_terminal)


def rule_hint(rule: str, help_text: str = "") -> Text:
    """A dim line pointing at the rule note behind a question or a result."""
    from rich.text import Text

    text = Text(help_text + (" " if help_text else ""), style="dim")
    text.append(f"(scorekeeper rules show {rule})", style="dim italic")
    return text


def rule_text(title: str, text: str) -> Text:
    """A rule note shown where its question is first asked."""
    from rich.text import Text

    line = Text(f"{title}: ", style="bold dim")
    line.append(" ".join(text.split()), style="dim")
    return line


def review_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    """What was entered, one row per player, before anything is scored or saved."""
    from scorekeeper.render.table import Table  # noqa: PLC0415 (it is drawn with rich)

    table = Table(title=title, title_justify="left")
    for header in headers:
        table.add_column(header)
    for row in rows:
        table.add_row(*(user(cell) for cell in row))
    return table


def when(played: date | datetime | None) -> str:
    """'2026-11-27 20:15', '2026-11-22' or '-'."""
    if isinstance(played, datetime):
        return played.strftime("%Y-%m-%d %H:%M")
    return played.isoformat() if played else "-"


def user_names(names: Sequence[str], sep: str = ", ") -> Text:
    """Several user-typed names as one literal Text, joined by `sep`."""
    from rich.text import Text

    return Text(sep).join(user(name) for name in names)


def print_unreadable(console: Console, items: Sequence[Unreadable]) -> None:
    """One line per file that could not be used, with its path and the reason."""
    from rich.text import Text

    for item in items:
        line = Text("Unreadable: ", style="bold yellow")
        reason = item.reason if str(item.path) in item.reason else f"{item.path}: {item.reason}"
        console.print(line.append_text(user(reason)), soft_wrap=True)
