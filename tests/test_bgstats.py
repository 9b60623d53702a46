"""Plays for BG Stats: the create-play link, its QR code in the terminal, the JSON export."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
import segno
from typer.testing import CliRunner

from scorekeeper.bgstats import LINK_PREFIX, create_play_link, play_date, play_object
from scorekeeper.cli import app
from scorekeeper.history.plays import Play, Result
from scorekeeper.render.qr import BORDER
from scorekeeper.storage import read_session
from tests.history_home import make_home, run
from tests.qr_decode import decode

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
HALF_BLOCKS = {" ": (0, 0), "\u2580": (1, 0), "\u2584": (0, 1), "\u2588": (1, 1)}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return make_home(tmp_path)


def decode_link(link: str) -> dict[str, Any]:
    assert link.startswith(LINK_PREFIX)
    data: dict[str, Any] = json.loads(unquote(link.removeprefix(LINK_PREFIX)))
    return data


def printed_matrix(lines: list[str]) -> list[tuple[int, ...]]:
    """The modules drawn by half-block characters: two rows of modules per text line."""
    rows: list[tuple[int, ...]] = []
    for line in lines:
        pairs = [HALF_BLOCKS[char] for char in line]
        rows += [tuple(top for top, _ in pairs), tuple(bottom for _, bottom in pairs)]
    return rows


def show_bgstats(home: Path, ref: str, columns: int = 120) -> tuple[str, list[str], str]:
    """The link line, the QR lines and the whole output of `history show REF --bgstats`."""
    result = CliRunner().invoke(
        app,
        ["--home", str(home), "history", "show", ref, "--bgstats"],
        env={"COLUMNS": str(columns)},
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    (link,) = [line for line in lines if line.startswith("bgstats://")]
    qr = [line for line in lines if line and set(line) <= set(HALF_BLOCKS) and len(line) > 20]
    return link, qr, result.stdout


def test_the_link_and_the_qr_code_carry_the_sessions_result(home: Path) -> None:
    link, qr, output = show_bgstats(home, "family-night")
    session = read_session(home / "sessions" / "family-night.toml")
    outcome = session.score()
    data = decode_link(link)
    assert data == {
        "sourceName": "scorekeeper",
        "sourcePlayId": "family-night",
        "playDate": "2026-11-27 20:15:00",
        "location": "Kitchen table",
        "comments": "Cy's first game",
        "game": {
            "name": "Hungry",
            "highestWins": True,
            "noPoints": False,
            "sourceGameId": "hungry",
        },
        "players": [
            {"name": "Ana", "score": 16, "rank": 1, "winner": True},
            {"name": "Ben", "score": 16, "rank": 2, "winner": False},
            {"name": "Cy", "score": 15, "rank": 3, "winner": False},
        ],
    }
    computed = {s.name: (s.total, s.rank, s.name in outcome.winners) for s in outcome.standings}
    sent = {p["name"]: (p["score"], p["rank"], p["winner"]) for p in data["players"]}
    assert sent == computed
    # What a phone reads from the code on the screen is that very link.
    assert decode(printed_matrix(qr)).decode("utf-8") == link
    assert "Played: 2026-11-27 20:15" in output  # the facts to check before scanning


def test_a_terminal_too_narrow_for_the_code_gets_a_hint_not_a_broken_code(home: Path) -> None:
    link, qr, output = show_bgstats(home, "family-night", columns=60)
    assert qr == []
    width = segno.make(link, micro=False).symbol_size(border=BORDER)[0]
    hint = f"(The QR code needs a terminal {width} columns wide; this one has 60. Widen it"
    assert hint in " ".join(output.split())


def test_shared_victories_flag_every_winner_and_solo_games_have_none(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "sessions").mkdir(parents=True)
    (home / "sessions" / "tie.toml").write_text(
        'format = 1\ngame = "btga"\nplayed = 2026-11-02\n'
        '[[players]]\nname = "Ana"\nstored = 9\nloose_objects = 1\nloose_paws = 0\n'
        '[[players]]\nname = "Ben"\nstored = 9\nloose_objects = 0\nloose_paws = 1\n'
        '[[players]]\nname = "Cy"\nstored = 3\nloose_objects = 0\nloose_paws = 0\n',
        encoding="utf-8",
    )
    shutil.copy(SAMPLES / "creature-comforts-solo.toml", home / "sessions" / "solo.toml")
    result = run(home, "history", "export", "--format", "bgstats")
    assert result.exit_code == 0, result.output
    tie, solo = json.loads(result.stdout)  # oldest first
    assert [(p["name"], p["rank"], p["winner"]) for p in tie["players"]] == [
        ("Ana", 1, True),
        ("Ben", 1, True),
        ("Cy", 3, False),
    ]
    assert tie["playDate"] == "2026-11-02 12:00:00"  # a day alone: noon, the same day anywhere
    assert "location" not in tie and "comments" not in tie
    assert [(p["name"], p["winner"]) for p in solo["players"]] == [("Robin", False)]
    assert solo["comments"] == "Rainy afternoon, solo"


def test_export_filters_and_names_the_starter_where_the_series_rule_knows_it(home: Path) -> None:
    result = run(home, "history", "export", "--format", "bgstats", "--game", "btga")
    assert result.exit_code == 0, result.output
    plays = json.loads(result.stdout)
    assert [p["sourcePlayId"] for p in plays] == ["a1b2c3", "b2c3d4", "c3d4e5", "e5f6a7", "0a1b2c"]
    starters = {
        p["sourcePlayId"]: [q["name"] for q in p["players"] if q.get("startPlayer")] for p in plays
    }
    # sunday-trio: the lowest total of the previous game starts the next (Fay 10, then Eli)
    assert starters == {
        "a1b2c3": [],
        "b2c3d4": ["Fay"],
        "c3d4e5": ["Eli"],
        "e5f6a7": [],
        "0a1b2c": [],
    }
    assert "startPlayer" not in plays[0]["players"][0]  # unknown: left out, not false
    result = run(home, "history", "export", "--format", "bgstats", "--player", "ANA")
    assert [p["sourcePlayId"] for p in json.loads(result.stdout)] == [
        "d4e5f6",
        "e5f6a7",
        "f6a7b8",
        "family-night",
    ]


def test_the_link_escapes_what_a_url_cannot_hold() -> None:
    play = Play(
        id="x1",
        stem="x1",
        file="x1.toml",
        game="hungry",
        title="Hungry",
        results=(Result('Zoë & "Q" #1', 1, 10, 1, ()), Result("B+C=?", 2, 4, 2, ())),
        winners=('Zoë & "Q" #1',),
        notes="100% fun\nnext line",
    )
    link = create_play_link(play_object(play))
    query = link.removeprefix(LINK_PREFIX)
    assert not set(query) & set(' "#&+=?\n{}[]')
    assert decode_link(link)["players"][0]["name"] == 'Zoë & "Q" #1'
    assert decode_link(link)["comments"] == "100% fun\nnext line"
    assert play_date(play) is None and "playDate" not in decode_link(link)


def test_only_the_bgstats_option_loads_the_qr_library(home: Path) -> None:
    def modules(*args: str) -> str:
        return subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "scorekeeper", "--home", str(home), *args],
            capture_output=True,
            text=True,
            check=True,
            env={"COLUMNS": "120", "PATH": ""},
        ).stderr

    assert "segno" not in modules("history", "show", "family-night")
    assert "segno" not in modules("history", "export", "--format", "bgstats")
    assert "| segno" in modules("history", "show", "family-night", "--bgstats")
