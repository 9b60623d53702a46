"""Rule notes: one note as a panel, other answers as one line each, and the table of contents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from scorekeeper.render import user

if TYPE_CHECKING:
    from rich.console import Console
    from rich.panel import Panel

    from scorekeeper.rulebook import Hit, Index
    from scorekeeper.rulebook.notes import Chapter, Library, Note


def note_panel(note: Note, game_name: str | None, related: Sequence[tuple[str, str]]) -> Panel:
    """One rule note as a panel: its text, examples, how scorekeeper reads it, related notes.

    The title names the game when the answer may come from any title (game_name given).
    Note text is data, not markup: it goes in as literal Text so brackets stay brackets.
    """
    from rich.panel import Panel  # noqa: PLC0415 (only `rules` draws panels; `games` uses the rest)

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


def print_answer(
    console: Console,
    index: Index,
    question: str,
    title: str | None,
    hits: list[Hit],
    close: int,
    good: bool,
) -> None:
    """`rules QUESTION`: the best note in full, close ones and others as lines, and what to
    try next (another game's words, `--game`, the notes of a game)."""
    rows = [(hit.note.id, hit.note.title) for hit in hits]
    if good:
        print_notes(console, index.library, [hits[0].note], show_game=title is None)
        rows = rows[1:]
        if close:
            console.print(note_lines("Also possible (scored close to it):", rows[:close]))
        if rows[close:]:
            console.print(note_lines("Other answers:", rows[close:]))
    else:
        console.print(user(f"No rule note answers {question!r} well."))
        if rows:
            console.print(note_lines("Nearest notes, probably not what you asked:", rows))
    if rows:
        console.print(command_hint("Read one in full", "scorekeeper rules show ID"))
    if (
        good
        and title is None
        and {hit.note.game for hit in hits[: close + 1]} != {hits[0].note.game}
    ):  # "who starts?": every title has an answer, and they differ
        console.print(
            command_hint("Other games answer this too; for one game's rule add", "--game GAME")
        )
    other = index.other_title(question, title, hits) if title is not None else None
    if other is not None:
        name = index.library.title(other).name
        console.print(command_hint(f"These words belong to {name}; ask with", f"--game {other}"))
    if not good:
        console.print(
            command_hint("See a game's notes", f"scorekeeper rules list {title or 'GAME'}")
        )
        if title is None:
            names = ", ".join(t.id for t in index.library.titles)
            console.print(user(f"GAME is one of: {names}", style="dim"))


def print_notes(console: Console, library: Library, notes: list[Note], *, show_game: bool) -> None:
    """Each note as a panel, with the notes related to it (and its game, with `show_game`)."""
    for note in notes:
        related = [(r, library.notes[r].title) for r in note.related if r in library.notes]
        name = library.title_of(note).name if show_game else None
        console.print(note_panel(note, name, related))
