"""What every command shares: the typer app, the data directory and clean error exits."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import typer

from scorekeeper.errors import ScorekeeperError
from scorekeeper.text import visible

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

USAGE_ERROR = 2


@dataclass
class AppState:
    """Options given before the command name."""

    home_option: Path | None

    @property
    def home(self) -> Path:
        from scorekeeper.storage import data_home

        return data_home(self.home_option)


def fail(message: str) -> typer.Exit:
    """Print one clean error line and return the exit to raise."""
    typer.echo(f"error: {visible(message)}", err=True)
    return typer.Exit(USAGE_ERROR)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the library's errors into one line on stderr and exit code 2."""
    try:
        yield
    except ScorekeeperError as error:
        raise fail(str(error)) from None
