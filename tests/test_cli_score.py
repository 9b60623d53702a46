"""`scorekeeper score --from`: output, JSON, saving, and one clean error line for bad files."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app
from tests.conftest import SAMPLES

HUNGRY_SAMPLE = SAMPLES / "hungry-family-night.toml"

VALID_HUNGRY = """\
format = 1
game = "hungry"

[[players]]
name = "Ana"
homes = [2, 0, 0, 0, 0]

[[players]]
name = "Ben"
homes = [0, 0, 0, 0, 1]
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_json_output_follows_the_spec(runner: CliRunner, home: Path) -> None:
    result = runner.invoke(app, ["score", "--from", str(HUNGRY_SAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "hungry"
    assert data["winners"] == ["Ana"]
    assert data["tiebreak"] == (
        "Ana and Ben tied on 16; Ana holds the 2-star holiday home, Ben the 4-star"
    )
    assert [(p["name"], p["total"], p["rank"]) for p in data["players"]] == [
        ("Ana", 16, 1),
        ("Ben", 16, 2),
        ("Cy", 15, 3),
    ]
    line = data["players"][2]["lines"][3]
    assert line == {
        "category": "Bonus",
        "points": 5,
        "rule": "hungry.bonus",
        "detail": "first to two homes (3-star home)",
    }


def test_json_tiebreak_is_null_without_a_tie(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", "--from", str(_write(tmp_path, VALID_HUNGRY)), "--json"])
    data = json.loads(result.stdout)
    assert data["tiebreak"] is None
    assert data["winners"] == ["Ben"]
    # The 48-tourist check warns on stderr but still scores.
    assert "Ana: 2 tourists entered, but each player places 24" in result.stderr


def test_rich_output_names_winner_and_tiebreak(runner: CliRunner) -> None:
    result = runner.invoke(app, ["score", "--from", str(HUNGRY_SAMPLE)])
    assert result.exit_code == 0
    assert "Winner: Ana with 16 points." in result.stdout
    out = " ".join(result.stdout.split())
    assert (
        "Tie-break: Ana and Ben tied on 16; Ana holds the 2-star holiday home, Ben the 4-star."
        in out
    )
    assert "Not scored: 5-star home: Ben and Cy tied on 2, nobody else there" in out
    assert "scorekeeper rules show hungry.ties" in result.stdout


def test_save_writes_a_new_file_each_time(runner: CliRunner, home: Path) -> None:
    paths = []
    for _ in range(2):
        saving = ["score", "--from", str(HUNGRY_SAMPLE), "--save", "--allow-duplicate"]
        result = runner.invoke(app, saving)
        assert result.exit_code == 0, result.output
        paths.append(Path(result.stdout.strip().splitlines()[-1].removeprefix("Saved ")))
    assert paths[0] != paths[1]
    for path in paths:
        assert path.parent == home / "sessions"
        assert path.name.startswith("2026-11-27-hungry-")
        saved = tomllib.loads(path.read_text(encoding="utf-8"))
        assert saved["result"]["winners"] == ["Ana"]
        assert saved["notes"] == "Cy's first game"


def test_home_option_overrides_environment(runner: CliRunner, home: Path, tmp_path: Path) -> None:
    other = tmp_path / "elsewhere"
    result = runner.invoke(
        app, ["--home", str(other), "score", "--from", str(HUNGRY_SAMPLE), "--save", "--json"]
    )
    assert result.exit_code == 0
    assert len(list((other / "sessions").glob("*.toml"))) == 1
    assert not home.exists()


def test_game_argument_must_match_the_file(runner: CliRunner) -> None:
    result = runner.invoke(app, ["score", "btga", "--from", str(HUNGRY_SAMPLE)])
    assert result.exit_code == 2
    assert "the file is a 'hungry' session, not 'btga'" in result.stderr


BAD_FILES = [
    (
        VALID_HUNGRY.replace('game = "hungry"', 'game = "hungry"\ncolour = "red"'),
        "key 'colour': unknown key; allowed: format, game, played, series, location, notes, "
        "players, rulings, extra, result (free-form data goes in [extra])",
    ),
    (
        VALID_HUNGRY.replace("homes = [0, 0, 0, 0, 1]", "homes = [0, 0, 0, 0, 1]\nhotel = 3"),
        "player 'Ben': key 'hotel': unknown key; allowed: homes, hotels",
    ),
    (
        VALID_HUNGRY.replace("homes = [2, 0, 0, 0, 0]", 'homes = "lots"'),
        "player 'Ana': key 'homes': expected a list of 5 whole numbers, each from 0 to 10 "
        "(the box has 10 tourists of each star value), "
        "got 'lots'",
    ),
    (
        VALID_HUNGRY.replace(
            "homes = [2, 0, 0, 0, 0]", "homes = [2, 0, 0, 0, 0]\nhotels = { red = 11 }"
        ),
        "player 'Ana': key 'hotels.red': expected a whole number from 0 to 10 "
        "(the box has 10 tourists of each colour), got 11",
    ),
    (
        VALID_HUNGRY.replace(
            "homes = [2, 0, 0, 0, 0]", "homes = [2, 0, 0, 0, 0]\nhotels = { pink = 1 }"
        ),
        "player 'Ana': key 'hotels.pink': unknown key 'pink'; allowed: red, yellow, green, "
        "blue, purple",
    ),
    (
        VALID_HUNGRY.replace("homes = [2, 0, 0, 0, 0]", "homes = [true, 0, 0, 0, 0]"),
        "player 'Ana': key 'homes': expected a list of 5 whole numbers, each from 0 to 10 "
        "(the box has 10 tourists of each star value), "
        "got [True, 0, 0, 0, 0]",
    ),
    (
        VALID_HUNGRY.split('[[players]]\nname = "Ben"')[0],
        "key 'players': Hungry is played by 2-4 players, got 1",
    ),
    (
        VALID_HUNGRY.replace('name = "Ben"', 'name = "ana"'),
        "player 'ana': key 'name': name used twice (also 'Ana')",
    ),
    (
        VALID_HUNGRY.replace("format = 1", "format = 2"),
        "key 'format': format 2 is newer than this scorekeeper reads (up to 1); upgrade "
        "scorekeeper",
    ),
    (VALID_HUNGRY.replace("format = 1\n", ""), "key 'format': missing; expected format = 1"),
    (
        VALID_HUNGRY.replace('game = "hungry"', 'game = "hungrey"'),
        "key 'game': unknown game 'hungrey'; known games:",
    ),
    (
        VALID_HUNGRY.replace('name = "Ben"\n', ""),
        "player '#2': key 'name': expected a non-empty name, got None",
    ),
    (
        VALID_HUNGRY.replace("format = 1", "format = 1\nplayed = 20:15:00"),
        "key 'played': expected a TOML date or date-time like 2026-11-29T20:15:00, got a time "
        "without a date",
    ),
    (
        VALID_HUNGRY.replace("format = 1", 'format = 1\nseries = "Winter League"'),
        "key 'series': expected lowercase letters, digits and '-' (like 'winter-league'), "
        "got 'Winter League'",
    ),
    ("format = 1\ngame = \n", "not valid TOML"),
]


@pytest.mark.parametrize(("text", "message"), BAD_FILES)
def test_bad_file_gives_one_clean_error_line(
    runner: CliRunner, tmp_path: Path, text: str, message: str
) -> None:
    path = _write(tmp_path, text)
    result = runner.invoke(app, ["score", "--from", str(path), "--json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"error: {path}: ")
    assert message in lines[0]


def test_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", "--from", str(tmp_path / "nope.toml")])
    assert result.exit_code == 2
    assert (
        result.stderr
        == f"error: {tmp_path / 'nope.toml'}: cannot read: No such file or directory\n"
    )


def test_real_process_exit_code_and_no_traceback(tmp_path: Path) -> None:
    path = _write(tmp_path, VALID_HUNGRY.replace("format = 1", "format = 3"))
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", "--from", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"error: {path}: key 'format': format 3 is newer")


def test_games_lists_titles_aliases_and_players(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "hungry" in result.stdout
    assert "tabula-rasa" in result.stdout
    assert "hygge, btga" in result.stdout


def test_version(runner: CliRunner) -> None:
    from scorekeeper import __version__

    result = runner.invoke(app, ["--version"])
    assert result.stdout == f"scorekeeper {__version__}\n"


def test_a_solo_game_shows_its_score_and_title(runner: CliRunner) -> None:
    result = runner.invoke(app, ["score", "--from", str(SAMPLES / "creature-comforts-solo.toml")])
    assert result.exit_code == 0
    assert "Final score: Robin, 78 points." in result.stdout
    assert "Winner:" not in result.stdout
    assert "Title: Snugly Well-stocked Denizen of Comfort!" in result.stdout


def test_the_running_totals_table_right_aligns_its_numbers() -> None:
    import io

    from rich.console import Console

    from scorekeeper.render.score import totals_table

    out = io.StringIO()
    console = Console(width=80, file=out, color_system=None)
    console.print(totals_table("After round 1", ["Player", "R1", "Total"], [["Ana", "3", "13"]]))
    assert "│ Ana    │  3 │    13 │" in out.getvalue()
