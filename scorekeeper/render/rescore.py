"""`history rescore` drawn: the results that differ from what was saved and why, and the
games another house ruling would change."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.history.plays import Difference
from scorekeeper.history.rescore import Cause, Rescored, RulingEffect
from scorekeeper.render import user, when
from scorekeeper.render.history import ID_WIDTH
from scorekeeper.render.table import Table

if TYPE_CHECKING:
    from scorekeeper.history.plays import Play


CAUSES = {  # see docs/session-format.md, "Kept true to the inputs"
    Cause.RULES: "the rules",
    Cause.CORRECTED: "a correction",
    Cause.UNKNOWN: "unknown: an old file",
}


def difference_text(difference: Difference) -> str:
    """'Ana: total 5 -> 6', 'Ben: not in the stored result', 'winners: Ana -> Ana, Ben'."""
    match difference.kind:
        case "missing":
            return f"{difference.name}: not in the stored result"
        case "winners":
            before = difference.before
            was = "?" if not isinstance(before, tuple) else ", ".join(before) or "-"
            now = difference.after if isinstance(difference.after, tuple) else ()
            return f"winners: {was} -> {', '.join(now)}"
        case _:
            return f"{difference.name}: {difference.kind} {difference.before} -> {difference.after}"


def _changes_text(changes: Sequence[Difference]) -> str:
    return "\n".join(difference_text(change) for change in changes)


def rescore_table(changed: Sequence[tuple[Play, Sequence[Difference], Cause]]) -> Table:
    table = Table(title="Results that differ from what was saved", title_justify="left")
    table.add_column("ID", max_width=ID_WIDTH, overflow="fold")
    table.add_column("Date", no_wrap=True)
    table.add_column("Game")
    table.add_column("What changed (stored -> now)")
    table.add_column("Changed by")
    for play, changes, cause in changed:
        table.add_row(
            user(play.id),
            when(play.played),
            play.title,
            user(_changes_text(changes)),
            CAUSES[cause],
        )
    return table


def rescore_summary(rescored: Rescored) -> str:
    summary = f"Re-scored {len(rescored.plays)} sessions: {len(rescored.changed)} changed"
    if rescored.without_record:
        summary += (
            f", {rescored.without_record} without a stored result to compare (written by hand)"
        )
    return summary + "."


def ruling_effects_table(effects: Sequence[RulingEffect]) -> Table:
    """Saved games that another choice on an open point would change (`history rescore`)."""
    table = Table(
        title="Games a different house ruling would change (see `scorekeeper rulings`)",
        title_justify="left",
    )
    table.add_column("ID", no_wrap=True)
    table.add_column("Ruling")
    table.add_column("What would change", no_wrap=True)
    for effect in effects:
        table.add_row(
            user(effect.play.id),
            f"{effect.ruling} = {effect.choice}",
            user(_changes_text(effect.changes)),
        )
    return table
