"""Names with markup, escape sequences, control characters, emoji and CJK render literally.

Nothing a file or a player typed may reach the terminal as a control sequence, turn into rich
markup, or push a table out of line.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w
from rich.cells import cell_len
from rich.console import Console

from scorekeeper import render

SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "hungry-family-night.toml"
MARKUP = "[bold red]Boss[/]"
ANSI = "\x1b[31mRed\x1b[0m"
WIDE = "山田🐻"
CONTROL = "Bell\x07\u202eevil"  # a bell and a right-to-left override
SHOWN = {
    MARKUP: "[bold red]Boss[/]",
    ANSI: "\\x1b[31mRed\\x1b[0m",
    WIDE: "山田🐻",
    CONTROL: "Bell\\x07\\u202eevil",
}
BOX = "┏┃┡│└┗┣├━─╇┳┯"


def hostile_session(tmp_path: Path, names: list[str]) -> Path:
    """The Hungry sample (Ana and Ben tie on 16, Ana wins the tie-break) with other names."""
    document = tomllib.loads(SAMPLE.read_text(encoding="utf-8"))
    for player, name in zip(document["players"], names, strict=False):
        player["name"] = name
    path = tmp_path / "hostile.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    return path


def run(*args: str, color: bool = False, columns: int = 200) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["COLUMNS"] = str(columns)
    if color:
        env["FORCE_COLOR"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=30,
    )


def assert_tables_aligned(text: str) -> None:
    """Every line of each drawn table is exactly as wide as the table's other lines."""
    block: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line[:1] and line[0] in BOX:
            block.append(line)
            continue
        if block:
            assert len({cell_len(row) for row in block}) == 1, "\n".join(block)
            block = []


def test_scores_show_every_name_literally_and_aligned(tmp_path: Path) -> None:
    path = hostile_session(tmp_path, [MARKUP, ANSI, WIDE])
    result = run("score", "--from", str(path))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "\x1b" not in out + result.stderr
    for name in (MARKUP, ANSI, WIDE):
        assert SHOWN[name] in out
    assert f"Tie-break: {SHOWN[MARKUP]} and {SHOWN[ANSI]} tied on 16; " in out
    assert f"{SHOWN[MARKUP]} holds the 2-star holiday home, {SHOWN[ANSI]} the 4-star." in out
    assert_tables_aligned(out)


def test_narrow_terminal_wraps_wide_names_without_breaking_tables(tmp_path: Path) -> None:
    path = hostile_session(tmp_path, [MARKUP, ANSI, WIDE])
    result = run("score", "--from", str(path), columns=50)
    assert result.returncode == 0
    assert "\x1b" not in result.stdout
    assert_tables_aligned(result.stdout)


def test_colour_output_keeps_escape_sequences_from_names_inert(tmp_path: Path) -> None:
    path = hostile_session(tmp_path, [MARKUP, ANSI, CONTROL])
    result = run("score", "--from", str(path), color=True)
    assert result.returncode == 0, result.stderr
    assert "\x1b[" in result.stdout  # colours are on ...
    assert "\x1b[31mRed" not in result.stdout  # ... but never the name's own sequence
    assert "\x07" not in result.stdout and "\u202e" not in result.stdout
    assert SHOWN[ANSI] in result.stdout
    assert SHOWN[CONTROL] in result.stdout


def test_warnings_name_players_literally(tmp_path: Path) -> None:
    document = tomllib.loads(SAMPLE.read_text(encoding="utf-8"))
    document["players"][0]["name"] = ANSI
    document["players"][0]["homes"] = [1, 5, 1, 1, 0]  # one tourist too few: a warning
    path = tmp_path / "warned.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    result = run("score", "--from", str(path), color=True)
    assert result.returncode == 0
    assert f"{SHOWN[ANSI]}: 15 tourists entered" in result.stderr
    assert "\x1b[31mRed" not in result.stderr


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([ANSI, ANSI, WIDE], "name used twice"),
        ([MARKUP, "x" * 41, WIDE], "expected at most 40 characters"),
    ],
)
def test_errors_name_players_literally(tmp_path: Path, names: list[str], message: str) -> None:
    path = hostile_session(tmp_path, names)
    result = run("score", "--from", str(path), color=True)
    assert (result.returncode, result.stdout) == (2, "")
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "\x1b" not in result.stderr


def test_error_for_a_bad_value_quotes_the_player(tmp_path: Path) -> None:
    document = tomllib.loads(SAMPLE.read_text(encoding="utf-8"))
    document["players"][1]["name"] = ANSI
    document["players"][1]["homes"] = [0, 1, 0, 3, 99]
    path = tmp_path / "bad.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    result = run("score", "--from", str(path))
    assert result.returncode == 2
    assert result.stderr == (
        f"error: {path}: player '\\x1b[31mRed\\x1b[0m': key 'homes': expected a list of 5 "
        "whole numbers, each from 0 to 10 (the box has 10 tourists of each star value), "
        "got [0, 1, 0, 3, 99]\n"
    )


def test_json_escapes_control_characters(tmp_path: Path) -> None:
    path = hostile_session(tmp_path, [MARKUP, ANSI, WIDE])
    result = run("score", "--from", str(path), "--json")
    assert "\x1b" not in result.stdout
    assert [p["name"] for p in json.loads(result.stdout)["players"]][:3] == [MARKUP, ANSI, WIDE]


def test_review_table_renders_names_literally_and_aligned() -> None:
    console = Console(width=120, file=io.StringIO(), color_system=None)
    rows = [[name, "3", "0 1 2"] for name in (MARKUP, ANSI, WIDE, CONTROL)]
    console.print(render.review_table("Please check", ["Player", "Stored", "Per card"], rows))
    console.print(render.user(f"Known players (Tab completes): {ANSI}, {MARKUP}", "dim"))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b" not in out and "\x07" not in out
    for name in (MARKUP, ANSI, WIDE, CONTROL):
        assert SHOWN[name] in out
    assert_tables_aligned(out)
