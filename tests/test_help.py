"""Every command's help, drawn at 80 columns, shows whole sentences: no "...", no long lines."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.cli.common import COMMANDS, LazyCommands, build_command

CUT = re.compile(r"[a-z,;:)]\.\.\.(\s|$)|…")  # "a summary cut sh..."; metavars (ARGS...) are upper


def _paths(command: Any, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    found = [path]
    for name, sub in getattr(command, "commands", {}).items():
        found += _paths(sub, (*path, name))
    return found


PATHS = [(), *(p for name in COMMANDS for p in _paths(build_command(name), (name,)))]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "scorekeeper")
def test_help_at_80_columns_shows_whole_summaries(path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert not CUT.search(result.stdout), result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80, result.stdout


def test_the_check_catches_a_cut_summary() -> None:
    assert CUT.search("  score    Score a game: walk through it at the table, or score a file...")
    assert not CUT.search("Usage: scorekeeper rules [OPTIONS] [QUESTION...]...")


@pytest.mark.parametrize("name", COMMANDS)
def test_the_root_help_summary_is_the_commands_own(name: str) -> None:
    """`scorekeeper --help` lists the summaries without building a command: each must say
    what the command's own help says."""
    assert COMMANDS[name] == build_command(name).short_help


def test_the_root_help_builds_no_command(capsys: pytest.CaptureFixture[str]) -> None:
    group = typer.main.get_command(app)
    assert group.main(["--help"], prog_name="scorekeeper", standalone_mode=False) == 0
    assert "undo     Reverse the last change to the history" in capsys.readouterr().out
    assert dict(group.commands._built) == {}  # type: ignore[attr-defined]
    group.main(["games", "--help"], prog_name="scorekeeper", standalone_mode=False)
    assert list(group.commands._built) == ["games"]  # type: ignore[attr-defined]


def test_every_command_is_checked() -> None:
    assert {p[0] for p in PATHS if p} == set(COMMANDS)
    assert ("history", "export") in PATHS and ("series", "new") in PATHS


LISTS = [
    ("rules", "list"),
    ("rules", "list", "creature-comforts"),
    ("history", "list"),
    ("series", "list"),
    ("players", "list"),
    ("games", "list"),
    ("stats",),
    ("games", "show", "creature-comforts"),
]


@pytest.mark.parametrize("args", LISTS, ids=" ".join)
def test_lists_at_80_columns_cut_no_word(args: tuple[str, ...], tmp_path: Path) -> None:
    """What the list commands draw over the fixture history fits 80 columns whole."""
    from tests.history_home import make_home

    home = make_home(tmp_path)
    result = CliRunner().invoke(app, ["--home", str(home), *args], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout, result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80, result.stdout


GROUPS = {
    name: group for name in COMMANDS if isinstance(group := build_command(name), LazyCommands)
}


@pytest.mark.parametrize(
    ("group", "name"), [(g, n) for g, built in GROUPS.items() for n in built.summaries]
)
def test_a_group_help_summary_is_the_subcommands_own(group: str, name: str) -> None:
    """A group's help lists its subcommands' summaries without importing their modules."""
    assert GROUPS[group].summaries[name] == GROUPS[group].get_command(None, name).short_help  # type: ignore[arg-type]


def test_a_group_builds_only_the_subcommand_run(capsys: pytest.CaptureFixture[str]) -> None:
    group = build_command("history")
    assert group.main(["--help"], prog_name="history", standalone_mode=False) == 0
    assert "list     List sessions, newest first." in capsys.readouterr().out
    assert dict(group.commands._built) == {}  # type: ignore[attr-defined]
    group.main(["list", "--help"], prog_name="history", standalone_mode=False)
    assert list(group.commands._built) == ["list"]  # type: ignore[attr-defined]
