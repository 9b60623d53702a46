"""Rule notes: one note as a panel, other answers as one line each, and the table of contents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from rich.panel import Panel

    from scorekeeper.rulebook.notes import Chapter, Note


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


def note_lines(heading: str, rows: Sequence[tuple[str, str]]) -> Group:
    """A heading, then one line per note: its id (to pass to `rules show`) and its title."""
    lines = Table.grid(padding=(0, 2))
    lines.add_column(style="cyan", no_wrap=True)
    lines.add_column()
    for note_id, title in rows:
        lines.add_row(Text("  " + note_id), Text(title))
    return Group(Text(heading, style="bold"), lines)


def command_hint(what: str, command: str) -> Text:
    """ "Read one in full: scorekeeper rules show ID", the command standing out."""
    hint = Text(f"{what}: ", style="dim")
    hint.append(command, style="bold")
    return hint


def rules_contents(titles: Sequence[Chapter]) -> Group:
    """The table of contents, readable at 80 columns: each game, its rulebook sections (in the
    order the notes first cite them), and under each section every note taken from it, by
    its id within the game and its title.
    """
    parts: list[Text | Table] = []
    for title in titles:
        if parts:
            parts.append(Text(""))
        parts.append(Text(f"{title.name} ({title.id})", style="bold"))
        parts.append(command_hint("  Read a note", f"scorekeeper rules show {title.id}.ID"))
        sections: dict[str, list[Note]] = {}
        for note in title.notes:
            sections.setdefault(note.section, []).append(note)
        prefix = f"{title.id}."
        width = 4 + max(len(note.id.removeprefix(prefix)) for note in title.notes)
        for section, notes in sections.items():
            parts.append(Text("  " + section, style="italic"))
            lines = Table.grid(padding=(0, 2))
            lines.add_column(style="cyan", no_wrap=True, width=width)
            lines.add_column()
            for note in notes:
                lines.add_row(Text("    " + note.id.removeprefix(prefix)), Text(note.title))
            parts.append(lines)
    return Group(*parts)
