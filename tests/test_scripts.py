"""What scripts and spreadsheets read: --json on every listing, both CSV forms, exit statuses,
the version. The JSON shapes asserted here are the ones docs/commands.md documents."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scorekeeper import __version__
from scorekeeper.cli import app
from scorekeeper.errors import ExitStatus
from scorekeeper.history.plays import FORMULA_STARTS
from tests.history_home import make_home, run

REPO = Path(__file__).parent.parent
COMMANDS_DOC = (REPO / "docs" / "commands.md").read_text(encoding="utf-8")

SESSION_KEYS = {
    "session", "file", "played", "game", "title", "series", "location", "notes", "players",
    "winners", "tiebreak",
}  # fmt: skip
SESSION_PLAYER_KEYS = {"name", "seat", "categories", "total", "rank", "winner"}
SERIES_KEYS = {"name", "game", "planned", "played", "complete", "mixed", "leaders"}


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_home(tmp_path_factory.mktemp("scripts"))


def json_of(home: Path, *args: str) -> Any:
    result = run(home, *args)
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout
    return json.loads(result.stdout)


def test_history_list_and_show(home: Path) -> None:
    listed = json_of(home, "history", "list", "--json")
    assert [s["session"] for s in listed] == [
        "0a1b2c", "family-night", "f6a7b8", "e5f6a7", "d4e5f6", "c3d4e5", "b2c3d4", "a1b2c3",
    ]  # newest first, as the table  # fmt: skip
    assert all(set(s) == SESSION_KEYS for s in listed)
    assert all(set(p) == SESSION_PLAYER_KEYS for s in listed for p in s["players"])
    assert len(json_of(home, "history", "list", "--json", "--limit", "2")) == 2
    assert json_of(home, "history", "list", "--json", "--game", "hungry", "--limit", "0") == [
        s for s in listed if s["game"] == "hungry"
    ]
    assert json_of(home, "history", "list", "--trash", "--json") == []
    shown = json_of(home, "history", "show", "family-night", "--json")
    assert shown == next(s for s in listed if s["session"] == "family-night")
    assert (shown["title"], shown["location"], shown["winners"]) == (
        "Hungry",
        "Kitchen table",
        ["Ana"],
    )
    assert shown["players"][1] == {
        "name": "Ben",
        "seat": 2,
        "categories": {"Holiday homes": 4, "Hotels": 10, "Tokens": 2, "Bonus": 0},
        "total": 16,
        "rank": 2,
        "winner": False,
    }
    exported = json_of(home, "history", "export", "--format", "json")
    assert sorted(exported, key=lambda s: s["session"]) == sorted(
        listed, key=lambda s: s["session"]
    )  # one shape for a session everywhere


def test_stats_players_and_series(home: Path) -> None:
    stats = json_of(home, "stats", "--json")
    assert set(stats) == {"leaderboards", "head_to_head"}
    assert [b["game"] for b in stats["leaderboards"]] == ["before-the-guests-arrive", "hungry"]
    dana = stats["leaderboards"][0]["players"][0]
    assert dana == {
        "place": 1, "player": "Dana", "plays": 4, "contests": 4, "wins": 2, "win_rate": 0.5,
        "average": 13.25, "best": 20, "scores": [20, 14, 8, 11],
    }  # fmt: skip
    assert set(stats["head_to_head"][0]) == {"player", "opponent", "ahead", "behind", "level"}
    eli = json_of(home, "stats", "--json", "--player", "eli")
    assert all(h["player"] == "Eli" for h in eli["head_to_head"])
    assert json_of(home, "stats", "--json", "--game", "hungry")["leaderboards"][0]["title"] == (
        "Hungry"
    )

    players = json_of(home, "players", "--json")
    assert players == json_of(home, "players", "list", "--json")
    assert players[0] == {"name": "Ana", "plays": 4, "wins": 3, "last": "2026-11-27", "was": []}

    listed = json_of(home, "series", "list", "--json")
    assert all(set(s) == SERIES_KEYS for s in listed)
    trio = json_of(home, "series", "show", "sunday-trio", "--json")
    assert {k: trio[k] for k in SERIES_KEYS} in listed
    assert set(trio) == SERIES_KEYS | {"plays", "standings", "next_starter"}
    assert trio["planned"] == trio["played"] == 3 and trio["complete"] is True
    assert trio["leaders"] == ["Dana"] and trio["next_starter"] == []  # complete: no next game
    assert [s["name"] for s in trio["standings"]] == ["Dana", "Eli", "Fay"]
    assert trio["plays"][0]["results"][0] == {"name": "Dana", "total": 20, "rank": 1}


def texts(data: Any) -> set[str]:
    """Every string in a JSON document, keys and values."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set(data) | {t for v in data.values() for t in texts(v)}
    if isinstance(data, list):
        return {t for v in data for t in texts(v)}
    return set()


def test_user_text_is_data_in_json(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "sessions").mkdir(parents=True)
    name = "[bold]Zed[/bold]\x1b]0;owned\x07"
    (home / "sessions" / "odd.toml").write_text(
        'format = 1\ngame = "hungry"\nplayed = 2026-11-02\nnotes = "[red]hi[/red]"\n'
        f"[[players]]\nname = {json.dumps(name)}\nhomes = [1, 0, 0, 0, 0]\n"
        '[[players]]\nname = "Ben"\nhomes = [0, 0, 0, 0, 0]\n',
        encoding="utf-8",
    )
    for args in (("history", "list"), ("players",), ("stats",), ("history", "show", "odd")):
        result = run(home, *args, "--json")
        assert result.exit_code == 0, result.output
        assert "\x1b" not in result.stdout and "\x07" not in result.stdout
        assert name in texts(json.loads(result.stdout))
    assert json.loads(run(home, "history", "show", "odd", "--json").stdout)["notes"] == (
        "[red]hi[/red]"
    )


def test_json_is_one_output_at_a_time(home: Path) -> None:
    result = run(home, "history", "show", "family-night", "--json", "--bgstats")
    assert (result.exit_code, result.stdout) == (ExitStatus.USAGE, "")
    assert result.stderr == "error: --json cannot be combined with --bgstats or --qr; choose one\n"


# CSV --------------------------------------------------------------------------------------

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
TIME = re.compile(r"\d{2}:\d{2}:\d{2}")


def csv_rows(home: Path, *args: str) -> list[dict[str, str]]:
    result = run(home, "history", "export", "--format", "csv", *args)
    assert result.exit_code == 0, result.output
    return list(csv.DictReader(io.StringIO(result.stdout)))


def test_each_csv_column_has_one_form(home: Path) -> None:
    for rows in (csv_rows(home), csv_rows(home, "--long")):
        assert all(DAY.fullmatch(r["played"]) for r in rows)  # a day, never a date-time
        assert all(TIME.fullmatch(r["time"]) or r["time"] == "" for r in rows)
        family = [r for r in rows if r["session"] == "family-night"]
        assert {(r["played"], r["time"], r["location"], r["notes"]) for r in family} == {
            ("2026-11-27", "20:15:00", "Kitchen table", "Cy's first game")
        }
        hungry = next(r for r in rows if r["session"] == "d4e5f6")
        assert (hungry["played"], hungry["time"]) == ("2026-11-08", "")  # a day alone


def test_the_long_csv_is_one_row_per_play_player_and_category(home: Path) -> None:
    wide = csv_rows(home)
    rows = csv_rows(home, "--long")
    assert list(rows[0]) == [
        "session", "file", "played", "time", "game", "series", "location", "notes", "player",
        "seat", "category", "points", "rank", "winner",
    ]  # fmt: skip
    assert list(csv_rows(home, "--long", "--game", "hungry")[0]) == list(rows[0])  # fixed
    for player in wide:  # the wide row's totals are the sums of the long rows' points
        key = (player["session"], player["player"])
        mine = [r for r in rows if (r["session"], r["player"]) == key]
        assert sum(int(r["points"]) for r in mine) == int(player["total"])
        assert {(r["rank"], r["winner"]) for r in mine} == {(player["rank"], player["winner"])}
        assert {r["category"]: r["points"] for r in mine} == {
            c: player[c] for c in (r["category"] for r in mine)
        }


def test_the_long_csv_is_as_safe_as_the_wide_one(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "sessions").mkdir(parents=True)
    (home / "sessions" / "odd.toml").write_text(
        'format = 1\ngame = "hungry"\nplayed = 2026-11-02\nlocation = "=cmd()"\n'
        'notes = "@SUM(1)\\u001b[31m"\n'
        '[[players]]\nname = "-2+3"\nhomes = [1, 0, 0, 0, 0]\n'
        '[[players]]\nname = "+Ben"\nhomes = [0, 0, 0, 0, 0]\n',
        encoding="utf-8",
    )
    text = run(home, "history", "export", "--long").stdout
    for row in csv.DictReader(io.StringIO(text)):
        assert not any(cell.startswith(FORMULA_STARTS) for cell in row.values()), row
        assert (row["location"], row["notes"]) == ("'=cmd()", "'@SUM(1)\\x1b[31m")
    assert "\x1b" not in text


def test_long_is_for_csv_only(home: Path) -> None:
    result = run(home, "history", "export", "--format", "json", "--long")
    assert (result.exit_code, result.stderr) == (2, "error: --long is for --format csv, not json\n")


# Exit statuses and the version ---------------------------------------------------------


def test_no_exit_number_is_written_in_the_cli() -> None:
    literal = re.compile(r"(?:Exit|exit)\(\s*-?\d|\b130\b|return [0-9]+\b")
    for path in sorted((REPO / "scorekeeper" / "cli").glob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not literal.search(line), f"{path.name}:{number}: {line.strip()}"


def test_the_exit_statuses_are_documented() -> None:
    section = COMMANDS_DOC.split("## Exit status", 1)[1].split("\n## ", 1)[0]
    for status in ExitStatus:
        assert re.search(rf"^\| {status.value} \|", section, re.MULTILINE), status


def test_a_bad_option_value_exits_2(home: Path) -> None:
    result = run(home, "history", "list", "--limit", "many")
    assert result.exit_code == ExitStatus.USAGE == 2


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_the_version(flag: str) -> None:
    result = CliRunner().invoke(app, [flag])
    assert (result.exit_code, result.stdout) == (0, f"scorekeeper {__version__}\n")


def test_every_json_shape_is_documented() -> None:
    for command in (
        "history list --json",
        "history show ID --json",
        "stats --json",
        "players --json",
        "series list --json",
        "series show NAME --json",
    ):
        assert f"`scorekeeper {command}`" in COMMANDS_DOC, command
    for key in sorted(SESSION_KEYS | SERIES_KEYS | {"leaderboards", "head_to_head", "win_rate"}):
        assert f"`{key}`" in COMMANDS_DOC, key
