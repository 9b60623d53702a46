"""`scorekeeper score --from FILE`: a session file scored without prompting, shown as tables
or JSON, and saved when asked."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import typer

from scorekeeper.cli.common import AppState, fail
from scorekeeper.cli.records import report_unreadable


def score_file(
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
    from scorekeeper.storage.rulings import group_rulings
    from scorekeeper.storage.sessions import read_session

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
        from scorekeeper.history.saving import save_played

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
