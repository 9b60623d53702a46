"""Tables stay readable in a narrow terminal: every name whole, nothing cut to "…".

The fixture history with the sample sessions and a game of players with long names, drawn at
60 and at 80 columns by every command that draws a table.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w
from rich.cells import cell_len
from typer.testing import CliRunner, Result

from scorekeeper.cli import app
from tests.history_home import make_home

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
LONG_NAMES = ["Bartholomew", "Anastasia", "Cy"]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture history, the samples, and the Hungry sample played by LONG_NAMES."""
    home = make_home(tmp_path_factory.mktemp("narrow"))
    for sample in SAMPLES.glob("*.toml"):
        shutil.copy(sample, home / "sessions" / sample.name)
    document = tomllib.loads((SAMPLES / "hungry-family-night.toml").read_text(encoding="utf-8"))
    for player, name in zip(document["players"], LONG_NAMES, strict=True):
        player["name"] = name
    document["played"] = document["played"].replace(day=30)
    (home / "sessions" / "long-names.toml").write_text(tomli_w.dumps(document), encoding="utf-8")
    return home


def run(home: Path, columns: int, *args: str) -> Result:
    result = CliRunner().invoke(app, ["--home", str(home), *args], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result


COMMANDS = [
    ["stats"],
    ["stats", "--game", "hungry"],
    ["history", "list"],
    ["series", "show", "sunday-trio"],
    ["series", "show", "games-night"],
    ["series", "list"],
    ["players"],
    ["rulings"],
    *(["score", "--from", str(sample)] for sample in sorted(SAMPLES.glob("*.toml"))),
]


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: " ".join(args[:2]))
def test_nothing_is_cut_and_nothing_is_wider_than_the_terminal(
    home: Path, columns: int, args: list[str]
) -> None:
    out = run(home, columns, *args).stdout
    assert "…" not in out
    assert max(cell_len(line) for line in out.splitlines()) <= columns


@pytest.mark.parametrize("args", [["stats"], ["history", "list"], ["players"]])
@pytest.mark.parametrize("columns", [60, 80])
def test_long_names_stay_whole(home: Path, columns: int, args: list[str]) -> None:
    out = run(home, columns, *args).stdout
    for name in LONG_NAMES[:2]:  # whole, not folded onto two lines nor cut
        assert name in out


def test_a_leaderboard_too_wide_for_60_columns_repeats_the_players_in_a_second_part(
    home: Path,
) -> None:
    out = run(home, 60, "stats", "--game", "hungry").stdout
    assert "│ 2 │ Bartholomew │     1 │    1 │   100% │    16.0 │   16 │\n" in out
    assert "│ 2 │ Bartholomew │ ▅                    │\n" in out
    assert "│ 5 │ Cy          │ ▅▅▅▅                 │\n" in out
    assert out.count("Hungry: leaderboard") == 1


def test_at_80_columns_only_the_headers_wrap(home: Path) -> None:
    out = run(home, 80, "series", "show", "games-night").stdout
    assert "│ 2 │ 2026-11-08 21:00 │ Before the Guests  │   9 (3rd) │ 16* (1st) │ 12 (2nd) │" in out
    out = run(home, 80, "stats", "--game", "hungry").stdout
    assert "│ 2 │ Bartholomew │     1 │    1 │     100% │    16.0 │   16 │\n" in out


def test_a_series_name_stays_whole_in_the_series_list_at_60_columns(home: Path) -> None:
    out = run(home, 60, "series", "list").stdout
    assert "│ winter-league │ Happy Home  │ 1      │ open     │ Fay    │\n" in out


def test_a_player_keeps_their_points_on_their_line_in_the_history_list(tmp_path: Path) -> None:
    """At 60 columns the players wrap between players, never between a name and its points
    ("Ana 51, Ben" above "51" was how it read)."""
    (tmp_path / "sessions").mkdir()
    for short, sample in enumerate(["creature-comforts-cabin-weekend", "first-snow-by-rounds"]):
        shutil.copy(SAMPLES / f"{sample}.toml", tmp_path / "sessions" / f"g{short}.toml")
    out = run(tmp_path, 60, "history", "list").stdout
    cells = [line.split("│")[-2].strip() for line in out.splitlines() if line.startswith("│ ")]
    assert cells == ["Mia 67,", "Theo 51,", "Ines 61,", "Olu 51", "Ana 51,", "Ben 51"]
