"""Shared fixtures: an isolated data directory and a CLI runner that keeps stderr apart.

Hypothesis runs a few examples per property by default, so that `pytest` stays quick; CI
runs every property in full with HYPOTHESIS_PROFILE=ci (see .ci/run and the README).
"""

from __future__ import annotations

import functools
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import settings
from typer.testing import CliRunner

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "sample_sessions"

FULL = "ci"
settings.register_profile("default", max_examples=15, deadline=None)
settings.register_profile(FULL, max_examples=100, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def examples(full: int) -> int:
    """How many examples a property with `full` examples in CI runs here: a tenth by default
    (at least 5), all of them under the CI profile."""
    if settings.default.max_examples >= settings.get_profile(FULL).max_examples:
        return full
    return max(5, full // 10)


@pytest.fixture(scope="session", autouse=True)
def one_set_of_default_key_bindings() -> Iterator[None]:
    """prompt_toolkit builds its 500-odd default key bindings afresh for every Application, and
    questionary makes three for each choice it asks: about a fifth of an in-process walk-through
    test's time. The bindings hold no state of their own (they read the running application's),
    so the tests' prompts share one set; where a prompt_toolkit release looks them up elsewhere,
    each prompt builds its own, as at the table."""
    from prompt_toolkit.application import application
    from prompt_toolkit.key_binding.defaults import load_key_bindings

    if getattr(application, "load_key_bindings", None) is not load_key_bindings:
        yield
        return
    with mock.patch.object(application, "load_key_bindings", functools.cache(load_key_bindings)):
        yield


@pytest.fixture(scope="session", autouse=True)
def rule_notes_read_once() -> Iterator[None]:
    """A walk-through reads the rule notes for its hints once; an installed wheel reads them
    from its prebuilt index in about 15 ms, a checkout parses the note files (about 0.1 s). The
    tests run a checkout through some 150 walk-throughs, so they share one reading of the same
    notes (tests/test_rule_notes.py checks `open_notes` itself)."""
    from scorekeeper.prompts import asker

    with mock.patch.object(asker, "open_notes", functools.cache(asker.open_notes)):
        yield


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


@pytest.fixture(scope="session")
def rules_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding the search index of the shipped notes, built once per worker:
    copied to a data directory's `cache/`, a rules question there reads it as any `rules` after
    the first does, instead of building it from a checkout's notes (about 2 s)."""
    from scorekeeper.rulebook import open_index

    folder = tmp_path_factory.mktemp("rules-cache")
    open_index(cache_dir=folder)
    return folder


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def fresh_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No ~/.gitconfig and no /etc/gitconfig: no name, no e-mail, git's own defaults (the sync
    tests use it for every test: `pytestmark = pytest.mark.usefixtures("fresh_git")`)."""
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "no-gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "EMAIL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def remote(tmp_path: Path) -> Path:
    """An empty bare repository: the group's remote."""
    path = tmp_path / "group.git"
    subprocess.run(["git", "init", "-q", "--bare", str(path)], check=True, capture_output=True)
    return path
