"""What every command shares: the typer apps, the data directory and clean error exits."""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, ClassVar

import typer
from typer.core import TyperCommand, TyperGroup

from scorekeeper.cli.hints import with_hint
from scorekeeper.cli.lean import skip_pydantic
from scorekeeper.errors import ExitStatus, ScorekeeperError
from scorekeeper.storage.home import HOME_ENV, data_home
from scorekeeper.text import visible

COMMANDS: dict[str, str] = {
    "score": "Score a game: walk through it at the table, or score a file with --from.",
    "drafts": "Unfinished walk-throughs kept as drafts: list them, bring one back.",
    "rules": "Answer a rules question from the rule notes of every title.",
    "rulings": "List the points the rulebooks leave open, or keep the group's choice for one.",
    "history": "The sessions in the data directory: list, show, re-score, export, delete, restore.",
    "series": "Series of games: a three-game evening, a season, a games night.",
    "stats": "Statistics from every saved session.",
    "players": "Players in the history: list them, rename one everywhere.",
    "games": "The titles scorekeeper knows: list them, or show one's facts.",
    "sync": "Send new games to the group's git remote and receive theirs (uses the system git).",
    "undo": "Reverse the last change to the history (save, delete, restore, edit, rename, series).",
}
"""Each command, defined by the `app` of the module of its name under scorekeeper.cli, with
its summary: help lists them in this order without importing a single command's module (a
test holds each summary to its command's own help)."""


def command_app(*, add_completion: bool = False, **settings: Any) -> typer.Typer:
    """A typer app drawn like every other: plain help, -h, no pretty tracebacks; only the root
    adds the completion options (`--install-completion`, `--show-completion`)."""
    return typer.Typer(
        add_completion=add_completion,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
        **settings,
    )


class LazyCommands(TyperGroup):
    """A group whose commands are each defined in a module of their own under scorekeeper.cli,
    imported and built only to run it or to list it: `modules` names each command's module.

    Building every command up front (typer inspects each signature, and each command module
    imports the library it runs) took longer than most commands take to run. The root is one;
    a command group whose subcommands need different libraries (`history`, `series`) is
    another, so that `history list` imports only what listing needs.
    """

    modules: ClassVar[dict[str, str]] = {name: name for name in COMMANDS}
    summaries: ClassVar[dict[str, str]] = COMMANDS

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        # click types this as a mapping to its own Command, which typer 0.26+ keeps in a private
        # module; what typer builds is always one of its two public subclasses.
        self.commands = _BuiltOnUse(self.modules)  # type: ignore[assignment]

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)  # typer's reads every item, which builds every command

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The command list of `--help`, from the summaries: building each command to ask for
        its own took longer than the rest of the help, and would import every command's
        libraries (the prompts among them) to list them."""
        with formatter.section("Commands"):
            formatter.write_dl(list(self.summaries.items()))


def lazy_group(subcommands: dict[str, tuple[str, str]]) -> type[LazyCommands]:
    """The group class of a command whose subcommands are defined in modules of their own:
    each subcommand's name with its module under scorekeeper.cli and its summary, in the
    order help lists them (a test holds each summary to the subcommand's own help)."""
    modules = {name: module for name, (module, _) in subcommands.items()}
    summaries = {name: summary for name, (_, summary) in subcommands.items()}
    return type("LazySubcommands", (LazyCommands,), {"modules": modules, "summaries": summaries})


Command = TyperCommand | TyperGroup
"""What typer builds for a command (a group for one with subcommands)."""


class _BuiltOnUse(MutableMapping[str, Command]):
    """Every command's name (so a typo still gets "did you mean"), each built on first use."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = modules
        self._built: dict[str, Command] = {}

    def __getitem__(self, name: str) -> Command:
        if name not in self._built:
            if name not in self._modules:
                raise KeyError(name)
            self._built[name] = build_command(name, self._modules[name])
        return self._built[name]

    def __setitem__(self, name: str, command: Command) -> None:
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._built[name]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*self._modules, *self._built]))

    def __len__(self) -> int:
        return sum(1 for _ in self)


def build_command(name: str, module: str | None = None) -> Command:
    """The click command `name` defined by the `app` of a module under scorekeeper.cli (by
    default the one of its name): the app itself, or its command of that name for a module
    holding a few subcommands of one group. With lean option coercion."""
    built = typer.main.get_command(import_module(f"scorekeeper.cli.{module or name}").app)
    family = getattr(built, "commands", {})
    command = family[name] if not isinstance(built, LazyCommands) and name in family else built
    assert isinstance(command, Command)
    command.name = name
    lazy = isinstance(command, LazyCommands)  # its subcommands get theirs as each is built
    skip_pydantic(command, subcommands=not lazy)
    whole_summaries(command, subcommands=not lazy)
    return command


def whole_summaries(command: Command, *, subcommands: bool = True) -> None:
    """Give a command (and its subcommands) its help's whole first paragraph as its summary.

    click shortens a summary to the room left on one line and ends it with "..."; a summary
    given outright is wrapped onto more lines instead, so help never shows half a sentence.
    """
    if command.short_help is None and command.help:
        paragraph = command.help.strip().split("\n\n", 1)[0]
        command.short_help = " ".join(paragraph.split())
    for sub in getattr(command, "commands", {}).values() if subcommands else ():
        whole_summaries(sub)


app = command_app(no_args_is_help=True, cls=LazyCommands, add_completion=True)


@dataclass
class AppState:
    """Options given before the command name."""

    home_option: Path | None

    @property
    def home(self) -> Path:
        return data_home(self.home_option)

    @property
    def program(self) -> str:
        """How to run scorekeeper again against the same data directory, for a message."""
        if self.home_option is None or os.environ.get(HOME_ENV) == str(self.home_option):
            return "scorekeeper"
        return f"scorekeeper --home {shlex.quote(str(self.home_option))}"


def fail(message: str, status: ExitStatus = ExitStatus.USAGE) -> typer.Exit:
    """Print one clean error line and return the exit to raise."""
    typer.echo(f"error: {visible(message)}", err=True)
    return typer.Exit(status)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the library's errors into one line on stderr and the exit status of their kind;
    a game, session, series or player name that matched nothing gets the closest known ones."""
    try:
        yield
    except ScorekeeperError as error:
        raise fail(with_hint(error), error.status) from None
