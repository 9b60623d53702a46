"""Shared fixtures: an isolated data directory and a CLI runner that keeps stderr apart."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "sample_sessions"


@pytest.fixture(scope="session", autouse=True)
def fixture_history_untouched() -> Iterator[None]:
    """Reading a history writes its play cache, so tests must read copies of tests/history."""
    yield
    written = REPO / "tests" / "history" / "cache"
    assert not written.exists(), f"a test wrote into the fixture history: {written}"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data directory, also set as SCOREKEEPER_HOME for child processes."""
    directory = tmp_path / "home"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(directory))
    return directory


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
