"""`scorekeeper score`: its options, checked; the walk-through (score_walk.py) or a session
file scored without prompting (score_file.py)."""

from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.score_file import score_file

app = command_app()


@app.command("score")
def score(
    ctx: typer.Context,
    game: Annotated[
        str | None,
        typer.Argument(
            help="Game id or alias (see `scorekeeper games`).", autocompletion=complete.games
        ),
    ] = None,
    from_file: Annotated[
        Path | None, typer.Option("--from", help="Score this session file without prompting.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="With --from: print JSON.")] = False,
    save: Annotated[
        bool, typer.Option("--save", help="With --from: also save it into the history.")
    ] = False,
    series: Annotated[
        str | None,
        typer.Option(
            "--series",
            help="Add the game to this series (see `series`).",
            autocompletion=complete.series,
        ),
    ] = None,
    live: Annotated[
        bool, typer.Option("--live", help="Keep score round by round during play (First Snow).")
    ] = False,
    resume: Annotated[
        bool, typer.Option("--resume", help="Carry on with the unfinished walk-through.")
    ] = False,
    discard_draft: Annotated[
        bool,
        typer.Option("--discard-draft", help="Put the unfinished walk-through aside; start anew."),
    ] = False,
    allow_duplicate: Annotated[
        bool,
        typer.Option(
            "--allow-duplicate",
            help="With --save: save even when the same game (day, players, answers) is saved.",
        ),
    ] = False,
    ruling: Annotated[
        list[str] | None,
        typer.Option(
            "--ruling",
            metavar="ID=VALUE",
            help="With --from: try a house ruling out (see `rulings`), changing nothing.",
        ),
    ] = None,
) -> None:
    """Score a game: walk through it at the table, or score a file with --from.

    Every answer is kept as a draft until the session is saved; an interrupted walk-through
    is offered again by the next `scorekeeper score`.
    """
    state: AppState = ctx.obj
    if from_file is None:
        if as_json or save:
            raise fail("--json and --save go with --from FILE")
        if resume and discard_draft:
            raise fail("--resume and --discard-draft exclude each other")
        # the walk-through's libraries (drafts, the table session, the prompts) are not for
        # scoring a file: score_walk is imported only to walk through a game
        from scorekeeper.cli.score_walk import walk_through  # noqa: PLC0415

        walk_through(state, game, series, resume, discard_draft, live)
        return
    if resume or discard_draft or live:
        raise fail("--resume, --discard-draft and --live go with the walk-through, not --from FILE")
    if series is not None and not save:
        raise fail("--series with --from needs --save")
    if allow_duplicate and not save:
        raise fail("--allow-duplicate goes with --save")
    if ruling and save:
        raise fail("--ruling tries a ruling out; to keep one, use `scorekeeper rulings set`")
    with user_errors():
        score_file(state, game, from_file, as_json, save, series, allow_duplicate, ruling or [])
