"""The points the rulebooks leave open, as `scorekeeper rulings` lists them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from scorekeeper.render import user


def rulings_text(entries: Sequence[dict[str, Any]]) -> Text:
    """One block per point: id and what it decides, the rulebook's words, the choices (the
    rulebook's reading first), the group's current choice and the note to read."""
    text = Text()
    if not entries:
        return text.append("This game has no house rulings: its rulebook settles every point.")
    for index, entry in enumerate(entries):
        if index:
            text.append("\n\n")
        text.append(entry["id"], style="bold")
        text.append(": ").append_text(user(entry["about"]))
        text.append("\n  Rulebook: ").append_text(user(entry["words"]))
        choices = [
            f"{c} (the rulebook's reading)" if c == entry["default"] else str(c)
            for c in entry["choices"]
        ]
        text.append("\n  Choices: " + ", ".join(choices))
        house = entry["current"] != entry["default"]
        text.append("\n  Current: ")
        text.append(str(entry["current"]), style="bold yellow" if house else "bold")
        text.append(" (house ruling)" if house else " (the rulebook's reading)")
        text.append(f"\n  Note: scorekeeper rules show {entry['note']}", style="dim")
    return text
