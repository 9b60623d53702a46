"""`scorekeeper score` at the table: a kept draft offered, a new series confirmed, the
walk-through run with Ctrl-C held to safe points, and the one true word when it stops."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper import render
from scorekeeper.errors import InputError
from scorekeeper.games.base import Game
from scorekeeper.prompts.asker import select
from scorekeeper.prompts.interrupts import HELD
from scorekeeper.prompts.walk import offer_draft, walk_through
from scorekeeper.text.suggest import did_you_mean
from scorekeeper.walkthrough.draft import Draft
from scorekeeper.walkthrough.table import TableSession, new_draft

if TYPE_CHECKING:
    from rich.console import Console


def run(
    console: Console,
    table: TableSession,
    draft: Draft | None,
    *,
    resume: bool = False,
    game: Game[object, object] | None = None,
    live: bool = False,
    command: str = "scorekeeper score",
) -> bool:
    """The walk-through over `table`, from `draft` (offered first unless `resume`) or a new
    one; False when Ctrl-C or Ctrl-D stopped it (after saying what became of the answers)."""
    try:
        with HELD.held():  # Ctrl-C between prompts stops at the next safe point
            if table.series is not None:
                _start_series(console, table, table.series)
            if draft is not None and not resume and not offer_draft(console, draft):
                dropped = table.drop_draft()
                console.print(
                    f"Its answers are kept in {dropped}; "
                    f"`{table.restore_command(dropped)}` brings it back.",
                    markup=False,
                )
                draft = None
            table.draft = draft or new_draft(game, live)
            saved = walk_through(console, table)
            aside = table.finish(saved is not None)
            if saved is None and aside is not None:
                console.print(
                    f"Not saved; the answers are kept in {aside}; "
                    f"`{table.restore_command(aside)}` brings them back.",
                    markup=False,
                )
            elif saved is None:
                console.print("Not saved.")
            elif table.series:
                console.print(f"It counts in the series {table.series}.", markup=False)
            HELD.checkpoint()
        return True
    except KeyboardInterrupt:
        _stopped(console, table, command)
        return False


def _stopped(console: Console, table: TableSession, command: str) -> None:
    """The one message that is true when Ctrl-C came."""
    if table.saved_as is not None:  # after the save: the game is in the history
        table.finish(True)
        console.print(f"\nStopped. The game was saved as {table.saved_as}.", markup=False)
    elif table.kept is not None:
        console.print(
            f"\nStopped. Every answer so far is kept in {table.kept};\n"
            f"run `{command} --resume` to carry on.",
            markup=False,
        )
    else:
        console.print("\nCancelled: nothing was saved.")


def _start_series(console: Console, table: TableSession, series: str) -> None:
    """Name the series the game joins; one that does not exist yet (a typo?) is started only
    when the table says so, with the names it may have meant."""
    known, names = table.is_series_known(series)
    if known:
        console.print(render.user(f"This game joins the series {series}."))
        return
    near = did_you_mean(series, names)
    console.print(render.user(f"There is no series {series} yet{f'; {near}' if near else '.'}"))
    if not select(
        f"Start the series {series} with this game?",
        [(f"Yes: start {series}", True), ("No: stop here", False)],
    ):
        raise InputError(f"no series {series!r}; nothing was asked (`scorekeeper series list`)")
