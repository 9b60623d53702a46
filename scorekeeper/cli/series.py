"""`scorekeeper series`: define a series of games, see its standings, list them all.

Also the two small hooks `score --series` and the walk-through use to join a series.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import game_id, load, report_unreadable

if TYPE_CHECKING:
    from scorekeeper.games.base import Game
    from scorekeeper.history import Play
    from scorekeeper.series import SeriesDef, SeriesReport

app = command_app(
    no_args_is_help=True, help="Series of games: a three-game evening, a season, a games night."
)


def _definitions(home: Path) -> list[SeriesDef]:
    """The series files; broken ones are reported once and left out."""
    from scorekeeper.storage import Unreadable, iter_series

    found: list[SeriesDef] = []
    broken: list[Unreadable] = []
    for entry in iter_series(home):
        if isinstance(entry, Unreadable):
            broken.append(entry)
        else:
            found.append(entry)
    report_unreadable(broken)
    return found


def _reports(home: Path) -> list[SeriesReport]:
    from scorekeeper.series import all_series

    loaded = load(home)
    report_unreadable(loaded.unreadable)
    return all_series(_definitions(home), loaded.plays)


@app.command("new")
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Lowercase letters, digits and '-'.")],
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
    from scorekeeper import render
    from scorekeeper.series import SeriesDef, default_games, series_id
    from scorekeeper.storage import save_series

    state: AppState = ctx.obj
    with user_errors():
        definition = SeriesDef(
            name=series_id(name),
            game=game_id(game),
            games=games if games is not None else default_games(game_id(game)),
            created=datetime.now().replace(microsecond=0),
        )
        path = save_series(state.home, definition)
    length = f"{definition.games} games" if definition.games else "open-ended"
    render.make_console().print(
        render.user(f"Created series {definition.name} ({length}) in {path}.")
    )


@app.command("show")
def show(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The series id.", autocompletion=complete.series)],
) -> None:
    """Game by game, standings, the winner once complete, and who starts the next game."""
    from scorekeeper import render
    from scorekeeper.render.series import series_games_table, series_standings_table, series_verdict
    from scorekeeper.series import SeriesError, series_id

    state: AppState = ctx.obj
    with user_errors(state):
        name = series_id(name)
        found = [r for r in _reports(state.home) if r.definition.name == name]
        if not found:
            raise SeriesError(f"no series {name!r}; `scorekeeper series list` shows them")
    report = found[0]
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
def list_series(ctx: typer.Context) -> None:
    """Every series, defined or named by sessions, with its progress and leader."""
    from scorekeeper import render
    from scorekeeper.render.series import series_list_table

    state: AppState = ctx.obj
    with user_errors():
        reports = _reports(state.home)
    console = render.make_console()
    if not reports:
        console.print("No series yet: start one with `scorekeeper series new NAME`.")
        return
    console.print(series_list_table(reports))


def checked_series(
    home: Path, name: str, game: Game[Any, Any] | None
) -> tuple[str, Game[Any, Any] | None]:
    """Check a new session may join the series; return its id and the game to play.

    With no game given, a series of one title supplies its title.
    """
    from scorekeeper.games import find_game
    from scorekeeper.series import SeriesDef, check_join, series_id

    name = series_id(name)
    definition = next((d for d in _definitions(home) if d.name == name), SeriesDef(name))
    if game is None and definition.game is not None:
        game = find_game(definition.game)
    check_join(definition, load(home).plays, game.id if game else None)
    return name, game


def series_offer(
    home: Path, plays: list[Play]
) -> Callable[[Game[Any, Any]], list[tuple[str, str]]]:
    """For the walk-through: the open series a game can join, as (id, description), given the
    plays the walk-through loaded when it started."""

    def offer(game: Game[Any, Any]) -> list[tuple[str, str]]:
        from scorekeeper.series import open_series

        found = open_series(_definitions(home), plays, game.id)
        return [(r.definition.name, f"{r.definition.name} (game {r.next_number})") for r in found]

    return offer
