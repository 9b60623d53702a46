"""`scorekeeper series`: define a series of games, see its standings, list them all, move saved
sessions into and out of one, delete one. Each command makes one call into `series_records`.
"""

from __future__ import annotations

import sys
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper import render
from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import SessionIds, game_id, report_unreadable
from scorekeeper.history.plays import json_text
from scorekeeper.history.series import SeriesDef, default_games, series_id
from scorekeeper.history.series_archive import add_sessions, create, remove_sessions
from scorekeeper.history.series_archive import delete as delete_series
from scorekeeper.history.series_archive import report as find_report
from scorekeeper.history.series_archive import reports as all_reports
from scorekeeper.render.export import series_json
from scorekeeper.render.series import (
    series_games_table,
    series_list_table,
    series_standings_table,
    series_verdict,
)

if TYPE_CHECKING:
    from scorekeeper.history.series_archive import Moved

app = command_app(
    no_args_is_help=True, help="Series of games: a three-game evening, a season, a games night."
)
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for scripts (docs/commands.md: its shape).")
]


@app.command("new")
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="Lowercase letters, digits and '-'.")],
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            help="Only this title (default: any, a games night).",
            autocompletion=complete.games,
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            "--games", min=1, help="Games in the series (default: the rulebook's, else open)."
        ),
    ] = None,
) -> None:
    """Start a series; sessions join it with `scorekeeper score --series NAME`."""

    state: AppState = ctx.obj
    with user_errors():
        definition = SeriesDef(
            name=series_id(name),
            game=game_id(game),
            games=games if games is not None else default_games(game_id(game)),
            created=datetime.now().replace(microsecond=0),
        )
        path = create(state.home, definition)
    length = f"{definition.games} games" if definition.games else "open-ended"
    render.make_console().print(
        render.user(f"Created series {definition.name} ({length}) in {path}.")
    )


@app.command("show")
def show(
    ctx: typer.Context,
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="The series id.", autocompletion=complete.series)
    ],
    as_json: JsonOption = False,
) -> None:
    """Game by game, standings, the winner once complete, and who starts the next game."""

    state: AppState = ctx.obj
    with user_errors():
        report, unreadable = find_report(state.home, name)
    report_unreadable(unreadable)
    if as_json:
        sys.stdout.write(json_text(series_json(report, games=True)))
        return
    console = render.make_console()
    planned = report.definition.games
    games = "game" if report.games_text == "1" else "games"
    status = ", complete." if report.is_complete else "." if planned else " (open-ended)."
    console.print(
        render.user(f"Series {report.definition.name}: {report.games_text} {games} played{status}")
    )
    if not report.plays:
        return
    console.print(series_games_table(report))
    console.print(series_standings_table(report))
    for line in series_verdict(report):
        console.print(line)


@app.command("list")
def list_series(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """Every series, defined or named by sessions, with its progress and leader."""

    state: AppState = ctx.obj
    with user_errors():
        reports, unreadable = all_reports(state.home)
    report_unreadable(unreadable)
    if as_json:
        sys.stdout.write(json_text([series_json(r) for r in reports]))
        return
    console = render.make_console()
    if not reports:
        console.print("No series yet: start one with `scorekeeper series new NAME`.")
        return
    console.print(series_list_table(reports))


@app.command("add")
def add(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The series id.")],
    session_ids: SessionIds,
) -> None:
    """Put saved sessions into a series (taking them out of any other), refusing what
    `score --series` would refuse: another title, or no room left."""

    state: AppState = ctx.obj
    with user_errors():
        moved = add_sessions(state.home, name, session_ids)
    _say_moved(moved, f"into series {name}")


@app.command("remove")
def remove(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The series id.")],
    session_ids: SessionIds,
) -> None:
    """Take saved sessions out of a series (they stay in the history)."""

    state: AppState = ctx.obj
    with user_errors():
        moved = remove_sessions(state.home, name, session_ids)
    _say_moved(moved, f"out of series {name}")


@app.command("delete")
def delete(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The series id.")],
    detach: Annotated[
        bool, typer.Option("--detach", help="Also take its sessions out of it (they stay saved).")
    ] = False,
) -> None:
    """Delete a series definition (to the trash; `undo` brings it back); refused while
    sessions belong to it unless --detach."""

    state: AppState = ctx.obj
    with user_errors():
        moved, detached = delete_series(state.home, name, detach=detach)
    console = render.make_console()
    where = f"; the definition is in {moved}" if moved is not None else ""
    taken = f", {detached} session(s) taken out of it" if detached else ""
    console.print(render.user(f"Deleted series {name}{taken}{where}."), soft_wrap=True)


def _say_moved(moved: Moved, where: str) -> None:

    text = f"Moved {moved.changed} session(s) {where}."
    if moved.changed < moved.asked:
        text += f" {moved.asked - moved.changed} already were."
    render.make_console().print(render.user(text))
