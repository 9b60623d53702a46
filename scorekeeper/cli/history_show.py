"""`scorekeeper history show ID`: one saved session, its BG Stats link, or its JSON."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper import render
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.records import IdArgument, JsonOption, print_json
from scorekeeper.history.archive import load
from scorekeeper.history.plays import find_play
from scorekeeper.render.export import session_json
from scorekeeper.render.history import play_facts
from scorekeeper.render.score import print_outcome
from scorekeeper.storage.session_files import read_session

if TYPE_CHECKING:
    from scorekeeper.render.qr import ImageKind

app = command_app()


@app.command("show")
def show(
    ctx: typer.Context,
    session_id: IdArgument,
    bgstats: Annotated[
        bool, typer.Option("--bgstats", help="Print the BG Stats link and its QR code instead.")
    ] = False,
    qr_file: Annotated[
        Path | None,
        typer.Option(
            "--qr",
            metavar="FILE.png|FILE.svg",
            dir_okay=False,
            help="Write the BG Stats link's QR code to a new PNG or SVG image instead of "
            "drawing it (implies --bgstats).",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Show one session: its facts, scores, breakdown and how any tie was settled."""

    state: AppState = ctx.obj
    if as_json and (bgstats or qr_file is not None):
        raise fail("--json cannot be combined with --bgstats or --qr; choose one")
    kind = image_kind(qr_file)
    with user_errors():
        loaded = load(state.home)
        play = find_play(loaded.plays, session_id)
        if as_json:
            print_json(session_json(play))
            return
        if bgstats or qr_file is not None:
            # only --bgstats and --qr draw the BG Stats link and its QR code
            from scorekeeper.cli.bgstats import show_bgstats  # noqa: PLC0415

            show_bgstats(play, loaded.plays, qr_file, kind)
            return
        session = read_session(Path(play.file), state.home)
        outcome = session.score()
    console = render.make_console()
    console.print(play_facts(play))
    print_outcome(console, outcome, session.game.name)


def image_kind(path: Path | None) -> "ImageKind | None":
    """The image format `--qr` asks for, by the file name's ending."""
    if path is None:
        return None
    kind = path.suffix.lower()
    if kind == ".png":
        return "png"
    if kind == ".svg":
        return "svg"
    raise fail(f"--qr: {str(path)!r} does not end in .png or .svg; name a PNG or SVG file")
