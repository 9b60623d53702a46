"""`scorekeeper series`: define a series of games, see its standings, list them all, move saved
sessions into and out of one, delete one.

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
from scorekeeper.cli.records import game_id, report_unreadable
from scorekeeper.records import load

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
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="The series id.", autocompletion=complete.series)
    ],
) -> None:
    """Game by game, standings, the winner once complete, and who starts the next game."""
    from scorekeeper import render
    from scorekeeper.render.series import series_games_table, series_standings_table, series_verdict
    from scorekeeper.series import no_series, series_id

    state: AppState = ctx.obj
    with user_errors(state):
        name = series_id(name)
        found = [r for r in _reports(state.home) if r.definition.name == name]
        if not found:
            raise no_series(name)
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


IdsArgument = Annotated[
    list[str],
    typer.Argument(metavar="ID", help="Session short ids or file names (a unique prefix)."),
]


@app.command("add")
def add(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The series id.")],
    session_ids: IdsArgument,
) -> None:
    """Put saved sessions into a series (taking them out of any other), refusing what
    `score --series` would refuse: another title, or no room left."""
    from scorekeeper.series import SeriesDef, check_join, no_series, series_id
    from scorekeeper.storage import locked, set_series

    state: AppState = ctx.obj
    with user_errors(), locked(state.home):  # the check and the change under one lock
        name = series_id(name)
        plays = load(state.home).plays
        chosen = _chosen(plays, session_ids)
        definition = next((d for d in _definitions(state.home) if d.name == name), None)
        if definition is None and not any(p.series == name for p in plays):
            raise no_series(name, "create it with `scorekeeper series new`")
        joined = [p for p in plays if p.series == name]
        for play in chosen:
            if play.series == name:
                continue
            check_join(definition or SeriesDef(name), joined, play.game)
            joined.append(play)
        count = set_series(
            state.home, [Path(p.file) for p in chosen], name, f"add {_ids(chosen)} to {name}"
        )
    _say_moved(count, len(chosen), f"into series {name}")


@app.command("remove")
def remove(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The series id.")],
    session_ids: IdsArgument,
) -> None:
    """Take saved sessions out of a series (they stay in the history)."""
    from scorekeeper.series import SeriesError, series_id
    from scorekeeper.storage import locked, set_series

    state: AppState = ctx.obj
    with user_errors(), locked(state.home):
        name = series_id(name)
        chosen = _chosen(load(state.home).plays, session_ids)
        for play in chosen:
            if play.series != name:
                raise SeriesError(f"session {play.id} is not in series {name!r}; nothing changed")
        count = set_series(
            state.home, [Path(p.file) for p in chosen], None, f"remove {_ids(chosen)} from {name}"
        )
    _say_moved(count, len(chosen), f"out of series {name}")


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
    from scorekeeper import render
    from scorekeeper.series import SeriesError, no_series, series_id
    from scorekeeper.storage import delete_series, locked

    state: AppState = ctx.obj
    with user_errors(), locked(state.home):
        name = series_id(name)
        members = [p for p in load(state.home).plays if p.series == name]
        known = any(d.name == name for d in _definitions(state.home))
        if not known and not members:
            raise no_series(name)
        if members and not detach:
            raise SeriesError(
                f"series {name!r} has {len(members)} session(s) ({_ids(members)}); "
                "--detach takes them out of it, or `scorekeeper series remove` some"
            )
        moved = delete_series(
            state.home, name, [Path(p.file) for p in members], f"delete series {name}"
        )
    console = render.make_console()
    where = f"; the definition is in {moved}" if moved is not None else ""
    detached = f", {len(members)} session(s) taken out of it" if members else ""
    console.print(render.user(f"Deleted series {name}{detached}{where}."), soft_wrap=True)


def _chosen(plays: list[Play], refs: list[str]) -> list[Play]:
    from scorekeeper.history import find_play

    found = [find_play(plays, ref) for ref in refs]
    return list({p.stem: p for p in found}.values())


def _ids(plays: list[Play]) -> str:
    return ", ".join(p.id for p in plays)


def _say_moved(count: int, asked: int, where: str) -> None:
    from scorekeeper import render

    text = f"Moved {count} session(s) {where}."
    if count < asked:
        text += f" {asked - count} already were."
    render.make_console().print(render.user(text))


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
