"""Rule notes: one note as a panel, and the table of contents of every title's notes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from rich.panel import Panel

    from scorekeeper.rulebook.notes import Note, Title


def note_panel(note: Note, game_name: str | None, related: Sequence[tuple[str, str]]) -> Panel:
    """One rule note as a panel: its text, examples, how scorekeeper reads it, related notes.

    The title names the game when the answer may come from any title (game_name given).
    Note text is data, not markup: it goes in as literal Text so brackets stay brackets.
    """
    from rich.panel import Panel  # only `rules` draws panels

    heading = Text()
    if game_name:
        heading.append(game_name, style="bold cyan")
        heading.append(": ")
    heading.append(note.title, style="bold")
    body = Text(note.text)
    for example in note.examples:
        body.append("\n\nExample: ", style="bold")
        body.append(example)
    if note.interpretation:
        body.append("\n\nHow scorekeeper reads it: ", style="bold")
        body.append(note.interpretation)
    parts: list[Text | Table] = [body]
    if related:
        parts.append(Text("\nRelated:", style="bold"))
        links = Table.grid(padding=(0, 2))
        links.add_column(style="cyan", no_wrap=True)
        links.add_column(style="dim")
        for note_id, title in related:
            links.add_row(Text("  " + note_id), Text(title))
        parts.append(links)
    return Panel(
        Group(*parts),
        title=heading,
        title_align="left",
        subtitle=Text(f"{note.section} | {note.id}", style="dim"),
        subtitle_align="right",
    )


def rules_contents(titles: Sequence[Title]) -> Group:
    """The table of contents: for each game, every note id with its title and section."""
    tables = []
    for title in titles:
        table = Table(title=f"{title.name} ({title.id})", title_justify="left")
        table.add_column("Id", style="cyan", no_wrap=True)
        table.add_column("Title")
        table.add_column("Rulebook section", style="dim")
        for note in title.notes:
            table.add_row(note.id, Text(note.title), Text(note.section))
        tables.append(table)
    return Group(*tables)
