"""`history show --bgstats` and `--qr`: a saved game's BG Stats link, its QR code drawn or
written to a new image; and the day a file was saved, which BG Stats wants for every play."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from scorekeeper import render
from scorekeeper.cli.common import fail
from scorekeeper.cli.records import saved_on
from scorekeeper.errors import ExitStatus
from scorekeeper.history.bgstats import play_link
from scorekeeper.render.history import play_facts
from scorekeeper.render.qr import print_link_and_code, qr_image
from scorekeeper.storage.files import link_new, reason, write_temp

if TYPE_CHECKING:
    from scorekeeper.history.plays import Play
    from scorekeeper.render.qr import ImageKind


def show_bgstats(
    play: Play, history: list[Play], qr_file: Path | None, kind: ImageKind | None
) -> None:
    """The play's facts to check, its BG Stats link, and the link's QR code drawn (or
    written to `qr_file`). A code that could not be drawn is a failure (exit 1)."""

    console = render.make_console()
    errors = render.make_console(stderr=True)
    console.print(play_facts(play))
    link = play_link(play, history, saved_on)
    if qr_file is None or kind is None:
        if not print_link_and_code(console, link, errors, "--qr FILE.png"):
            raise typer.Exit(ExitStatus.FAILURE)
        return
    console.print(render.user(link), soft_wrap=True)
    write_new(qr_file, qr_image(link, kind))
    errors.print(render.user(f"Wrote the QR code to {qr_file}."), soft_wrap=True)


def write_new(path: Path, data: bytes) -> None:
    """A new file, written whole or not at all; an existing one is never replaced."""

    try:
        temp = write_temp(path.parent, data)
    except OSError as error:
        raise fail(f"cannot write {path}: {reason(error)}", ExitStatus.FAILURE) from None
    try:
        link_new(temp, path)
    except FileExistsError:
        raise fail(
            f"{path} exists already; not replaced (name a new file)", ExitStatus.FAILURE
        ) from None
    except OSError as error:
        raise fail(f"cannot write {path}: {reason(error)}", ExitStatus.FAILURE) from None
    finally:
        temp.unlink(missing_ok=True)
