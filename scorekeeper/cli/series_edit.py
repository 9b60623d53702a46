"""`scorekeeper series new`, `add`, `remove` and `delete`: define a series, move saved sessions
into and out of one, delete one."""

from datetime import datetime
from typing import Annotated

import typer

from scorekeeper import render
from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import SessionIds, game_id
from scorekeeper.history.series import SeriesDef, default_games, series_id
from scorekeeper.history.series_changes import Moved, add_sessions, create, remove_sessions
from scorekeeper.history.series_changes import delete as delete_series

app = command_app()


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
