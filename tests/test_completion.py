"""Shell completion, driven through the protocol the installed scripts use.

bash passes COMP_WORDS and COMP_CWORD, zsh and fish pass _TYPER_COMPLETE_ARGS; each sets
_SCOREKEEPER_COMPLETE to say which shell asks. The program is run as users run it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli.common import COMMANDS
from tests.history_home import make_home

SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "hungry-family-night.toml"
FIXTURE_PLAYERS = ["Ana", "Ben", "Dana", "Eli", "Fay", "Cy"]


def complete(shell: str, line: str, home: Path, **extra: str) -> list[str]:
    """The completion lines for a command line typed up to the cursor (the end of `line`);
    none is an empty line."""
    env = {key: value for key, value in os.environ.items() if key != "TERMINAL_WIDTH"}
    env |= {"SCOREKEEPER_HOME": str(home), "COLUMNS": "40", **extra}
    env["_SCOREKEEPER_COMPLETE"] = f"complete_{shell}"
    if shell == "bash":
        words = line.split()
        env |= {"COMP_WORDS": line, "COMP_CWORD": str(len(words) - (not line.endswith(" ")))}
    else:
        env["_TYPER_COMPLETE_ARGS"] = line
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper"], env=env, capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stderr) == (0, "")
    return result.stdout.splitlines()


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_home(tmp_path_factory.mktemp("completion"))


def test_commands_and_options(home: Path) -> None:
    assert complete("bash", "scorekeeper ", home) == list(COMMANDS)
    assert complete("bash", "scorekeeper --", home) == [
        "--home",
        "--version",
        "--install-completion",
        "--show-completion",
        "--help",
    ]
    assert complete("bash", "scorekeeper history ", home) == [
        "list",
        "show",
        "edit",
        "delete",
        "restore",
        "rescore",
        "export",
    ]
    assert complete("bash", "scorekeeper stats --", home) == [
        "--game", "--player", "--json", "--help"
    ]  # fmt: skip


def test_game_ids_and_aliases(home: Path) -> None:
    assert complete("bash", "scorekeeper score h", home) == ["hygge", "happy-home", "hungry"]
    assert complete("bash", "scorekeeper games show c", home) == ["creature-comforts", "cc"]
    assert complete("bash", "scorekeeper rules --game f", home) == ["first-snow"]


def test_export_formats(home: Path) -> None:
    line = "scorekeeper history export --format "
    assert complete("bash", line, home) == ["csv", "json", "bgstats"]
    assert complete("bash", line + "b", home) == ["bgstats"]


def test_players_series_and_sessions(home: Path) -> None:
    assert complete("bash", "scorekeeper stats --player ", home) == FIXTURE_PLAYERS
    assert complete("bash", "scorekeeper history list --player D", home) == ["Dana"]
    assert complete("bash", "scorekeeper players rename E", home) == ["Eli"]
    assert complete("bash", "scorekeeper series show ", home) == [
        "sunday-trio",
        "games-night",
        "rematch",
        "december",
    ]
    assert complete("bash", "scorekeeper score --series g", home) == ["games-night"]
    assert complete("bash", "scorekeeper history show ", home) == [
        "0a1b2c",
        "family-night",
        "f6a7b8",
        "e5f6a7",
        "d4e5f6",
        "c3d4e5",
        "b2c3d4",
        "a1b2c3",
    ]


def test_home_option_on_the_line_wins_over_the_environment(home: Path, tmp_path: Path) -> None:
    assert complete("bash", "scorekeeper stats --player C", tmp_path) == [""]
    assert complete("bash", f"scorekeeper --home {home} stats --player C", tmp_path) == ["Cy"]


def test_rule_ids_and_the_rules_words(home: Path) -> None:
    assert complete("bash", "scorekeeper rules ", home) == ["show", "list"]
    assert complete("bash", "scorekeeper rules show hungry.t", home) == [
        "hungry.tourist-count",
        "hungry.turn",
        "hungry.two-player-tie",
        "hungry.ties",
    ]
    only_hungry = complete("bash", "scorekeeper rules --game tabula-rasa show ", home)
    assert len(only_hungry) == 20 and all(i.startswith("hungry.") for i in only_hungry)
    assert complete("bash", "scorekeeper rules list fi", home) == ["first-snow"]
    assert complete("bash", "scorekeeper rules how do ", home) == [""]


def test_zsh_and_fish_show_what_each_value_is(home: Path) -> None:
    zsh = complete("zsh", "scorekeeper history show d", home)
    assert zsh == ['_arguments \'*: :(("d4e5f6":"2026-11-08 Hungry"))\'']
    fish = complete(
        "fish", "scorekeeper stats --player A", home, _TYPER_COMPLETE_FISH_ACTION="get-args"
    )
    assert fish == ["Ana\t4 plays"]


def test_odd_names_are_left_out_or_escaped(tmp_path: Path) -> None:
    """A name with control characters cannot be typed: it is not offered, and nothing fails."""
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    text = SAMPLE.read_text(encoding="utf-8")
    assert '"Ana"' in text and '"Ben"' in text
    odd = text.replace('"Ana"', '"Ana\\u001b[31m"').replace('"Ben"', '"Ben Lee"')
    sessions.joinpath("odd.toml").write_text(odd, encoding="utf-8")
    assert complete("bash", "scorekeeper stats --player ", tmp_path) == ["Ben\\ Lee", "Cy"]
    fish = complete(
        "fish", "scorekeeper stats --player ", tmp_path, _TYPER_COMPLETE_FISH_ACTION="get-args"
    )
    assert fish == ["Ben Lee\t1 play", "Cy\t1 play"]


def test_an_unreadable_data_directory_completes_nothing(tmp_path: Path) -> None:
    afile = tmp_path / "a-file"
    afile.write_text("not a directory", encoding="utf-8")
    assert complete("bash", "scorekeeper history show ", afile) == [""]
    assert complete("bash", "scorekeeper score hu", afile) == ["hungry"]


@pytest.mark.parametrize(
    ("shell", "line"),
    [
        ("bash", "complete -o default -F _scorekeeper_completion scorekeeper"),
        ("zsh", "compdef _scorekeeper_completion scorekeeper"),
        ("fish", "complete --command scorekeeper --no-files --arguments"),
    ],
)
def test_the_scripts_for_each_shell(shell: str, line: str) -> None:
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}  # name the shell
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--show-completion", shell],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert line in result.stdout
    assert "_SCOREKEEPER_COMPLETE=complete_" in result.stdout


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completes_with_the_installed_script(home: Path) -> None:
    """The script --show-completion prints, loaded into a real bash, completes a session id."""
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    script = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--show-completion", "bash"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    driver = (
        f"{script}\n"
        "COMP_WORDS=(scorekeeper history show d4); COMP_CWORD=3\n"
        "_scorekeeper_completion scorekeeper\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    # The script runs the program through `env`, which finds it on PATH only (not a shell
    # function): the virtual environment's scripts go first, activated or not.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    result = subprocess.run(
        ["bash", "--norc", "-c", driver],
        env={**os.environ, "SCOREKEEPER_HOME": str(home), "PATH": path},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.splitlines() == ["d4e5f6"]


def test_each_description_stays_on_its_line(home: Path) -> None:
    """typer draws descriptions with rich; unwrapped, a long one would become a candidate."""
    lines = complete("fish", "scorekeeper ", home, _TYPER_COMPLETE_FISH_ACTION="get-args")
    assert [line.split("\t")[0] for line in lines] == list(COMMANDS)
    assert lines[-2] == (
        "sync\tSend new games to the group's git remote and receive theirs (uses the system git)."
    )
