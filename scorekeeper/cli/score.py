"""`scorekeeper score`: the walk-through, or a session file scored without prompting."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.records import report_unreadable
from scorekeeper.errors import ExitStatus

if TYPE_CHECKING:

    from scorekeeper.games.base import Game


app = command_app()


@app.command("score")
def score(
    ctx: typer.Context,
    game: Annotated[
        str | None,
        typer.Argument(
            help="Game id or alias (see `scorekeeper games`).", autocompletion=complete.games
        ),
    ] = None,
    from_file: Annotated[
        Path | None, typer.Option("--from", help="Score this session file without prompting.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="With --from: print JSON.")] = False,
    save: Annotated[
        bool, typer.Option("--save", help="With --from: also save it into the history.")
    ] = False,
    series: Annotated[
        str | None,
        typer.Option(
            "--series",
            help="Add the game to this series (see `series`).",
            autocompletion=complete.series,
        ),
    ] = None,
    live: Annotated[
        bool, typer.Option("--live", help="Keep score round by round during play (First Snow).")
    ] = False,
    resume: Annotated[
        bool, typer.Option("--resume", help="Carry on with the unfinished walk-through.")
    ] = False,
    discard_draft: Annotated[
        bool,
        typer.Option("--discard-draft", help="Put the unfinished walk-through aside; start anew."),
    ] = False,
    allow_duplicate: Annotated[
        bool,
        typer.Option(
            "--allow-duplicate",
            help="With --save: save even when the same game (day, players, answers) is saved.",
        ),
    ] = False,
    ruling: Annotated[
        list[str] | None,
        typer.Option(
            "--ruling",
            metavar="ID=VALUE",
            help="With --from: try a house ruling out (see `rulings`), changing nothing.",
        ),
    ] = None,
) -> None:
    """Score a game: walk through it at the table, or score a file with --from.

    Every answer is kept as a draft until the session is saved; an interrupted walk-through
    is offered again by the next `scorekeeper score`.
    """
    state: AppState = ctx.obj
    if from_file is None:
        if as_json or save:
            raise fail("--json and --save go with --from FILE")
        if resume and discard_draft:
            raise fail("--resume and --discard-draft exclude each other")
        _walk_through(state, game, series, resume, discard_draft, live)
        return
    if resume or discard_draft or live:
        raise fail("--resume, --discard-draft and --live go with the walk-through, not --from FILE")
    if series is not None and not save:
        raise fail("--series with --from needs --save")
    if allow_duplicate and not save:
        raise fail("--allow-duplicate goes with --save")
    if ruling and save:
        raise fail("--ruling tries a ruling out; to keep one, use `scorekeeper rulings set`")
    with user_errors():
        _score_file(state, game, from_file, as_json, save, series, allow_duplicate, ruling or [])


def _score_file(
    state: AppState,
    game: str | None,
    path: Path,
    as_json: bool,
    save: bool,
    series: str | None,
    allow_duplicate: bool,
    trying: list[str],
) -> None:
    from scorekeeper.errors import InputError
    from scorekeeper.games import find_game
    from scorekeeper.render.outcome import outcome_to_json
    from scorekeeper.render.sentences import warnings_text
    from scorekeeper.session import tried
    from scorekeeper.storage import read_session
    from scorekeeper.storage.rulings import group_rulings

    session = read_session(path, lambda: state.home)  # worked out only if the title needs it
    if game is not None and find_game(game) is not session.game:
        raise fail(f"{path}: key 'game': the file is a {session.game.id!r} session, not {game!r}")
    session = tried(session.ruled_by(group_rulings(state.home, session.game)), trying)
    if series is not None:
        from scorekeeper.history.series_archive import checked_series

        joining = checked_series(state.home, series, session.game)
        report_unreadable(joining.broken)
        session = replace(session, series=joining.name)
    try:
        outcome = session.score()
    except InputError as error:  # a tie-breaker the file left out: name the file too
        raise error.at(file=str(path)) from None
    saved = None
    if save:
        from scorekeeper.history.archive import save_played

        saved = save_played(session, outcome, state.home, allow_duplicate=allow_duplicate)
    if as_json:
        import json

        typer.echo(json.dumps(outcome_to_json(outcome), ensure_ascii=False))
    else:
        from scorekeeper import render  # rich: not needed for JSON without warnings
        from scorekeeper.render.score import print_outcome

        print_outcome(render.make_console(), outcome, session.game.name, show_warnings=False)
    warnings = warnings_text(outcome)
    if warnings:
        from scorekeeper import render

        render.print_warnings(render.make_console(stderr=True), warnings)
    if saved is not None:
        typer.echo(f"Saved {saved}", err=as_json)


def _walk_through(
    state: AppState, name: str | None, series: str | None, resume: bool, discard: bool, live: bool
) -> None:
    from scorekeeper import render
    from scorekeeper.history.series_archive import checked_series
    from scorekeeper.storage import draft_path
    from scorekeeper.walkthrough.draft import KIND
    from scorekeeper.walkthrough.table import TableSession

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
                raise fail(f"a walk-through is open in another terminal (its answers are kept "
                           f"in {kept}); finish it there, or stop it with Ctrl-C, then run this "
                           "again")
            table.series = series
            errors = render.make_console(stderr=True)
            draft = table.start(game.id if game else None, discard=discard, resume=resume,
                                tell=lambda text: console.print(text, markup=False),
                                warn=lambda text: render.print_warnings(errors, [text]))
            _need_terminal()
            from scorekeeper.prompts.at_table import run

            if not run(console, table, draft, resume=resume, game=game, live=live,
                       command=_command(state)):
                raise typer.Exit(ExitStatus.INTERRUPTED)


def _need_terminal() -> None:
    """The walk-through asks on a terminal and draws its questions there."""
    if not sys.stdin.isatty():
        raise fail("the walk-through asks questions in a terminal; to score a file use --from FILE")
    if not sys.stdout.isatty():  # its questions would go into the file, unseen
        raise fail("the walk-through draws its questions on the terminal, not into a redirected "
                   "output; to score a file use --from FILE (with --json for a result to "
                   "redirect)")


def _game(name: str | None, live: bool) -> Game[Any, Any] | None:
    """The game named on the command line; --live needs one that can be kept during play."""
    from scorekeeper.games import GAMES, find_game
    from scorekeeper.walkthrough.plan import title_module

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


def _command(state: AppState) -> str:
    """How to run `score` again against the same data directory."""
    import shlex

    from scorekeeper.storage import HOME_ENV

    if state.home_option is None or os.environ.get(HOME_ENV) == str(state.home_option):
        return "scorekeeper score"
    return f"scorekeeper --home {shlex.quote(str(state.home_option))} score"
