"""The `--json` output and the saved [result] table against docs/session-format.md.

The key table under "### Output" is the contract: every key the program prints must be listed
at its path with its type, and every key listed as "always" must be printed.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.render.outcome import outcome_to_json
from scorekeeper.session import from_dict, result_table

ROOT = Path(__file__).parent.parent
DOC = (ROOT / "docs" / "session-format.md").read_text(encoding="utf-8")
TYPES: dict[str, tuple[type, ...]] = {
    "text": (str,),
    "int": (int,),
    "list": (list,),
    "list of text": (list,),
    "text or null": (str, type(None)),
    "table": (dict,),
    "list of int": (list,),
}
OUTPUT = "### Output"
RECORD = "### The saved `[result]` record"


def documented_keys(heading: str = OUTPUT) -> dict[str, tuple[str, bool]]:
    """path -> (type, always) from the table under a heading of the format's page."""
    section = DOC.split(heading, 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \| ([^|]+) \| ([^|]+) \|$", section, re.MULTILINE)
    return {path: (kind.strip(), present.startswith("always")) for path, kind, present in rows}


def paths(value: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """Every key of a JSON value as 'players[].lines[].rule', with its value."""
    found: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else key
            found.append((path, item))
            found += paths(item, path)
    elif isinstance(value, list):
        for item in value:
            found += paths(item, f"{prefix}[]")
    return found


def documents() -> list[tuple[str, dict[str, Any]]]:
    """Every sample session and every known-answer case that scores."""
    out = []
    for path in sorted((ROOT / "sample_sessions").glob("*.toml")):
        out.append((path.name, tomllib.loads(path.read_text(encoding="utf-8"))))
    for path in sorted((ROOT / "tests" / "cases").rglob("*.toml")):
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        if "error" not in case["expected"]:
            out.append((f"{path.parent.name}/{path.stem}", case["session"]))
    return out


def check(output: dict[str, Any], heading: str = OUTPUT) -> None:
    keys = documented_keys(heading)
    seen = set()
    for path, value in paths(output):
        assert path in keys, f"{path} is printed but not in docs/session-format.md"
        kind = keys[path][0]
        assert isinstance(value, TYPES[kind]) and not isinstance(value, bool), (path, value)
        if kind == "list of text":
            assert all(isinstance(item, str) for item in value), path
        if kind == "list of int":
            assert all(isinstance(item, int) for item in value), path
        seen.add(path)
    always = {path for path, (_, is_always) in keys.items() if is_always}
    assert always <= seen | {p for p in always if "[]" in p and not _has_items(output, p)}


def _has_items(output: dict[str, Any], path: str) -> bool:
    """A path inside a list is required only when the list has items (a player with no lines)."""
    parent = path.rsplit("[]", 1)[0]
    return any(value for p, value in paths(output) if p == parent)


def test_the_table_lists_the_published_keys() -> None:
    published = {path for path, _ in paths(json.loads(DOC.split("```json", 1)[1].split("```")[0]))}
    assert published <= set(documented_keys())
    assert len(documented_keys()) == 16


@pytest.mark.parametrize("name,document", documents(), ids=[n for n, _ in documents()])
def test_json_and_result_table_follow_the_document(name: str, document: dict[str, Any]) -> None:
    session = from_dict(document)
    outcome = session.score()
    check(outcome_to_json(outcome))
    check(result_table(session, outcome), RECORD)


def test_the_command_prints_the_documented_shape(tmp_path: Path) -> None:
    sample = ROOT / "sample_sessions" / "hungry-family-night.toml"
    result = CliRunner().invoke(app, ["score", "--from", str(sample), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    check(data)
    ana = next(p for p in data["players"] if p["name"] == "Ana")
    assert (ana["total"], ana["rank"], data["winners"]) == (16, 1, ["Ana"])
    assert data["tiebreak"] == (
        "Ana and Ben tied on 16; Ana holds the 2-star holiday home, Ben the 4-star"
    )


def test_a_documented_key_that_is_never_printed_fails_the_check() -> None:
    outcome = from_dict(documents()[0][1]).score()
    printed = outcome_to_json(outcome)
    del printed["winners"]
    with pytest.raises(AssertionError):
        check(printed)
    printed = outcome_to_json(outcome)
    printed["players"][0]["place"] = "1"
    with pytest.raises(AssertionError):
        check(printed)
