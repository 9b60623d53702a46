"""The interactive walk-through at the table: a draft walked by the navigator, asked with
questionary.

Every answer goes into a Draft (scorekeeper.walkthrough.draft) which `keep` writes to the data
directory, so an interruption loses nothing typed; a draft resumed carries on where it stopped. The
questions come from scorekeeper.walkthrough (the plan of steps and the navigator), the
prompts from `asker`. Ctrl-C or Ctrl-D raises KeyboardInterrupt: no session is written and the
draft stays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper import render
from scorekeeper.core.breakdown import Outcome
from scorekeeper.errors import StorageError
from scorekeeper.history.renames import group_aliases, renamed_players
from scorekeeper.prompts.asker import TableAsker, select, yes_no
from scorekeeper.render.history import print_renamed
from scorekeeper.render.qr import print_link_and_code
from scorekeeper.render.score import print_outcome
from scorekeeper.session import Session
from scorekeeper.walkthrough import flow
from scorekeeper.walkthrough.draft import Draft
from scorekeeper.walkthrough.navigator import Navigator
from scorekeeper.walkthrough.table import Table

if TYPE_CHECKING:
    from rich.console import Console


def walk_through(console: Console, table: Table) -> Path | None:
    """The whole table-side flow over `table.draft`: the questions, the review, the scores,
    the series, saving and the BG Stats offer; returns the saved file, or None when
    declined. A save that fails (a full disk) offers to try again."""
    intro = "Scoring. Type < to go back; every answer is kept until the game is saved."
    console.print(render.user(intro, "bold"))
    draft = table.draft
    renamed = group_aliases(table.home).names if table.home is not None else {}
    plan, check = flow.planner(
        draft, table.known_names, table.recall, table.home, table.ruled, renamed
    )
    Navigator(draft, plan, TableAsker(console), table.keep, check).run()
    session = flow.finished(draft, table.home)
    session = table.ruled(session)
    outcome = session.score()
    print_outcome(console, outcome, session.game.name)
    session = replace(session, series=ask_series(table.open_series(session.game)) or session.series)
    if not yes_no("Save this session?", default=True):
        return None
    same = table.duplicate(session)
    if same is not None:
        console.print(render.user(f"This game is saved already, as {same}.", "yellow"))
        if not select("Save it again?", [("Don't save it", False), ("Keep both", True)]):
            return None
    path = _save(console, table, session, outcome)
    console.print(render.user(f"Saved {path}", "green"))
    if table.home is not None:
        print_renamed(console, renamed_players(table.home, session.names), path)
    default = table.sharing()
    if default is not None:
        question = "Show a link and QR code to add this play to BG Stats?"
        wanted = yes_no(question, default=default)
        if wanted != default:
            table.remember_sharing(wanted)
        if wanted:
            print_link_and_code(console, table.play_link(path, session, outcome))
    return path


def _save(console: Console, table: Table, session: Session, outcome: Outcome) -> Path:
    while True:  # a full disk: make room and try again, nothing typed is lost
        try:
            return table.save(session, outcome)
        except StorageError as error:
            if not retry_save(console, str(error), table.kept):
                raise KeyboardInterrupt from None


def ask_series(open_series: Sequence[tuple[str, str]]) -> str | None:
    """Which open series this game belongs to; None for none (not asked when none is open)."""
    if not open_series:
        return None
    options = [("No series", ""), *((label, series_id) for series_id, label in open_series)]
    picked: str = select("Part of a series?", options)
    return picked or None


def retry_save(console: Console, error: str, kept: Path | None) -> bool:
    """The session could not be written (a full disk): try again once there is room (True),
    or stop with every answer kept for --resume (False)."""
    where = f"kept in {kept}" if kept is not None else "held here until there is room"
    console.print(
        render.user(f"The game is not saved: {error}. Every answer is {where}.", "yellow")
    )
    again: bool = select(
        "Make room, then:", [("Try again", True), ("Stop here (resume later)", False)]
    )
    return again


def offer_draft(console: Console, draft: Draft) -> bool:
    """Ask whether to carry on with a kept draft (True) or drop it for a new game (False)."""
    console.print(render.user(f"Unfinished game kept from last time: {draft.summary()}.", "bold"))
    resume: bool = select(
        "Carry on with it?",
        [("Resume it", True), ("Discard it and start a new game", False)],
    )
    return resume
