"""`scorekeeper history`: list, show, re-score and export the saved sessions; delete them to
the trash and restore them."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.records import SessionIds, day, game_id, report_unreadable
from scorekeeper.records import load

if TYPE_CHECKING:
    from scorekeeper.history import Play

app = command_app(
    no_args_is_help=True,
    help="The sessions in the data directory: list, show, re-score, export, delete, restore.",
)

GameOption = Annotated[
    str | None,
    typer.Option(
        "--game", help="Only this title (id, alias or name).", autocompletion=complete.games
    ),
]
PlayerOption = Annotated[
    str | None,
    typer.Option(
        "--player",
        help="Only sessions with this player (any case).",
        autocompletion=complete.players,
    ),
]


@app.command("list")
def list_sessions(
    ctx: typer.Context,
    game: GameOption = None,
    player: PlayerOption = None,
    since: Annotated[
        str | None, typer.Option("--since", help="Only sessions on or after YYYY-MM-DD.")
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", min=0, help="Show at most N sessions (0: all).")
    ] = 20,
    trash: Annotated[
        bool, typer.Option("--trash", help="List the deleted sessions in the trash instead.")
    ] = False,
) -> None:
    """List sessions, newest first."""
    from scorekeeper import render
    from scorekeeper.history import newest_first, select
    from scorekeeper.render.history import history_table

    state: AppState = ctx.obj
    if trash:
        _list_trash(state)
        return
    with user_errors():
        loaded = load(state.home)
        wanted = select(
            loaded.plays, game=game_id(game), player=player, since=day(since, "--since")
        )
    report_unreadable(loaded.unreadable)
    console = render.make_console()
    if not wanted:
        console.print("No sessions." if not loaded.plays else "No sessions match.")
        return
    shown = newest_first(wanted)[: limit or None]
    console.print(history_table(shown, "Sessions, newest first"))
    if len(shown) < len(wanted):
        console.print(f"{len(shown)} of {len(wanted)} sessions shown; --limit 0 shows all.")


IdArgument = Annotated[
    str,
    typer.Argument(
        metavar="ID",
        help="Short id or file name (a unique prefix is fine).",
        autocompletion=complete.sessions,
    ),
]


@app.command("show")
def show(
    ctx: typer.Context,
    session_id: IdArgument,
    bgstats: Annotated[
        bool, typer.Option("--bgstats", help="Print the BG Stats link and its QR code instead.")
    ] = False,
) -> None:
    """Show one session: its facts, scores, breakdown and how any tie was settled."""

    from scorekeeper import render
    from scorekeeper.history import find_play
    from scorekeeper.render.history import play_facts
    from scorekeeper.render.score import print_outcome
    from scorekeeper.storage import read_session

    state: AppState = ctx.obj
    with user_errors(state):
        loaded = load(state.home)
        play = find_play(loaded.plays, session_id)
        if bgstats:
            _show_bgstats(play, loaded.plays)
            return
        session = read_session(Path(play.file), state.home)
        outcome = session.score()
    console = render.make_console()
    console.print(play_facts(play))
    print_outcome(console, outcome, session.game.name)


@app.command("edit")
def edit(
    ctx: typer.Context,
    session_id: IdArgument,
    editor: Annotated[
        bool,
        typer.Option("--editor", help="Edit the file in $VISUAL or $EDITOR instead."),
    ] = False,
) -> None:
    """Correct a saved game: its answers at the walk-through's review, or the file in an
    editor; it is saved again under the same id, the previous version kept in the trash."""
    from scorekeeper.cli.edit import edit as correct
    from scorekeeper.storage import replace_session

    state: AppState = ctx.obj
    correct(
        state,
        session_id,
        editor,
        lambda path, session, outcome, text: replace_session(
            state.home, path, session, outcome, text
        ),
    )


@app.command("delete")
def delete(ctx: typer.Context, session_ids: SessionIds) -> None:
    """Move sessions to the trash (<data dir>/trash/); `history restore` or `undo` brings
    them back."""
    from scorekeeper import render
    from scorekeeper.history import short_id
    from scorekeeper.records import delete_played

    state: AppState = ctx.obj
    with user_errors(state):
        deleted = delete_played(state.home, session_ids)
    console = render.make_console()
    for play, item in deleted:
        console.print(
            render.user(f"Deleted {play.id} ({play.title}, {_day(play)}): moved to {item.target}"),
            soft_wrap=True,
        )
    ids = " ".join(short_id(item.target.stem) for _, item in deleted)
    console.print(
        render.user(f"To bring it back: scorekeeper history restore {ids}"), soft_wrap=True
    )


def _day(play: Play) -> str:
    return play.day.isoformat() if play.day is not None else "no date"


@app.command("restore")
def restore(ctx: typer.Context, session_ids: SessionIds) -> None:
    """Put sessions back from the trash under their names (`history list --trash` shows them)."""
    from scorekeeper import render
    from scorekeeper.records import restore_trashed

    state: AppState = ctx.obj
    with user_errors():
        moved = restore_trashed(state.home, session_ids)
    console = render.make_console()
    for item in moved:
        console.print(render.user(f"Restored {item.target.stem} to {item.target}"), soft_wrap=True)


def _list_trash(state: AppState) -> None:
    """The trash as a table like the history's, named by file (the name `restore` takes)."""
    from scorekeeper import render
    from scorekeeper.history import newest_first
    from scorekeeper.records import trashed_plays
    from scorekeeper.render.history import history_table

    with user_errors():
        trashed = trashed_plays(state.home)
    report_unreadable(trashed.unreadable)
    console = render.make_console()
    if not trashed.plays:
        empty = (
            "The trash is empty."
            if not trashed.unreadable
            else "No readable sessions in the trash."
        )
        console.print(empty)
        return
    console.print(history_table(newest_first(trashed.plays), "Trash, newest first"))
    console.print("`scorekeeper history restore ID` puts one back.")


def _show_bgstats(play: Play, history: list[Play]) -> None:
    """The play's facts to check, its BG Stats link and the link's QR code."""
    from scorekeeper import render
    from scorekeeper.bgstats import play_link
    from scorekeeper.render.history import play_facts
    from scorekeeper.render.qr import print_link_and_code

    console = render.make_console()
    console.print(play_facts(play))
    print_link_and_code(console, play_link(play, history))


@app.command("rescore")
def rescore(ctx: typer.Context) -> None:
    """Score every session again with the current rules; report results that changed, and
    the games a different house ruling would change."""

    from scorekeeper import render
    from scorekeeper.history import oldest_first, result_changes
    from scorekeeper.records import ruling_effects
    from scorekeeper.render.history import rescore_table, ruling_effects_table
    from scorekeeper.storage import read_stored_result

    state: AppState = ctx.obj
    with user_errors():
        loaded = load(state.home, rescore=True)
    report_unreadable(loaded.unreadable)
    changed = []
    without = 0
    for play in oldest_first(loaded.plays):
        stored = read_stored_result(Path(play.file))
        if stored is None:
            without += 1
            continue
        changes = result_changes(stored, play)
        if changes:
            changed.append((play, changes))
    console = render.make_console()
    if changed:
        console.print(rescore_table(changed))
    summary = f"Re-scored {len(loaded.plays)} sessions: {len(changed)} changed"
    if without:
        summary += f", {without} without a stored result to compare (written by hand)"
    console.print(summary + ".")
    effects = ruling_effects(state.home, oldest_first(loaded.plays))
    if effects:
        console.print(ruling_effects_table(effects))


EXPORT_FORMATS = ("csv", "json", "bgstats")


@app.command("export")
def export(
    ctx: typer.Context,
    output_format: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="csv|json|bgstats",
            help="csv (one row per player per session), json (one object per session) or "
            "bgstats (BG Stats play objects).",
        ),
    ] = "csv",
    game: GameOption = None,
    player: PlayerOption = None,
) -> None:
    """Write every session's results to stdout, oldest first, as CSV, JSON or BG Stats plays
    (text that a spreadsheet would run as a formula is prefixed with ', control characters
    are escaped)."""
    import csv

    from scorekeeper.games import GAMES
    from scorekeeper.history import (
        export_columns,
        export_rows,
        json_text,
        oldest_first,
        select,
        to_json,
    )

    state: AppState = ctx.obj
    output_format = output_format.lower()
    if output_format not in EXPORT_FORMATS:
        raise fail(f"{output_format!r} is not an export format; use --format csv, json or bgstats")
    with user_errors():
        loaded = load(state.home)
        plays = oldest_first(select(loaded.plays, game=game_id(game), player=player))
    report_unreadable(loaded.unreadable)
    if output_format == "bgstats":
        from scorekeeper.bgstats import play_object

        sys.stdout.write(json_text([play_object(p, loaded.plays) for p in plays]))
        return
    if output_format == "json":
        sys.stdout.write(json_text([to_json(p) for p in plays]))
        return
    titles = {p.game for p in plays}
    categories = list(dict.fromkeys(c for g in GAMES if g.id in titles for c in g.categories))
    writer = csv.DictWriter(sys.stdout, fieldnames=export_columns(categories))
    writer.writeheader()
    writer.writerows(export_rows(plays, categories))
