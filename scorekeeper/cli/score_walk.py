"""`scorekeeper score [GAME]`: the walk-through at the table, run by a TableSession."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import typer

from scorekeeper import render
from scorekeeper.cli.common import AppState, fail, user_errors
from scorekeeper.cli.records import report_unreadable
from scorekeeper.errors import ExitStatus
from scorekeeper.games import GAMES, find_game
from scorekeeper.history.series_archive import checked_series
from scorekeeper.prompts.at_table import run
from scorekeeper.storage.documents import draft_path
from scorekeeper.walkthrough.draft import KIND
from scorekeeper.walkthrough.plan import title_module
from scorekeeper.walkthrough.table import TableSession

if TYPE_CHECKING:
    from scorekeeper.games.base import Game


def walk_through(
    state: AppState, name: str | None, series: str | None, resume: bool, discard: bool, live: bool
) -> None:
    console = render.make_console()
    with user_errors():
        game = _game(name, live)
        if series is not None:
            joining = checked_series(state.home, series, game)
            report_unreadable(joining.broken)
            series, game = joining.name, joining.game
        warn = lambda text: render.print_warnings(console, [text])  # noqa: E731
        with TableSession.open(state.home, warn) as table:
            if table is None:
                kept = draft_path(state.home, KIND)
                raise fail(
                    f"a walk-through is open in another terminal (its answers are kept "
                    f"in {kept}); finish it there, or stop it with Ctrl-C, then run this "
                    "again"
                )
            table.series = series
            table.program = state.program
            errors = render.make_console(stderr=True)
            draft = table.start(
                game.id if game else None,
                discard=discard,
                resume=resume,
                tell=lambda text: console.print(text, markup=False),
                warn=lambda text: render.print_warnings(errors, [text]),
            )
            _need_terminal()
            if not run(
                console,
                table,
                draft,
                resume=resume,
                game=game,
                live=live,
                command=f"{table.program} score",
            ):
                raise typer.Exit(ExitStatus.INTERRUPTED)


def _need_terminal() -> None:
    """The walk-through asks on a terminal and draws its questions there."""
    if not sys.stdin.isatty():
        raise fail("the walk-through asks questions in a terminal; to score a file use --from FILE")
    if not sys.stdout.isatty():  # its questions would go into the file, unseen
        raise fail(
            "the walk-through draws its questions on the terminal, not into a redirected "
            "output; to score a file use --from FILE (with --json for a result to "
            "redirect)"
        )


def _game(name: str | None, live: bool) -> Game[Any, Any] | None:
    """The game named on the command line; --live needs one that can be kept during play."""

    game = find_game(name) if name else None
    if not live:
        return game
    lively = [g for g in GAMES if getattr(title_module(g), "LIVE", False)]
    if game is None and len(lively) == 1:
        return lively[0]
    if game is None or game not in lively:
        ids = ", ".join(g.id for g in lively)
        raise fail(f"--live is for games kept round by round during play ({ids}), not {name!r}")
    return game
