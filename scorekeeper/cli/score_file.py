"""`scorekeeper score --from FILE`: a session file scored without prompting, shown as tables
or JSON, and saved when asked."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import typer

from scorekeeper import render
from scorekeeper.cli.common import AppState, fail
from scorekeeper.cli.records import report_unreadable
from scorekeeper.errors import InputError
from scorekeeper.games import find_game
from scorekeeper.render.outcome import outcome_to_json
from scorekeeper.render.sentences import warnings_text
from scorekeeper.session import Session, tried
from scorekeeper.storage.rulings import group_rulings
from scorekeeper.storage.session_files import read_session


def _say_renamed(state: AppState, session: Session, saved: Path) -> None:
    """A player saved under a name the group has renamed since: say what a sync will do."""
    from scorekeeper.history.renames import renamed_players  # noqa: PLC0415 (only on a save)
    from scorekeeper.render.history import print_renamed  # noqa: PLC0415 (rich's text)

    renamed = renamed_players(state.home, session.names)
    if renamed:
        print_renamed(render.make_console(stderr=True), renamed, saved)


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
    """Score the session file at `path` (against the group's rulings and those tried); print
    its breakdown as tables, or JSON; save it into the history (and a series) when asked.

    What only some options need is imported by the option that needs it (noqa below): the
    series and saving code, json, and rich's tables, which `--json` never loads."""
    session = read_session(path, lambda: state.home)  # worked out only if the title needs it
    if game is not None and find_game(game) is not session.game:
        raise fail(f"{path}: key 'game': the file is a {session.game.id!r} session, not {game!r}")
    session = tried(session.ruled_by(group_rulings(state.home, session.game)), trying)
    if series is not None:
        from scorekeeper.history.series_archive import checked_series  # noqa: PLC0415

        joining = checked_series(state.home, series, session.game)
        report_unreadable(joining.broken)
        session = replace(session, series=joining.name)
    try:
        outcome = session.score()
    except InputError as error:  # a tie-breaker the file left out: name the file too
        raise error.at(file=str(path)) from None
    saved = None
    if save:
        from scorekeeper.history.saving import save_played  # noqa: PLC0415

        saved = save_played(session, outcome, state.home, allow_duplicate=allow_duplicate)
    if as_json:
        import json  # noqa: PLC0415

        typer.echo(json.dumps(outcome_to_json(outcome), ensure_ascii=False))
    else:
        from scorekeeper.render.score import print_outcome  # noqa: PLC0415 (rich's tables)

        print_outcome(render.make_console(), outcome, session.game.name, show_warnings=False)
    warnings = warnings_text(outcome)
    if warnings:
        render.print_warnings(render.make_console(stderr=True), warnings)
    if saved is not None:
        typer.echo(f"Saved {saved}", err=as_json)
        _say_renamed(state, session, saved)
