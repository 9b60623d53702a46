"""`games show`: a title's facts, what the walk-through asks, its rule notes, its cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from scorekeeper.render import user
from scorekeeper.render.rules import command_hint, note_lines
from scorekeeper.render.table import Table

if TYPE_CHECKING:
    from scorekeeper.fields import Field
    from scorekeeper.games.base import Game
    from scorekeeper.games.catalogue_rows import CardRow


def game_facts(game: Game[Any, Any], notes: Sequence[tuple[str, str]]) -> Group:
    """Name, id, players and aliases; the questions, once per game then for each player; the
    rule notes by id and title."""
    heading = Text(f"{game.name} ({game.id})", style="bold")
    facts = Text(f"Players: {game.players_text}")
    if game.aliases:
        facts.append(f"    Also called: {', '.join(game.aliases)}")
    parts: list[Text | Table | Group] = [heading, facts]
    if game.settings_fields:
        parts.append(fields_table("Asked once per game", game.settings_fields))
    parts.append(fields_table("Asked for each player", game.player_fields))
    parts.append(note_lines("Rule notes", notes))
    parts.append(command_hint("Read one in full", "scorekeeper rules show ID"))
    return Group(*parts)


def fields_table(title: str, fields: Sequence[Field]) -> Table:
    """One row per question: its label and file key, its help and what it allows."""
    table = Table(title=title, title_justify="left", title_style="bold")
    table.add_column("Question", ratio=1)
    table.add_column("Help", ratio=3)
    for field in fields:
        label = Text(field.label)
        label.append(f"\n{field.key}", style="dim")
        if not field.required:
            label.append(" (optional)", style="dim")
        help_text = Text(field.help)
        help_text.append(f"\n{field.allowed()}", style="dim")
        table.add_row(label, help_text)
    return table


def cards_table(rows: Sequence[CardRow], user_file: str) -> Group:
    """The card catalogue; the user's own cards (added or corrected) marked with *."""
    table = Table(title="Cards", title_justify="left", title_style="bold", expand=True)
    table.add_column("Card", ratio=3)
    table.add_column("Kind", ratio=3)
    table.add_column("VP", justify="right", no_wrap=True)
    table.add_column("Bonus", ratio=6)
    table.add_column("Stores", ratio=3)
    for row in rows:
        name = user(row.name)
        if row.yours:
            name.append(" *", style="bold")
        kind = row.kind if row.type is None else f"{row.kind}, {row.type}"
        table.add_row(name, kind, str(row.vp), user(row.bonus or "-"), row.stores or "-")
    parts: list[Text | Table] = [table]
    if any(row.yours for row in rows):
        parts.append(user(f"* added or corrected by your {user_file}", "dim"))
    return Group(*parts)
