"""The interactive walk-through at the table: a draft walked by the navigator, asked with
questionary.

Every answer goes into a Draft (scorekeeper.draft) which `keep` writes to the data directory,
so an interruption loses nothing typed; a draft resumed carries on where it stopped. The
questions come from scorekeeper.walkthrough (the plan of steps and the navigator), the
prompts from `asker`. Ctrl-C or Ctrl-D raises KeyboardInterrupt: no session is written and the
draft stays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import questionary
from rich.console import Console

from scorekeeper import render
from scorekeeper.core.breakdown import Outcome
from scorekeeper.draft import Draft
from scorekeeper.games.base import Game
from scorekeeper.prompts.asker import answer, select
from scorekeeper.session import Session
from scorekeeper.walkthrough import flow
from scorekeeper.walkthrough.navigator import Navigator


@dataclass(frozen=True)
class Sharing:
    """The offer after saving to send the play to BG Stats: the answer last given (the
    default), where to remember the new one, and how to show the link and QR code."""

    default: bool
    remember: Callable[[bool], None]
    show: Callable[[Path, Session, Outcome], None]


def walk_through(
    console: Console,
    draft: Draft,
    save: Callable[[Session, Outcome], Path],
    *,
    known_names: Sequence[str] = (),
    recall: Callable[[str], dict[str, Any]] = lambda game: {},
    keep: Callable[[Draft], None] = lambda draft: None,
    offer_series: Callable[[Game[Any, Any]], Sequence[tuple[str, str]]] | None = None,
    sharing: Sharing | None = None,
    duplicate: Callable[[Session], str | None] | None = None,
    home: Path | None = None,
) -> Path | None:
    """The whole table-side flow over `draft`; returns the saved file, or None when declined.

    `recall(game)` gives answers remembered from earlier games; `offer_series(game)` the open
    series (id, description) the game may join; `duplicate(session)` the id of a saved game
    with the same inputs, if any; `home` the data directory whose user data (a card
    catalogue) the answers are checked against.
    """
    from scorekeeper.prompts.asker import TableAsker

    intro = "Scoring. Type < to go back; every answer is kept until the game is saved."
    console.print(render.user(intro, "bold"))
    plan, check = flow.planner(draft, known_names, recall, home)
    Navigator(draft, plan, TableAsker(console), keep, check).run()
    session = flow.finished(draft, home)
    outcome = session.score()
    from scorekeeper.render.score import print_outcome

    print_outcome(console, outcome, session.game.name)
    if offer_series is not None:
        session = replace(session, series=ask_series(offer_series(session.game)) or session.series)
    if not answer(questionary.confirm("Save this session?", default=True)):
        return None
    same = duplicate(session) if duplicate is not None else None
    if same is not None:
        console.print(render.user(f"This game is saved already, as {same}.", "yellow"))
        if not select("Save it again?", [("Don't save it", False), ("Keep both", True)]):
            return None
    path = save(session, outcome)
    console.print(render.user(f"Saved {path}", "green"))
    if sharing is not None:
        question = "Show a link and QR code to add this play to BG Stats?"
        wanted = bool(answer(questionary.confirm(question, default=sharing.default)))
        if wanted != sharing.default:
            sharing.remember(wanted)
        if wanted:
            sharing.show(path, session, outcome)
    return path


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
    console.print(render.user(f"The game is not saved: {error}. Every answer is {where}.",
                              "yellow"))
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

