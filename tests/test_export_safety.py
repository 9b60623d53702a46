"""Exports that are safe to open: no spreadsheet formulas, no raw control characters."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.history.plays import FORMULA_STARTS, csv_cell

PAYLOADS = {
    '=HYPERLINK("http://x.test","click")': '\'=HYPERLINK("http://x.test","click")',
    "+1+cmd|' /C calc'!A0": "'+1+cmd|' /C calc'!A0",
    "@SUM(1+1)": "'@SUM(1+1)",
    "-2+3": "'-2+3",
    "\tTab": "'\\x09Tab",
    "\rReturn": "'\\x0dReturn",
    "Esc\x1b]0;owned\x07": "Esc\\x1b]0;owned\\x07",
    "Nul\x00Del\x7f": "Nul\\x00Del\\x7f",
    "Ana": "Ana",
}


@pytest.mark.parametrize(("raw", "safe"), sorted(PAYLOADS.items()))
def test_a_cell_is_neutralised_the_owasp_way(raw: str, safe: str) -> None:
    assert csv_cell(raw) == safe


def test_numbers_are_numbers_even_negative() -> None:
    assert [csv_cell(v) for v in (-3, 0, 12)] == [-3, 0, 12]
    assert FORMULA_STARTS == ("=", "+", "-", "@", "\t", "\r")


def _home_with_names(tmp_path: Path, names: list[str]) -> Path:
    from scorekeeper.history.players import quote

    home = tmp_path / "home"
    (home / "sessions").mkdir(parents=True)
    for number, pair in enumerate(zip(names[::2], names[1::2], strict=True)):
        players = "".join(
            f"[[players]]\nname = {quote(name)}\nhomes = [0, 0, 0, 0, 0]\n" for name in pair
        )
        text = f'format = 1\ngame = "hungry"\nplayed = 2026-11-{1 + number:02d}\n{players}'
        (home / "sessions" / f"2026-11-{1 + number:02d}-hungry-{number:06x}.toml").write_text(
            text, encoding="utf-8"
        )
    return home


def _export(home: Path, form: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--home", str(home), "history", "export",
         "--format", form],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    return result.stdout


def test_csv_and_json_exports_hold_no_formula_and_no_raw_control_character(
    tmp_path: Path,
) -> None:
    names = [n for n in PAYLOADS if n.strip() == n and "\x00" not in n] + ["Bidi\u202eeman"]
    names += ["Zed"] * (len(names) % 2)
    home = _home_with_names(tmp_path, names)

    text = _export(home, "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    players = {row["player"] for row in rows}
    assert {PAYLOADS[n] for n in names if n in PAYLOADS} <= players
    assert "Bidi\\u202eeman" in players
    for row in rows:
        for cell in row.values():
            assert not cell.startswith(FORMULA_STARTS), cell
    assert not any((ord(c) < 0x20 and c not in "\r\n") or 0x7F <= ord(c) <= 0x9F for c in text)

    exported = _export(home, "json")
    assert not any((ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F for c in exported)
    assert "\u202e" not in exported and "\\u202e" in exported
    decoded = {p["name"] for s in json.loads(exported) for p in s["players"]}
    assert decoded == set(names)  # the JSON escapes decode to exactly the names as typed
