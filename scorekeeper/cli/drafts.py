"""`scorekeeper drafts`: the walk-through's kept drafts (the current one, those dropped or set
aside as damaged), and bringing a dropped one back to carry on with `score --resume`."""

from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper import render
from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, user_errors
from scorekeeper.cli.records import print_json
from scorekeeper.walkthrough.kept_drafts import CURRENT, KEEP_DAYS, RESCUED, kept_drafts
from scorekeeper.walkthrough.kept_drafts import draft_id as id_of
from scorekeeper.walkthrough.kept_drafts import restore as restore_draft

if TYPE_CHECKING:
    from scorekeeper.walkthrough.kept_drafts import KeptDraft

app = command_app(help="Unfinished walk-throughs kept as drafts: list them, bring one back.")

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for scripts (docs/walkthrough.md: its shape).")
]


@app.callback(invoke_without_command=True)
def drafts(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List the current draft and the dropped ones, newest first."""
    if ctx.invoked_subcommand is None:
        _print_drafts(ctx.obj, as_json)


@app.command("list")
def list_drafts(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List the kept drafts, as `scorekeeper drafts` does."""
    _print_drafts(ctx.obj, as_json)


@app.command("restore")
def restore(
    ctx: typer.Context,
    draft_id: Annotated[
        str,
        typer.Argument(
            metavar="ID",
            help="A dropped draft's id, as `scorekeeper drafts` lists it.",
            autocompletion=complete.drafts,
        ),
    ],
) -> None:
    """Make a dropped draft the current one, for `scorekeeper score --resume`; a current draft
    is set aside as dropped first, never destroyed."""

    state: AppState = ctx.obj
    with user_errors():
        done = restore_draft(state.home, draft_id)
    console = render.make_console()
    if done.previous is not None:
        console.print(
            render.user(
                f"The current draft was set aside as {done.previous} (id {id_of(done.previous)})."
            ),
            soft_wrap=True,
        )
    assert done.kept.draft is not None  # restore brings back only a draft that reads
    console.print(
        render.user(f"Restored {done.kept.id}: {done.kept.draft.summary()}."), soft_wrap=True
    )
    console.print(
        render.user(f"`{state.program} score --resume` carries on with it."), soft_wrap=True
    )


def _print_drafts(state: AppState, as_json: bool) -> None:
    with user_errors():
        found = kept_drafts(state.home)
    if as_json:
        print_json([kept.to_json() for kept in found])
        return
    console = render.make_console()
    if not found:
        console.print("No drafts kept.")
        return
    width = max(len(kept.id) for kept in found)
    for kept in found:
        console.print(render.user(f"{kept.id:<{width}}  {_line(kept)}"))
    states = {kept.state for kept in found}
    if RESCUED in states:
        when = "now" if CURRENT not in states else "once there is no current draft"
        console.print(
            render.user(
                f"The rescued draft was kept in the temporary folder while the "
                f"data directory was full; `{state.program} score --resume` "
                f"brings it home {when}."
            ),
            soft_wrap=True,
        )
    if any(kept.set_aside is not None for kept in found):
        console.print(
            render.user(
                f"`{state.program} drafts restore ID` brings a dropped one "
                f"back; drafts set aside go to the trash {KEEP_DAYS} days "
                "later, when a walk-through starts."
            ),
            soft_wrap=True,
        )


def _line(kept: "KeptDraft") -> str:
    """'dropped 2026-11-30 21:02: Hungry with Ana, Ben, started ..., answering'."""

    what = "" if kept.set_aside is None else f"{kept.state} {render.when(kept.set_aside)}: "
    if kept.state == RESCUED:
        what = f"rescued, in {kept.path}: "
    if kept.draft is not None:
        return what + kept.draft.summary()
    if kept.state == "damaged":
        return what + "cannot be resumed"
    return f"{what}cannot be resumed: {kept.problem}"
