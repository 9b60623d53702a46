"""`scorekeeper score`: the walk-through, or a session file scored without prompting."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli.common import AppState, app, fail, user_errors

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Outcome
    from scorekeeper.session import Session


@app.command("score")
def score(
    ctx: typer.Context,
    game: Annotated[
        str | None, typer.Argument(help="Game id or alias (see `scorekeeper games`).")
    ] = None,
    from_file: Annotated[
        Path | None, typer.Option("--from", help="Score this session file without prompting.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="With --from: print JSON.")] = False,
    save: Annotated[
        bool, typer.Option("--save", help="With --from: also save it into the history.")
    ] = False,
    series: Annotated[
        str | None, typer.Option("--series", help="Add the game to this series (see `series`).")
    ] = None,
    live: Annotated[
        bool, typer.Option("--live", help="First Snow: keep score round by round during play.")
    ] = False,
) -> None:
    """Score a game: walk through it at the table, or score a file with --from."""
    state: AppState = ctx.obj
    if live:
        if from_file is not None or as_json or save or series:
            raise fail("--live cannot be combined with --from, --json, --save or --series")
        from scorekeeper.cli.live import run

        run(state, game)
        return
    if from_file is None:
        if as_json or save:
            raise fail("--json and --save go with --from FILE")
        _walk_through(state, game, series)
        return
    if series is not None and not save:
        raise fail("--series with --from needs --save")
    with user_errors():
        _score_file(state, game, from_file, as_json, save, series)


def _score_file(
    state: AppState, game: str | None, path: Path, as_json: bool, save: bool, series: str | None
) -> None:
    from scorekeeper import render
    from scorekeeper.errors import InputError
    from scorekeeper.games import find_game
    from scorekeeper.session import outcome_to_json
    from scorekeeper.storage import read_session, save_session

    session = read_session(path)
    if game is not None and find_game(game) is not session.game:
        raise fail(f"{path}: key 'game': the file is a {session.game.id!r} session, not {game!r}")
    if series is not None:
        from scorekeeper.cli.series import checked_series

        session = replace(session, series=checked_series(state.home, series, session.game)[0])
    try:
        outcome = session.score()
    except InputError as error:  # a tie-breaker the file left out: name the file too
        raise error.at(file=str(path)) from None
    saved = save_session(session, outcome, state.home) if save else None
    if as_json:
        typer.echo(json.dumps(outcome_to_json(outcome), ensure_ascii=False))
    else:
        render.print_outcome(render.make_console(), outcome, session.game.name, show_warnings=False)
    if outcome.warnings:
        render.print_warnings(render.make_console(stderr=True), outcome.warnings)
    if saved is not None:
        typer.echo(f"Saved {saved}", err=as_json)


def _walk_through(state: AppState, game_name: str | None, series: str | None) -> None:
    from scorekeeper import render
    from scorekeeper.cli.series import checked_series, series_offer
    from scorekeeper.games import find_game
    from scorekeeper.storage import known_players, save_session

    with user_errors():
        game = find_game(game_name) if game_name else None
        home = state.home
        known = known_players(home)
        if series is not None:
            series, game = checked_series(home, series, game)
    from scorekeeper.prompts import walk_through

    def save(session: Session, outcome: Outcome) -> Path:
        return save_session(replace(session, series=series or session.series), outcome, home)

    console = render.make_console()
    try:
        with user_errors():
            offer = None if series else series_offer(home)
            walk_through(console, game, known, save, home, offer_series=offer)
    except KeyboardInterrupt:
        console.print("\nCancelled: nothing was saved.")
        raise typer.Exit(130) from None
