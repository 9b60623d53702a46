"""`scorekeeper players`: everyone in the history, and renaming a player in every file."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import report_unreadable
from scorekeeper.errors import StorageError
from scorekeeper.history.archive import load
from scorekeeper.history.players import check_new_name, player_counts, with_former
from scorekeeper.storage.renamelog import Aliases, aliases, read
from scorekeeper.text import visible

app = command_app(help="Players in the history: list them, rename one everywhere.")


JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for scripts (docs/commands.md: its shape).")
]


@app.callback(invoke_without_command=True)
def players(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List players with their play counts (names match in any case)."""
    if ctx.invoked_subcommand is None:
        _print_players(ctx.obj, as_json)


@app.command("list")
def list_players(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List players with their play counts, as `scorekeeper players` does."""
    _print_players(ctx.obj, as_json)


def _print_players(state: AppState, as_json: bool) -> None:
    from scorekeeper import render
    from scorekeeper.history.plays import json_text
    from scorekeeper.render.export import players_json
    from scorekeeper.render.stats import players_table

    with user_errors():
        loaded = load(state.home)
    report_unreadable(loaded.unreadable)
    rows = with_former(player_counts(loaded.plays), _aliases(state))
    if as_json:
        sys.stdout.write(json_text(players_json(rows)))
        return
    console = render.make_console()
    if not rows:
        console.print("No players yet.")
        return
    console.print(players_table(rows))


def _aliases(state: AppState) -> Aliases:
    """The group's renames, for the old names beside each player; a broken log is one line
    on stderr, and the list is shown without them."""
    try:
        return aliases(read(state.home).entries)
    except StorageError as error:
        typer.echo(visible(f"note: {error}; renames are not shown"), err=True)
        return Aliases()


@app.command("rename")
def rename(
    ctx: typer.Context,
    old: Annotated[
        str,
        typer.Argument(
            metavar="OLD", help="The name now (any case).", autocompletion=complete.players
        ),
    ],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The new name.")],
) -> None:
    """Rename a player in every session file: all files change, or none do."""
    from scorekeeper import render
    from scorekeeper.history.renames import rename_player
    from scorekeeper.text import plural

    state: AppState = ctx.obj
    with user_errors():
        done = rename_player(state.home, old, check_new_name(new))
    report_unreadable(list(done.skipped))
    console = render.make_console()
    count = len(done.edited) + len(done.rebuilt)
    files = plural(count, "session file")
    console.print(render.user(f"Renamed {old} to {new.strip()} in {files}."))
    for path in done.rebuilt:
        console.print(
            render.user(f"Rewritten from its data (comments and layout not kept): {path}", "yellow")
        )
    if done.skipped:
        console.print(
            render.user(f"Not changed: {plural(len(done.skipped), 'unreadable file')}.", "yellow")
        )
