"""`scorekeeper history edit ID`: correct a saved game, in the walk-through's review or in an
editor; the corrected session replaces the file under the same id, the old one kept."""

import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper import render
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.records import IdArgument
from scorekeeper.errors import ExitStatus, ScorekeeperError
from scorekeeper.history.archive import load
from scorekeeper.history.corrections import replace_played
from scorekeeper.history.plays import find_play
from scorekeeper.history.renames import renamed_players
from scorekeeper.prompts.asker import select
from scorekeeper.prompts.interrupts import HELD
from scorekeeper.prompts.walk import walk_through
from scorekeeper.render.history import print_renamed
from scorekeeper.storage.session_files import read_session
from scorekeeper.walkthrough.table import Correction

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Outcome
    from scorekeeper.session import Session

Replace = Callable[["Path", "Session", "Outcome", "str | None"], Path]


app = command_app()


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
    state: AppState = ctx.obj
    correct(
        state,
        session_id,
        editor,
        lambda path, session, outcome, text: replace_played(
            state.home, path, session, outcome, text
        ),
    )


def correct(state: AppState, ref: str, in_editor: bool, replace: Replace) -> None:
    """Open the session `ref` names; `replace(path, session, outcome, text)` keeps the
    correction (`text`: the edited file as typed, or None to write the session)."""

    with user_errors():
        play = find_play(load(state.home).plays, ref)
        path = Path(play.file)
        session = read_session(path, state.home)
    if not sys.stdin.isatty():
        raise fail("editing asks questions in a terminal; the file itself is " + str(path))
    try:
        with user_errors():
            if in_editor:
                _in_editor(path, state.home, replace)
            else:
                _in_review(path, state.home, session, replace)
    except KeyboardInterrupt:
        typer.echo(f"\nNothing changed: {path} is as it was.")
        raise typer.Exit(ExitStatus.INTERRUPTED) from None


def _in_review(path: Path, home: Path, session: "Session", replace: Replace) -> None:
    """The saved game as a finished walk-through, at its review; save replaces the file."""
    console = render.make_console()
    correction = Correction.of(session, home, lambda s, o: replace(path, s, o, None))
    try:
        with HELD.held():  # Ctrl-C while drawing or saving stops at the next safe point
            saved = walk_through(console, correction)
            HELD.checkpoint()
    except KeyboardInterrupt:
        if correction.saved_as is None:
            raise
        console.print(render.user(f"\nStopped. The correction was saved as {correction.saved_as}."))
        raise typer.Exit(ExitStatus.INTERRUPTED) from None
    if saved is None:
        console.print(render.user(f"Nothing changed: {path} is as it was."))


def _in_editor(path: Path, home: Path, replace: Replace) -> None:
    """The file in $VISUAL or $EDITOR, on a copy; checked before it replaces anything."""
    console = render.make_console()
    command = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    with tempfile.TemporaryDirectory(prefix="scorekeeper-edit-") as folder:
        copy = Path(folder) / path.name
        copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
        while True:
            if subprocess.run([*shlex.split(command), str(copy)], check=False).returncode:
                raise fail(f"the editor ({command}) failed; nothing changed")
            try:
                session = read_session(copy, home)
                outcome = session.score()
            except ScorekeeperError as error:
                console.print(render.user(f"error: {error}", "bold red"), soft_wrap=True)
                again = select(
                    "The edit is not a valid session. What now?",
                    [("Edit it again", True), ("Keep the original", False)],
                )
                if again:
                    continue
                console.print(render.user(f"Nothing changed: {path} is as it was."))
                return
            if copy.read_bytes() == path.read_bytes():
                console.print(render.user(f"No change: {path} is as it was."))
                return
            saved = replace(path, session, outcome, copy.read_text(encoding="utf-8"))
            console.print(render.user(f"Saved {saved}", "green"))
            print_renamed(console, renamed_players(home, session.names), saved)
            return
