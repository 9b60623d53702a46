"""`scorekeeper sync`: share the history with a group through a git remote."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.errors import ExitStatus
from scorekeeper.sync import Exchange, share
from scorekeeper.text import plural, visible

app = command_app()


@app.command("sync")
def sync(
    ctx: typer.Context,
    remote: Annotated[
        str | None,
        typer.Option(
            "--remote",
            metavar="URL",
            help="The group's git remote (any URL git accepts, or a path); needed once.",
        ),
    ] = None,
) -> None:
    """Send new games to the group's git remote and receive theirs (uses the system git)."""
    state: AppState = ctx.obj
    with user_errors():
        exchange = share(state.home, remote)
    typer.echo(visible(summary(exchange)))
    for line in conflicts(exchange, state.home):
        typer.echo(visible(line), err=True)
    if exchange.conflicts:
        raise typer.Exit(ExitStatus.FAILURE)


def summary(exchange: Exchange) -> str:
    """`Sent 2 games, received 5; 48 games in the history.`"""
    sent = _with_other(plural(exchange.sent, "game"), exchange.sent_other)
    received = _with_other(str(exchange.received), exchange.received_other)
    return f"Sent {sent}, received {received}; {plural(exchange.games, 'game')} in the history."


def conflicts(exchange: Exchange, home: Path) -> list[str]:
    """Each conflict of this sync and how to settle it; conflicts of earlier syncs unsettled."""
    at = shlex.quote(str(home))
    lines = []
    for conflict in exchange.conflicts:
        files = ", ".join(conflict.files)
        first = shlex.quote(conflict.files[0])
        lines += [
            f"Conflict: {files} changed here and in the group. The group's version is in place; "
            f"yours is kept as commit {conflict.commit} on branch {conflict.branch}.",
            f"  To settle: compare with `git -C {at} diff HEAD {conflict.branch} -- {first}`; "
            f"edit the file to what it should be (or take yours with `git -C {at} checkout "
            f"{conflict.branch} -- {first}`), run `scorekeeper sync`, then "
            f"`git -C {at} branch -D {conflict.branch}`.",
        ]
    if exchange.unsettled:
        lines.append(
            f"Still to settle from an earlier sync: {', '.join(exchange.unsettled)} (delete a "
            f"branch once settled: `git -C {at} branch -D BRANCH`)."
        )
    return lines


def _with_other(games: str, other: int) -> str:
    return f"{games} and {plural(other, 'other change')}" if other else games
