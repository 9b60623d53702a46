"""`scorekeeper sync`: share the history with a group through a git remote."""

import json
import shlex
from datetime import date, datetime, time
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.records import print_json
from scorekeeper.errors import ExitStatus
from scorekeeper.history.renames import Applied
from scorekeeper.sync import Exchange, Unsettled, settle, share, unsettled
from scorekeeper.sync.fields import MISSING, Side
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
    list_conflicts: Annotated[
        bool,
        typer.Option("--conflicts", help="List the conflicts not settled yet, with both sides."),
    ] = False,
    keep_mine: Annotated[
        str | None,
        typer.Option("--keep-mine", metavar="FILE", help="Settle a conflict: your values win."),
    ] = None,
    keep_group: Annotated[
        str | None,
        typer.Option(
            "--keep-group", metavar="FILE", help="Settle a conflict: the group's values stay."
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print what was sent, received and in conflict as JSON."),
    ] = False,
) -> None:
    """Send new games to the group's git remote and receive theirs (uses the system git)."""
    state: AppState = ctx.obj
    chosen = [o for o, on in (("--remote", remote), ("--conflicts", list_conflicts),
              ("--keep-mine", keep_mine), ("--keep-group", keep_group)) if on]  # fmt: skip
    if len(chosen) > 1:
        raise fail(f"{' and '.join(chosen)} cannot be used together", ExitStatus.USAGE)
    with user_errors():
        if list_conflicts:
            for line in listing(unsettled(state.home), state.home):
                typer.echo(visible(line))
            return
        if keep_mine is not None or keep_group is not None:
            side: Side = "mine" if keep_mine is not None else "group"
            done = settle(state.home, keep_mine or keep_group or "", side)
            whose = "your values" if side == "mine" else "the group's values"
            sends = "; `scorekeeper sync` sends it" if side == "mine" else ""
            typer.echo(visible(f"Settled {done.file}: {whose} kept{sends}."))
            return
        exchange = share(state.home, remote)
    if as_json:
        print_json(exchange_json(exchange))
    else:
        typer.echo(visible(summary(exchange)))
    for line in conflicts(exchange, state.home):
        typer.echo(visible(line), err=True)
    if exchange.conflicts:
        raise typer.Exit(ExitStatus.FAILURE)


def exchange_json(exchange: Exchange) -> dict[str, object]:
    """`sync --json`: one object (docs/commands.md documents its shape)."""
    return {
        "remote": exchange.remote,
        "sent": exchange.sent,
        "sent_other": exchange.sent_other,
        "received": exchange.received,
        "received_other": exchange.received_other,
        "games": exchange.games,
        "conflicts": [
            {"file": c.files[0], "keys": list(c.keys), "commit": c.commit, "branch": c.branch}
            for c in exchange.conflicts
        ],
        "kept": [{"file": k.file, "why": k.why} for k in exchange.kept],
        "unsettled": list(exchange.unsettled),
        "renamed": [{"from": o, "to": n, "games": c} for o, n, c in exchange.renames.renamed],
        "rename_conflicts": [
            {"from": c.later.old, "to": [c.earlier.new, c.later.new], "kept": c.later.new}
            for c in exchange.renames.conflicts
        ],
    }


def summary(exchange: Exchange) -> str:
    """`Sent 2 games, received 5; 48 games in the history.`"""
    sent = _with_other(plural(exchange.sent, "game"), exchange.sent_other)
    received = _with_other(str(exchange.received), exchange.received_other)
    return f"Sent {sent}, received {received}; {plural(exchange.games, 'game')} in the history."


def conflicts(exchange: Exchange, home: Path) -> list[str]:
    """Each conflict of this sync and how to settle it, edits kept over removals, and the
    conflicts of earlier syncs not settled yet."""
    lines = [f"Note: {kept.file}: {kept.why}." for kept in exchange.kept]
    lines += rename_notes(exchange.renames, home)
    for conflict in exchange.conflicts:
        file = conflict.files[0]
        if conflict.keys:
            lines.append(
                f"Conflict: {file}: {', '.join(conflict.keys)} changed here and in the group. "
                f"The group's values are in place; yours are kept as commit {conflict.commit} "
                f"on branch {conflict.branch}."
            )
        else:
            lines.append(
                f"Conflict: {file} changed here and in the group. The group's version is in "
                f"place; yours is kept as commit {conflict.commit} on branch {conflict.branch}."
            )
        quoted = shlex.quote(file)
        lines.append(
            "  To settle: `scorekeeper sync --conflicts` shows both sides; "
            f"`scorekeeper sync --keep-mine {quoted}` or `--keep-group {quoted}` chooses one."
        )
    if exchange.unsettled:
        lines.append(
            f"Still to settle from an earlier sync: {', '.join(exchange.unsettled)} "
            "(`scorekeeper sync --conflicts` shows them)."
        )
    return lines


def rename_notes(applied: Applied, home: Path) -> list[str]:
    """The group's renames applied here, two renames of one player, what kept an old name."""
    lines = [f"Note: renamed {old} to {new} in {plural(count, 'game')}, as the group's "
             "renames.toml says." for old, new, count in applied.renamed]  # fmt: skip
    for c in applied.conflicts:
        lines.append(
            f"Note: {c.later.old} was renamed two ways, to {c.earlier.new} ({_when(c.earlier.at)})"
            f" and to {c.later.new} ({_when(c.later.at)}): the later, {c.later.new}, is kept."
        )
    lines += [f"Note: {s.path.relative_to(home)} keeps an old name: {s.reason}."
              for s in applied.skipped]  # fmt: skip
    return lines + [f"Note: {problem}" for problem in applied.problems]


def _when(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M UTC")


def listing(found: list[Unsettled], home: Path) -> list[str]:
    """Each unsettled conflict with the group's and your value of every key both changed."""
    if not found:
        return ["No conflicts to settle."]
    at = shlex.quote(str(home))
    lines = []
    for conflict in found:
        lines.append(f"{conflict.file} (yours on branch {conflict.branch}):")
        for key in conflict.keys:
            lines.append(f"  {key.key}: the group's {_value(key.group)}, yours {_value(key.mine)}")
        if conflict.whole:
            lines.append(
                f"  the whole file: compare with `git -C {at} diff HEAD {conflict.branch} -- "
                f"{shlex.quote(conflict.file)}`"
            )
        elif not conflict.keys:
            lines.append(
                "  nothing left to settle (the file agrees with yours now): "
                f"`scorekeeper sync --keep-group {shlex.quote(conflict.file)}` forgets the branch"
            )
    return lines


def _value(value: object) -> str:
    """A TOML value as a person reads it: text quoted, a removed key as (none)."""
    if value is MISSING:
        return "(none)"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, date | time):
        return value.isoformat()
    return json.dumps(value, ensure_ascii=False, default=str)


def _with_other(games: str, other: int) -> str:
    return f"{games} and {plural(other, 'other change')}" if other else games
