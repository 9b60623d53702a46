"""The `scorekeeper` command: thin typer layer over the library; errors become exit statuses."""

import contextlib
import gc
import os
import sys
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer

from scorekeeper import __version__
from scorekeeper.cli.common import AppState, app
from scorekeeper.cli.lean import skip_pydantic
from scorekeeper.errors import ExitStatus
from scorekeeper.text import visible


def _version(value: bool) -> None:
    if value:
        typer.echo(f"scorekeeper {__version__}")
        raise typer.Exit(ExitStatus.OK)


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
        bool,
        typer.Option("--version", "-V", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Score keeper and rules assistant for five tabletop games."""
    ctx.obj = AppState(home)


def main() -> None:
    """The `scorekeeper` entry point: run one command, then end the process quickly."""

    if sys.stdout is None:  # started with standard output closed: say so before any change
        _say_error("cannot write the output: standard output is closed")
        sys.exit(ExitStatus.FAILURE)
    if "_SCOREKEEPER_COMPLETE" in os.environ:  # a shell asks for completions (cli/complete.py)
        # typer draws each description with rich, which wraps it at the terminal's width; a
        # second line would reach fish and zsh as a candidate of its own
        os.environ.setdefault("TERMINAL_WIDTH", "1000")
    stdout = sys.stdout
    where = _identity(stdout)
    command = typer.main.get_command(app)
    skip_pydantic(command, subcommands=False)  # each command gets its own when it is built
    try:
        code = _run(command)
        if sys.stdout is not stdout or _identity(stdout) != where:
            # typer (by swapping sys.stdout) or rich (by pointing it at the null device) met a
            # closed pipe and quietly ended the command
            code = _output_lost(stdout, None)
        else:
            stdout.flush()
    except BrokenPipeError:  # the reader stopped reading (`| head`): not an error to report
        code = _output_lost(stdout, None)
    except OSError as error:  # the output cannot be written: a full disk
        code = _output_lost(stdout, error.strerror or str(error))
    finally:
        _skip_the_final_collection()
    sys.exit(code)


def _skip_the_final_collection() -> None:
    """The process-level start-up tricks, kept in this one place (see docs/performance.md).

    At exit the interpreter runs a full garbage collection over every object typer, rich and
    the command made: about 10 ms (a tenth of `scorekeeper games`) spent after the output is
    already written. Frozen objects are skipped by it. Nothing is lost: every file was closed
    by its own `with` block, and the process ends right after.
    """
    gc.freeze()


def _run(command: Any) -> int:
    """Run the command line; a usage error (unknown command, bad option value) is one line."""
    try:
        result = command.main(prog_name="scorekeeper", standalone_mode=False)
    except SystemExit as done:  # typer exits itself on a closed pipe
        return done.code if isinstance(done.code, int) else ExitStatus.FAILURE
    except typer.Abort:
        _say_error("aborted")
        return ExitStatus.FAILURE
    except Exception as error:
        message = _usage_message(error)
        if message is None:
            raise
        if type(error).__name__ == "NoArgsIsHelpError":  # a bare group: its help, as asked
            error.show()  # type: ignore[attr-defined]
        else:
            _say_error(message)
        return int(getattr(error, "exit_code", ExitStatus.USAGE))
    return result if isinstance(result, int) else ExitStatus.OK


def _usage_message(error: Exception) -> str | None:
    """click's own errors (usage, bad values) as one line, with where to find help; None for
    any other exception. (Recognised by click's exception interface, not imported: typer
    ships click under a private name.)"""
    format_message = getattr(error, "format_message", None)
    if not callable(format_message) or not isinstance(getattr(error, "exit_code", None), int):
        return None
    message = " ".join(str(format_message()).split())
    path = getattr(getattr(error, "ctx", None), "command_path", None)
    return f"{message} (see `{path} -h`)" if path else message


def _identity(stream: TextIO) -> tuple[int, int] | None:
    """Which file a stream's descriptor is open on."""
    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError):
        return None
    return status.st_dev, status.st_ino


def _say_error(message: str) -> None:

    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(f"error: {visible(message)}\n")
        sys.stderr.flush()


def _output_lost(stdout: TextIO, reason: str | None) -> int:
    """Exit status 1 for output that could not be written, with one error line saying why
    (None: a closed pipe, which says nothing, as `| head` expects of any command); what is
    still buffered goes to the null device, so the interpreter's last flush fails no more."""
    if reason is not None:
        _say_error(f"cannot write the output: {reason}")
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stdout.fileno())
        os.close(null)
    return ExitStatus.FAILURE
