"""What every command shares: the typer apps, the data directory and clean error exits."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperGroup

from scorekeeper.errors import ScorekeeperError
from scorekeeper.text import visible

if TYPE_CHECKING:
    from typer._click import Command, Context

COMMANDS = {  # command name -> module under scorekeeper.cli whose `app` defines it
    "score": "score",
    "rules": "rules",
    "history": "history",
    "series": "series",
    "stats": "stats",
    "players": "players",
    "games": "games",
}


def command_app(**settings: Any) -> typer.Typer:
    """A typer app drawn like every other: plain help, -h, no completion, no pretty tracebacks."""
    return typer.Typer(
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
        **settings,
    )


class LazyCommands(TyperGroup):
    """The root group: a command's module is imported and built only to run it or to list it.

    Building every command up front (typer inspects each signature) took longer than most
    commands take to run.
    """

    def list_commands(self, ctx: Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            self.commands[cmd_name] = build_command(cmd_name)
        return self.commands.get(cmd_name)


def build_command(name: str) -> Command:
    """The click command of one scorekeeper command, with lean option coercion."""
    from scorekeeper.cli.lean import skip_pydantic

    command = typer.main.get_command(import_module(f"scorekeeper.cli.{COMMANDS[name]}").app)
    command.name = name
    skip_pydantic(command)
    return command


app = command_app(no_args_is_help=True, cls=LazyCommands)

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
