"""`scorekeeper series show` and `series list`: a series' standings, and every series."""

import sys
from typing import Annotated

import typer

from scorekeeper import render
from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import report_unreadable
from scorekeeper.history.plays import json_text
from scorekeeper.history.series_archive import report as find_report
from scorekeeper.history.series_archive import reports as all_reports
from scorekeeper.render.export import series_json
from scorekeeper.render.series import (
    series_games_table,
    series_list_table,
    series_standings_table,
    series_verdict,
)

app = command_app()
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for scripts (docs/commands.md: its shape).")
]


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
