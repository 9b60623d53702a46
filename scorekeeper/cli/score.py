"""`scorekeeper score`: the walk-through, or a session file scored without prompting."""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.records import report_unreadable
from scorekeeper.errors import ExitStatus

if TYPE_CHECKING:
    from rich.console import Console  # noqa: TID251 (a type only: nothing is imported)

    from scorekeeper.core.breakdown import Outcome
    from scorekeeper.draft import Draft
    from scorekeeper.games.base import Game
    from scorekeeper.history import Play
    from scorekeeper.prompts import Sharing
    from scorekeeper.session import Session


app = command_app()
SHARING = "sharing"  # remembered answers of the walk-through itself, beside each title's
SAVED_AS = "saved_as"  # in a draft: the session file its game was saved as
DROPPED = "dropped"  # a draft the user chose not to resume or save: kept aside, not destroyed


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
        _walk_through(state, game, series, resume, discard_draft, live)
        return
    if resume or discard_draft or live:
        raise fail("--resume, --discard-draft and --live go with the walk-through, not --from FILE")
    if series is not None and not save:
        raise fail("--series with --from needs --save")
    if allow_duplicate and not save:
        raise fail("--allow-duplicate goes with --save")
    with user_errors():
        _score_file(state, game, from_file, as_json, save, series, allow_duplicate)


def _score_file(
    state: AppState,
    game: str | None,
    path: Path,
    as_json: bool,
    save: bool,
    series: str | None,
    allow_duplicate: bool,
) -> None:
    from scorekeeper.errors import InputError
    from scorekeeper.games import find_game
    from scorekeeper.session import outcome_to_json
    from scorekeeper.storage import read_session

    session = read_session(path, lambda: state.home)  # worked out only if the title needs it
    if game is not None and find_game(game) is not session.game:
        raise fail(f"{path}: key 'game': the file is a {session.game.id!r} session, not {game!r}")
    if series is not None:
        from scorekeeper.series_records import checked_series

        joining = checked_series(state.home, series, session.game)
        report_unreadable(joining.broken)
        session = replace(session, series=joining.name)
    try:
        outcome = session.score()
    except InputError as error:  # a tie-breaker the file left out: name the file too
        raise error.at(file=str(path)) from None
    saved = None
    if save:
        from scorekeeper.records import save_played

        saved = save_played(session, outcome, state.home, allow_duplicate=allow_duplicate)
    if as_json:
        import json

        typer.echo(json.dumps(outcome_to_json(outcome), ensure_ascii=False))
    else:
        from scorekeeper import render  # rich: not needed for JSON without warnings
        from scorekeeper.render.score import print_outcome

        print_outcome(render.make_console(), outcome, session.game.name, show_warnings=False)
    if outcome.warnings:
        from scorekeeper import render

        render.print_warnings(render.make_console(stderr=True), outcome.warnings)
    if saved is not None:
        typer.echo(f"Saved {saved}", err=as_json)


def _walk_through(
    state: AppState,
    game_name: str | None,
    series: str | None,
    resume: bool,
    discard: bool,
    live: bool,
) -> None:
    with contextlib.ExitStack() as open_while:  # the draft's lock, for the whole walk
        _walk(open_while, state, game_name, series, resume, discard, live)


def _walk(
    open_while: contextlib.ExitStack,
    state: AppState,
    game_name: str | None,
    series: str | None,
    resume: bool,
    discard: bool,
    live: bool,
) -> None:
    from scorekeeper import render, storage
    from scorekeeper.draft import KIND, DraftKeeper
    from scorekeeper.errors import StorageError
    from scorekeeper.records import find_duplicate, known_names, load, save_played
    from scorekeeper.series_records import checked_series, open_to

    console = render.make_console()
    with user_errors():
        game = _game(game_name, live)
        home = state.home
        storage.check_writable(home)
        kept = storage.draft_path(home, KIND)
        if not open_while.enter_context(storage.held_while_open(kept.with_name(f".{KIND}.open"))):
            raise fail(
                f"a walk-through is open in another terminal (its answers are kept in {kept}); "
                "finish it there, or stop it with Ctrl-C, then run this again"
            )
        if series is not None:
            joining = checked_series(home, series, game)
            report_unreadable(joining.broken)
            series, game = joining.name, joining.game
        if discard and storage.draft_path(home, KIND).exists():
            aside = storage.set_aside_draft(home, KIND, DROPPED)
            console.print(f"The unfinished walk-through was put aside as {aside}.", markup=False)
        draft = None if discard else _load_draft(home, console)
        if resume and draft is None:
            raise fail("no unfinished walk-through to resume")
        if resume and game is not None and draft is not None and draft.game != game.id:
            raise fail(f"the unfinished walk-through is {draft.game!r}, not {game.id!r}")
        plays = load(home).plays  # once: for the names to suggest and the series to offer
        known = known_names(plays)
    if not sys.stdin.isatty():
        raise fail("the walk-through asks questions in a terminal; to score a file use --from FILE")
    if not sys.stdout.isatty():  # its questions would go into the file, unseen
        raise fail(
            "the walk-through draws its questions on the terminal, not into a redirected "
            "output; to score a file use --from FILE (with --json for a result to redirect)"
        )
    from scorekeeper import prompts
    from scorekeeper.prompts.interrupts import HELD

    keep = DraftKeeper(
        home, _rescue_home(home), lambda text: render.print_warnings(console, [text])
    )
    saved_as: list[Path] = []  # the session file once written: a later Ctrl-C says so
    try:
        with HELD.held():  # Ctrl-C between prompts stops at the next safe point
            if series is not None:
                _start_series(home, series, plays, console)
            if draft is not None and not resume and not prompts.offer_draft(console, draft):
                aside = storage.set_aside_draft(home, KIND, DROPPED)
                console.print(f"Its answers are kept in {aside}.", markup=False)
                draft = None
            if draft is None:
                draft = _new_draft(game, live)
            walked = draft

            def save(session: Session, outcome: Outcome) -> Path:
                def mark(path: Path) -> None:  # under the lock, just before the file appears
                    walked.answers.setdefault("walk", {})[SAVED_AS] = path.name
                    keep(walked)

                session = replace(session, series=series or session.series)
                while True:  # a full disk: make room and try again, nothing typed is lost
                    try:  # a duplicate was offered already: "Keep both" is the only way here
                        path = save_played(
                            session, outcome, home, before=mark, allow_duplicate=True
                        )
                    except StorageError as error:
                        if not prompts.retry_save(console, str(error), keep.where):
                            raise KeyboardInterrupt from None
                        continue
                    saved_as.append(path)
                    if series:
                        console.print(f"It counts in the series {series}.", markup=False)
                    return path

            with user_errors():
                saved = prompts.walk_through(
                    console,
                    draft,
                    save,
                    known_names=known,
                    recall=lambda game_id: _recall(home, game_id, console),
                    keep=keep,
                    offer_series=None if series else lambda game: open_to(home, plays, game),
                    sharing=_sharing(home, plays, console),
                    duplicate=lambda session: find_duplicate(home, session),
                    home=home,
                )
            _remember(home, draft, console)
            if saved is None:
                aside = storage.set_aside_draft(home, KIND, DROPPED)
                console.print(f"Not saved; the answers are kept in {aside}.", markup=False)
            else:
                storage.discard_draft(home, KIND)
            HELD.checkpoint()
    except KeyboardInterrupt:
        if saved_as:  # stopped after the save: the game is in the history, its draft goes
            if draft is not None:
                _remember(home, draft, console)
            if kept.exists():
                storage.discard_draft(home, KIND)
            console.print(f"\nStopped. The game was saved as {saved_as[0]}.", markup=False)
        elif keep.where is not None and keep.where.exists():
            console.print(
                f"\nStopped. Every answer so far is kept in {keep.where};\n"
                f"run `{_command(state)} --resume` to carry on.",
                markup=False,
            )
        else:
            console.print("\nCancelled: nothing was saved.")
        raise typer.Exit(ExitStatus.INTERRUPTED) from None


def _start_series(home: Path, series: str, plays: list[Play], console: Console) -> None:
    """Name the series the game joins; one that does not exist yet (a typo?) is started only
    when the table says so, with the names it may have meant."""
    from scorekeeper.prompts.asker import select
    from scorekeeper.series_records import definitions
    from scorekeeper.suggest import did_you_mean

    known = {d.name for d in definitions(home).found} | {p.series for p in plays if p.series}
    if series in known:
        console.print(f"This game joins the series {series}.", markup=False)
        return
    near = did_you_mean(series, known)
    console.print(f"There is no series {series} yet{f'; {near}' if near else '.'}", markup=False)
    if not select(f"Start the series {series} with this game?",
                  [(f"Yes: start {series}", True), ("No: stop here", False)]):
        raise fail(f"no series {series!r}; nothing was asked (`scorekeeper series list`)")


def _game(name: str | None, live: bool) -> Game[Any, Any] | None:
    """The game named on the command line; --live needs one that can be kept during play."""
    from scorekeeper.games import GAMES, find_game
    from scorekeeper.walkthrough.plan import title_module

    game = find_game(name) if name else None
    if not live:
        return game
    lively = [g for g in GAMES if getattr(title_module(g), "LIVE", False)]
    if game is None and len(lively) == 1:
        return lively[0]
    if game is None or game not in lively:
        ids = ", ".join(g.id for g in lively)
        raise fail(f"--live is for games kept round by round during play ({ids}), not {name!r}")
    return game


def _new_draft(game: Game[Any, Any] | None, live: bool) -> Draft:
    from datetime import datetime

    from scorekeeper.draft import Draft

    answers: dict[str, Any] = {"walk": {"menu": True}} if game is None else {"game": game.id}
    if live:
        answers["walk"] = {"live": True, "entry": "rounds"}
    return Draft(datetime.now().replace(microsecond=0), answers)


def _recall(home: Path, game: str, console: Console) -> dict[str, Any]:
    """Answers remembered from earlier games of this title; a broken file costs only them."""
    from scorekeeper import render
    from scorekeeper.errors import StorageError
    from scorekeeper.storage import recall

    try:
        return recall(home, game) or {}
    except StorageError as error:
        render.print_warnings(console, [str(error)])
        return {}


def _sharing(home: Path, plays: list[Play], console: Console) -> Sharing:
    """The BG Stats offer after saving; its last answer is remembered as the next default."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.prompts import Sharing
    from scorekeeper.storage import remember

    def keep(wanted: bool) -> None:
        with contextlib.suppress(ScorekeeperError):  # only the default is lost
            remember(home, SHARING, {"bgstats": wanted})

    def show(path: Path, session: Session, outcome: Outcome) -> None:
        from scorekeeper.bgstats import play_link
        from scorekeeper.history import from_session
        from scorekeeper.render.qr import print_link_and_code

        play = from_session(path, session, outcome)
        print_link_and_code(console, play_link(play, [*plays, play]))

    default = _recall(home, SHARING, console).get("bgstats") is True
    return Sharing(default, keep, show)


def _remember(home: Path, draft: Draft, console: Console) -> None:
    """Keep what the title asks to be offered next time (colour names)."""
    from scorekeeper import render
    from scorekeeper.errors import StorageError
    from scorekeeper.storage import remember

    memory = draft.answers.get("walk", {}).get("remember")
    if draft.game is None or not isinstance(memory, dict):
        return
    try:
        remember(home, draft.game, memory)
    except StorageError as error:
        render.print_warnings(console, [f"not remembered for next time: {error}"])


def _load_draft(home: Path, console: Console) -> Draft | None:
    """The kept walk-through, if one can be continued. A damaged draft is set aside and
    reported, not fatal; one whose game was saved already (a kill between the save and the
    draft's removal) is removed, so the game is never offered, nor saved, twice."""
    from scorekeeper import render
    from scorekeeper.draft import KIND, Draft
    from scorekeeper.errors import StorageError
    from scorekeeper.storage import (
        discard_draft,
        draft_path,
        load_draft,
        sessions_dir,
        set_aside_draft,
    )

    warn = render.make_console(stderr=True)
    try:
        document = load_draft(home, KIND) or _rescued(home)
    except StorageError as error:
        render.print_warnings(warn, [str(error)])
        return None
    if document is None:
        return None
    try:
        draft = Draft.from_dict(document)
    except StorageError as error:
        path = draft_path(home, KIND)
        aside = set_aside_draft(home, KIND)
        render.print_warnings(warn, [f"{path}: {error}; it was moved to {aside}"])
        return None
    saved = draft.answers.get("walk", {}).get(SAVED_AS)
    if isinstance(saved, str) and (sessions_dir(home) / saved).is_file():
        discard_draft(home, KIND)
        console.print(render.user(f"The last game was saved as {saved}; its draft is removed."))
        return None
    return draft


def _rescued(home: Path) -> dict[str, Any] | None:
    """A draft kept in the rescue folder while the data directory was full, moved back home
    (where it stays until there is room again)."""
    from scorekeeper.draft import KIND
    from scorekeeper.storage import discard_draft, load_draft, save_draft

    document = load_draft(_rescue_home(home), KIND)
    if document is not None:
        save_draft(home, KIND, document)
        discard_draft(_rescue_home(home), KIND)
    return document


def _rescue_home(home: Path) -> Path:
    """Where the draft of `home` goes while that data directory cannot take it (a full
    disk): the temporary folder, one place per user and data directory."""
    import getpass
    import hashlib
    import tempfile

    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no name for this user id
        user = "user"
    which = hashlib.sha256(str(home.resolve()).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"scorekeeper-{user}-{which}"


def _command(state: AppState) -> str:
    """How to run `score` again against the same data directory."""
    import shlex

    from scorekeeper.storage import HOME_ENV

    if state.home_option is None or os.environ.get(HOME_ENV) == str(state.home_option):
        return "scorekeeper score"
    return f"scorekeeper --home {shlex.quote(str(state.home_option))} score"
