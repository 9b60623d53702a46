"""Commands that do not prompt never import the prompt libraries (checked with -X importtime).

The commands come from the typer app itself, so a newly registered command is checked
without editing this file: its --help always, and a bare run unless it is listed in
PROMPTING. How fast they start is measured by benchmarks/startup.py, not here.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest
import typer.main

from scorekeeper.cli import app

SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "hungry-family-night.toml"
# a saved game whose [result] carries the fingerprint of its inputs
RESULT_SAMPLE = (
    Path(__file__).parent
    / "history"
    / "sessions"
    / "2026-11-01-before-the-guests-arrive-a1b2c3.toml"
)
PROMPT_MODULES = ("questionary", "prompt_toolkit")
PROMPTING = {"score"}
"""Commands that ask questions when run without arguments (checked through --help only)."""
EXAMPLES = [
    ["--help"],
    ["--version"],
    ["score", "--from", str(SAMPLE)],
    ["score", "--from", str(SAMPLE), "--json"],
    ["score", "--from", str(SAMPLE), "--save"],
    ["score", "--from", str(Path(__file__))],  # an error exit imports nothing more
    ["rules", "show", "hungry.bonus"],
    ["history"],
    ["stats"],
    ["drafts", "restore", "a1b2c3"],  # reaches the restore: no such draft
]
"""Typical runs; those naming a command that does not exist (yet) are skipped."""


def command_paths(command: Any = None, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and subcommand name path of the app, e.g. ('rules', 'show')."""
    command = command if command is not None else typer.main.get_command(app)
    paths = [prefix] if prefix else []
    if hasattr(command, "list_commands"):  # a group: the root builds its commands on demand
        context = typer.Context(command)
        for name in sorted(command.list_commands(context)):
            paths += command_paths(command.get_command(context, name), (*prefix, name))
    return paths


COMMANDS = command_paths()


def runs() -> list[list[str]]:
    known = {path[0] for path in COMMANDS}
    out = [[*path, "--help"] for path in COMMANDS]
    out += [list(path) for path in COMMANDS if path[0] not in PROMPTING]
    out += [example for example in EXAMPLES if example[0].startswith("-") or example[0] in known]
    return out


def imported_modules(args: list[str], home: Path) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "scorekeeper", "--home", str(home), *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return {
        line.rsplit("|", 1)[-1].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:")
    }


def _loaded(args: list[str], home: Path, prefix: str = "scorekeeper.") -> list[str]:
    """Modules (ours, or those named from `prefix`) in sys.modules when the command ends (a
    subprocess, as users run it)."""
    report = (
        "import sys\n"
        "from scorekeeper.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", report, "--home", str(home), *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return [m for m in result.stderr.split() if m.startswith(prefix)]


def test_the_app_lists_its_commands() -> None:
    assert ("score",) in COMMANDS and ("games",) in COMMANDS


@pytest.mark.parametrize(
    ("args", "command"), [(["games"], "games"), (["history", "list"], "history")]
)
def test_a_command_loads_no_other_command(args: list[str], command: str, tmp_path: Path) -> None:
    """Only the command being run is imported and built (see cli.common.LazyCommands)."""
    from scorekeeper.cli.common import COMMANDS as NAMES

    modules = _loaded(args, tmp_path)
    assert {name for name in NAMES if f"scorekeeper.cli.{name}" in modules} == {command}


def test_a_mistyped_command_gets_a_suggestion_though_none_was_built() -> None:
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["histroy"])
    assert result.exit_code == 2
    assert "No such command 'histroy'. Did you mean 'history'?" in result.output


@pytest.mark.slow
@pytest.mark.parametrize("args", runs(), ids=" ".join)
def test_commands_that_do_not_prompt_never_import_prompt_libraries(
    tmp_path: Path, args: list[str]
) -> None:
    modules = imported_modules(args, tmp_path)
    assert "scorekeeper.cli" in modules  # the check really saw the program start
    loaded = sorted(m for m in modules if m.split(".")[0] in PROMPT_MODULES)
    assert loaded == [], f"`scorekeeper {' '.join(args)}` imported {loaded}"


@pytest.mark.slow
def test_the_walk_through_does_import_them(tmp_path: Path) -> None:
    """The check above would see these imports: a walk-through in a terminal shows them."""
    child = pexpect.spawn(
        sys.executable,
        ["-X", "importtime", "-m", "scorekeeper", "--home", str(tmp_path), "score", "hungry"],
        env={**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1"},
        encoding="utf-8",
        timeout=15,
    )
    child.logfile_read = io.StringIO()
    child.expect_exact("Player 1 name")
    child.send("\x03")
    child.expect(pexpect.EOF)
    assert re.search(r"\|\s+questionary\s*$", child.logfile_read.getvalue(), re.MULTILINE)


def test_the_walk_through_needs_a_terminal(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--home", str(tmp_path), "score", "hungry"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "error: the walk-through asks questions in a terminal; to score a file use --from FILE\n"
    )


def test_options_parsed_without_pydantic_keep_typer_checks(tmp_path: Path) -> None:
    """cli.lean skips pydantic for flags, text and paths; typer's path rules still apply."""
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--home", str(SAMPLE), "games"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    # typer 0.29 says "dir '...'", earlier releases "Directory '...'": the same check either way
    assert re.search(
        rf"Invalid value for '--home' \(env var: 'SCOREKEEPER_HOME'\): (dir|Directory) "
        rf"'{re.escape(str(SAMPLE))}' is a file\.",
        result.stderr,
    )
    assert "pydantic" not in imported_modules(["score", "--from", str(SAMPLE), "--json"], tmp_path)


UNTESTED_TYPER = (
    "import sys\n"
    "import typer\n"
    "typer.__version__ = '0.0.0'  # a release cli.lean was not tested with\n"
    "from scorekeeper.cli import main\n"
    "try:\n    main()\n"
    "finally:\n    print('pydantic' in sys.modules, file=sys.stderr)\n"
)
"""Runs the program as it runs on a typer release outside cli.lean.TESTED_TYPER."""


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--from", str(SAMPLE)],
        ["score", "--from", str(SAMPLE), "--json"],
        ["rules", "show", "hungry.bonus"],
        ["history", "list", "--limit", "2"],
        ["history", "list", "--limit", "-1"],
        ["--home", str(SAMPLE), "games"],
    ],
    ids=" ".join,
)
def test_an_untested_typer_runs_on_plain_typer_with_the_same_results(
    args: list[str], tmp_path: Path
) -> None:
    from scorekeeper.cli.lean import is_tested_typer

    def run(argv: list[str]) -> tuple[int, str, list[str]]:
        result = subprocess.run(
            [*argv, "--home", str(tmp_path), *args],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "COLUMNS": "100"},
        )
        return result.returncode, result.stdout, result.stderr.splitlines()

    lean_code, lean_out, lean_err = run(
        [sys.executable, "-c", UNTESTED_TYPER.replace("'0.0.0'", "typer.__version__")]
    )
    plain_code, plain_out, plain_err = run([sys.executable, "-c", UNTESTED_TYPER])
    assert (plain_code, plain_out, plain_err[:-1]) == (lean_code, lean_out, lean_err[:-1])
    assert "Traceback" not in "\n".join(plain_err)
    if is_tested_typer(typer.__version__):  # plain typer 0.29 coerces --home through pydantic
        assert plain_err[-1] == "True"


@pytest.mark.parametrize(
    "args",
    [["rulings"], ["rulings", "hungry"], ["rulings", "set", "hungry.second-place-tie", "no-token"]],
)
def test_rulings_loads_no_engine(args: list[str], tmp_path: Path) -> None:
    """The rulings are each title's small `rulings` module (Title.rulings): listing or setting
    them scores nothing, so no title's engine is imported."""
    loaded = _loaded(args, tmp_path)
    assert "scorekeeper.games.hungry.rulings" in loaded  # the check saw the rulings read
    assert [m for m in loaded if m.endswith(".engine")] == []


@pytest.mark.parametrize("args", [["history", "list"], ["stats"], ["players"], ["series", "list"]])
def test_the_history_read_from_the_play_cache_loads_no_scoring_model(
    args: list[str], tmp_path: Path
) -> None:
    """A play keeps its tie-break (core.tiebreak), not the breakdown: once the play cache
    holds every game, the history commands load neither the breakdown, the fields nor an
    engine."""
    (tmp_path / "sessions").mkdir()
    (tmp_path / "sessions" / SAMPLE.name).write_bytes(SAMPLE.read_bytes())
    assert "scorekeeper.core.breakdown" in _loaded(["history", "list"], tmp_path)  # scored once
    loaded = _loaded(args, tmp_path)
    assert "scorekeeper.core.tiebreak" in loaded
    heavy = ("scorekeeper.core.breakdown", "scorekeeper.fields", "scorekeeper.games.base")
    assert [m for m in loaded if m in heavy or m.endswith(".engine")] == []


def test_a_rules_question_loads_no_scoring_model(tmp_path: Path, rules_cache: Path) -> None:
    """The notes read a title's names through games.title, not games.base (Game, Seat)."""
    shutil.copytree(rules_cache, tmp_path / "cache")
    loaded = _loaded(["rules", "who", "wins", "a", "tie", "in", "hungry"], tmp_path)
    assert "scorekeeper.rulebook.search" in loaded
    assert [m for m in loaded if m in ("scorekeeper.games.base", "scorekeeper.fields")] == []


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--from", str(SAMPLE)],
        ["history", "list"],
        ["players"],  # reads the rename log, whose ids come from os.urandom, not secrets
        ["rules", "ties"],
        ["games"],
    ],
)
def test_commands_that_check_no_digest_do_not_load_openssl(
    args: list[str], tmp_path: Path, rules_cache: Path
) -> None:
    """hashlib (and secrets, through hmac) loads OpenSSL (about 3 ms); a session without a
    stored [result] has no fingerprint to check, and reading changes nothing the journal would
    digest."""
    shutil.copytree(rules_cache, tmp_path / "cache")
    assert _loaded(args, tmp_path, prefix="hashlib") == []


def test_saving_does_load_openssl(tmp_path: Path) -> None:
    """The check above can see hashlib: saving journals the file, which digests it."""
    saving = ["score", "--from", str(SAMPLE), "--save"]
    assert _loaded(saving, tmp_path, prefix="hashlib") == ["hashlib"]


def test_command_modules_give_typer_their_annotations_as_objects() -> None:
    """typer reads a command's parameters from its annotations when the command is built;
    written as strings (`from __future__ import annotations`) each is evaluated again, about
    3 ms of every `score`."""
    cli = Path(__file__).parent.parent / "scorekeeper" / "cli"
    commands = [
        path.name
        for path in sorted(cli.glob("*.py"))
        if ".command(" in (text := path.read_text()) or ".callback(" in text
    ]
    assert "score.py" in commands
    stringy = [
        name
        for name in commands
        if "from __future__ import annotations" in (cli / name).read_text()
    ]
    assert stringy == []
