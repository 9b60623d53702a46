"""Session files from other people and from years ago: any content gives a score or one error.

Every outcome of reading and scoring a file is either a valid result or a ScorekeeperError
whose message is a single line; through the CLI, that is exit 0 or one `error:` line and exit 2.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tomllib
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from scorekeeper.errors import ScorekeeperError
from scorekeeper.render.outcome import outcome_to_json
from scorekeeper.render.score import print_outcome
from scorekeeper.storage.session_files import read_session
from tests.conftest import examples

SAMPLES = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.toml"))
VALID = [tomllib.loads(path.read_text(encoding="utf-8")) for path in SAMPLES]
FUZZ = settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

keys = st.one_of(
    st.sampled_from(
        ["format", "game", "players", "name", "homes", "hotels", "stored", "loose_objects",
         "loose_paws", "extra", "result", "played", "series", "red", "purple", "notes"]
    ),
    st.text(max_size=12),
)  # fmt: skip
scalars = st.one_of(
    st.integers(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.sampled_from([0, 1, 5, 10, 11, -1, 2**63 - 1, -(2**63), 10**100]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(),
    st.sampled_from(["hungry", "btga", "hygge", "tabula-rasa", "Ana", "[bold]x[/]", "\x1b[2J"]),
    st.builds(str.__mul__, st.sampled_from(["x", "\u732b", "\U0001f43b"]), st.integers(1, 10**5)),
    st.dates(),
    st.datetimes(),
    st.times(),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=6), st.dictionaries(keys, inner, max_size=6)),
    max_leaves=30,
)
documents = st.dictionaries(keys, values, max_size=8)


def check(path: Path) -> None:
    """The property: a result that renders, or one clean error line."""
    try:
        outcome = read_session(path).score()
    except ScorekeeperError as error:
        assert "\n" not in str(error)
        assert str(error)
        return
    console = Console(width=100, file=io.StringIO(), color_system=None)
    print_outcome(console, outcome, outcome.game)
    json.dumps(outcome_to_json(outcome), ensure_ascii=False)
    assert all(s.total == sum(line.points for line in s.lines) for s in outcome.standings)


def write(tmp_path: Path, document: dict[str, Any]) -> Path | None:
    try:
        text = tomli_w.dumps(document)
    except (TypeError, ValueError):  # e.g. an integer TOML cannot hold: not a file anyone has
        return None
    path = tmp_path / "session.toml"
    path.write_text(text, encoding="utf-8")
    return path


@FUZZ
@given(document=documents)
def test_random_documents(tmp_path: Path, document: dict[str, Any]) -> None:
    path = write(tmp_path, document)
    if path is not None:
        check(path)


def _mutate(document: Any, data: st.DataObject) -> Any:
    """Replace, drop or add one value somewhere inside a valid session."""
    if isinstance(document, dict) and document:
        key = data.draw(st.sampled_from(sorted(document)))
        action = data.draw(st.sampled_from(["replace", "drop", "add", "descend"]))
        copy = dict(document)
        if action == "replace":
            copy[key] = data.draw(values)
        elif action == "drop":
            del copy[key]
        elif action == "add":
            copy[data.draw(keys)] = data.draw(values)
        else:
            copy[key] = _mutate(document[key], data)
        return copy
    if isinstance(document, list) and document:
        index = data.draw(st.integers(0, len(document) - 1))
        copy_list = list(document)
        if data.draw(st.booleans()):
            copy_list[index] = _mutate(document[index], data)
        else:
            copy_list[index] = data.draw(values)
        return copy_list
    return data.draw(values)


@FUZZ
@given(base=st.sampled_from(VALID), data=st.data(), rounds=st.integers(1, 4))
def test_near_valid_documents(
    tmp_path: Path, base: dict[str, Any], data: st.DataObject, rounds: int
) -> None:
    document = base
    for _ in range(rounds):
        document = _mutate(document, data)
    path = write(tmp_path, document)
    if path is not None:
        check(path)


@FUZZ
@given(content=st.binary(max_size=2000))
def test_random_bytes(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "session.toml"
    path.write_bytes(content)
    check(path)


@FUZZ
@given(base=st.sampled_from(SAMPLES), data=st.data())
def test_damaged_bytes_of_a_valid_file(tmp_path: Path, base: Path, data: st.DataObject) -> None:
    content = bytearray(base.read_bytes())
    for _ in range(data.draw(st.integers(1, 5))):
        index = data.draw(st.integers(0, len(content) - 1))
        content[index] = data.draw(st.integers(0, 255))
    path = tmp_path / "session.toml"
    path.write_bytes(bytes(content))
    check(path)


# -- the extremes, by hand --------------------------------------------------------------

HUNGRY_HEAD = 'format = 1\ngame = "hungry"\n'
TWO_PLAYERS = '[[players]]\nname = "A"\nhomes = [0, 0, 0, 0, 0]\n[[players]]\nname = "B"\n'
EXTREMES = {
    "deep-array": "a = " + "[" * 20_000 + "]" * 20_000,
    "deep-inline-table": "a = " + "{b = " * 5_000 + "1" + "}" * 5_000,
    "deep-extra": HUNGRY_HEAD + TWO_PLAYERS + "homes = [0, 0, 0, 0, 0]\n[extra]\nx = "
    + "[" * 300 + "]" * 300,
    "deep-table-headers": HUNGRY_HEAD + "".join(f"[{'a.' * n}b]\n" for n in range(1, 400)),
    "int-past-digit-limit": HUNGRY_HEAD + "notes = 1" + "0" * 5_000,
    "int-past-64-bits": HUNGRY_HEAD + TWO_PLAYERS + "homes = [99999999999999999999999, 0, 0, 0, 0]",
    "huge-float": HUNGRY_HEAD + TWO_PLAYERS + "homes = [1e400, 0, 0, 0, 0]",
    "nan": HUNGRY_HEAD + TWO_PLAYERS + "homes = [nan, 0, 0, 0, 0]",
    "huge-name": HUNGRY_HEAD + '[[players]]\nname = "' + "A" * 1_000_000 + '"\n',
    "huge-notes": HUNGRY_HEAD + 'notes = "' + "n" * 1_000_000 + '"\n' + TWO_PLAYERS
    + "homes = [0, 0, 0, 0, 0]",
    "many-players": HUNGRY_HEAD + '[[players]]\nname = "x"\n' * 10_000,
    "bom": "\ufeff" + HUNGRY_HEAD,
    "nul": "format = 1\x00\n",
    "format-huge": "format = 99999999999999\ngame = \"hungry\"\n",
    "not-a-table-players": HUNGRY_HEAD + "players = 3",
    "empty": "",
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(EXTREMES))
def test_extremes(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.toml"
    path.write_text(EXTREMES[name], encoding="utf-8")
    check(path)


def run_cli(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--home", str(home), "score", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["deep-array", "deep-extra", "int-past-digit-limit", "huge-name", "nul", "empty"]
)
def test_extremes_through_the_cli(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.toml"
    path.write_text(EXTREMES[name], encoding="utf-8")
    for extra in ([], ["--json"], ["--save"]):
        result = run_cli("--from", str(path), *extra, home=tmp_path / "home")
        assert "Traceback" not in result.stderr
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr.startswith("error: ")
        assert result.stderr.count("\n") == 1


@pytest.mark.slow
def test_random_bytes_and_directories_through_the_cli(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.toml"
    garbage.write_bytes(bytes(range(256)) * 4)
    for path, reason in [
        (garbage, "not UTF-8 text"),
        (tmp_path, "cannot read: Is a directory"),
        (tmp_path / "missing.toml", "cannot read: No such file or directory"),
    ]:
        result = run_cli("--from", str(path), home=tmp_path / "home")
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == f"error: {path}: {reason}\n"


def test_huge_input_stops_at_the_size_limit_and_devices_are_refused(tmp_path: Path) -> None:
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"# " + b"x" * (1 << 20) + b"\n")
    with pytest.raises(ScorekeeperError, match=f"^{huge}: larger than 1 MB: not a session file$"):
        read_session(huge)
    if Path("/dev/zero").exists():
        with pytest.raises(ScorekeeperError, match=r"^/dev/zero: cannot read: not a regular file"):
            read_session(Path("/dev/zero"))


def test_played_values_of_every_toml_kind() -> None:
    """TOML dates, local date-times and times all reach the `played` check cleanly."""
    for value in (date(2026, 11, 29), datetime(2026, 11, 29, 20, 15), time(20, 15)):
        text = tomli_w.dumps({**VALID[0], "played": value})
        assert tomllib.loads(text)["played"] == value
