"""docs/architecture.md "Adding a title", followed for a made-up title kept in tests/titles/.

The title is registered for these tests only: its engine module, rule notes, known-answer case
and sample session are all the data it brings, and it is scored through the CLI's own path.
"""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
import tomllib
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper import games
from scorekeeper.cli import app
from scorekeeper.errors import UnknownGameError
from scorekeeper.games.title import Title
from scorekeeper.rulebook import load_library, rules_root
from tests.test_cases import check_case
from tests.titles.pebbles import TITLE as PEBBLES

DATA = Path(__file__).parent / "titles"


@pytest.fixture
def pebbles(monkeypatch: pytest.MonkeyPatch) -> Iterator[Title]:
    """The registry with Pebbles added, restored afterwards."""
    monkeypatch.setattr(games, "TITLES", games.TITLES)
    games.register(PEBBLES)
    yield PEBBLES
    games._all_games.cache_clear()


def test_the_registry_finds_the_new_title_by_id_alias_and_name(pebbles: Title) -> None:
    assert games.find_title("Stones") is pebbles
    assert games.find_game("pebbles").title is pebbles
    assert [g.id for g in games.GAMES][-1] == "pebbles"


def test_a_title_cannot_take_a_registered_name(pebbles: Title) -> None:
    clash = Title("pebbles-2", "Hungry", (), 2, 2, PEBBLES.package)
    with pytest.raises(ValueError, match="'hungry' already names a registered title"):
        games.register(clash)


def test_its_rule_notes_load_under_the_registry_names(pebbles: Title, tmp_path: Path) -> None:
    root = tmp_path / "rules"
    shutil.copytree(rules_root(), root)
    shutil.copy(DATA / "rules" / "pebbles.toml", root)
    library = load_library(root)
    assert library.title("stones").title is pebbles
    assert sorted(n.id for n in library.title("pebbles").notes) == [
        "pebbles.scoring",
        "pebbles.ties",
    ]


@pytest.mark.parametrize("path", sorted((DATA / "cases").glob("*.toml")), ids=lambda p: p.stem)
def test_its_known_answer_cases_pass_with_the_shared_driver(pebbles: Title, path: Path) -> None:
    with path.open("rb") as stream:
        check_case(tomllib.load(stream))


def test_its_sample_session_scores_through_the_cli(
    pebbles: Title, runner: CliRunner, home: Path
) -> None:
    result = runner.invoke(app, ["score", "--from", str(DATA / "pebbles-beach.toml"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "pebbles"
    assert data["winners"] == ["Ana"]
    assert [(p["name"], p["total"], p["rank"]) for p in data["players"]] == [
        ("Ana", 9, 1),
        ("Ben", 6, 2),
    ]
    assert data["players"][0]["lines"] == [
        {"category": "Pebbles", "points": 9, "rule": "pebbles.scoring"}
    ]


def test_the_title_is_gone_once_the_test_ends() -> None:
    with pytest.raises(UnknownGameError):
        games.find_title("pebbles")


def test_finding_and_listing_titles_loads_no_engine() -> None:
    """Each title's package `__init__.py` holds its identity only; engines load on demand."""
    script = (
        "import sys\n"
        "from scorekeeper import games\n"
        "games.find_title('cc'), [t.players_text for t in games.TITLES]\n"
        "print(' '.join(m for m in sorted(sys.modules) if m.startswith('scorekeeper.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    loaded = result.stdout.split()
    packages = [f"scorekeeper.games.{t.package.rsplit('.', 1)[-1]}" for t in games.TITLES]
    assert packages == [t.package for t in games.TITLES]
    assert sorted(loaded) == sorted(
        ["scorekeeper.errors", "scorekeeper.games", "scorekeeper.games.title", *packages]
    )


@pytest.mark.parametrize("title", games.TITLES, ids=lambda t: t.id)
def test_a_title_package_defines_only_its_title(title: Title) -> None:
    package = importlib.import_module(title.package)
    names = {
        name
        for name, value in vars(package).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    assert names == {"TITLE", "Title"}
    assert package.TITLE is title
