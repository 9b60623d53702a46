"""The `scorekeeper` command: thin typer layer over the library; errors become exit code 2."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper import __version__
from scorekeeper.cli.common import AppState, app


def _version(value: bool) -> None:
    if value:
        typer.echo(f"scorekeeper {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    home: Annotated[
        Path | None,
        typer.Option(
            "--home",
            envvar="SCOREKEEPER_HOME",
            help="Data directory (default: the platform's per-user data directory).",
            file_okay=False,
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Score keeper and rules assistant for five tabletop games."""
    state = ctx.obj = AppState(home)
    from scorekeeper.catalogues import use_home  # user card catalogues live in the data home

    use_home(lambda: state.home)


def main() -> None:
    """The `scorekeeper` entry point: run one command, then end the process quickly."""
    from scorekeeper.cli.lean import skip_pydantic

    command = typer.main.get_command(app)
    skip_pydantic(command, subcommands=False)  # each command gets its own when it is built
    try:
        command(prog_name="scorekeeper")
    finally:
        _skip_the_final_collection()


def _skip_the_final_collection() -> None:
    """The process-level start-up tricks, kept in this one place (see docs/performance.md).

    At exit the interpreter runs a full garbage collection over every object typer, rich and
    the command made: about 10 ms (a tenth of `scorekeeper games`) spent after the output is
    already written. Frozen objects are skipped by it. Nothing is lost: every file was closed
    by its own `with` block, and the process ends right after.
    """
    gc.freeze()
