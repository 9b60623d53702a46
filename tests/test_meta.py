"""Meta-tests: every title is complete, the README's commands are real and the manual stays
inside the repository."""

from __future__ import annotations

import re
import shlex

import pytest

from scorekeeper.games import GAMES
from scorekeeper.storage.session_files import read_session
from tests.conftest import REPO, SAMPLES

SAMPLE_FILES = sorted(SAMPLES.glob("*.toml"))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_title_has_rule_notes_a_sample_and_cases(game: object) -> None:
    game_id = game.id  # type: ignore[attr-defined]
    assert (REPO / "rules" / f"{game_id}.toml").is_file()
    assert any(read_session(path).game.id == game_id for path in SAMPLE_FILES)
    assert list((REPO / "tests" / "cases" / game_id).glob("*.toml"))


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_every_sample_session_scores(path: object) -> None:
    outcome = read_session(path).score()  # type: ignore[arg-type]
    assert outcome.winners


def test_readme_quickstart_names_a_real_sample_and_the_ci_test_command() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, flags=re.S)
    first, second = blocks[0].strip(), blocks[1].strip()
    sample = next(word for word in shlex.split(first) if word.startswith("sample_sessions/"))
    assert (REPO / sample).is_file()
    assert 'pip install ".[test]" && pytest' in second
    assert 'pip install ".[test]" && pytest' in (REPO / ".ci" / "run").read_text()


def test_the_registry_knows_each_title_as_its_engine_does() -> None:
    from scorekeeper.games import TITLES

    for title in TITLES:
        assert title.load().title is title


MANUAL = sorted([REPO / "README.md", *(REPO / "docs").rglob("*.md")])
LINK = re.compile(r"\]\(([^)\s]+)\)")
MACHINE_PATH = re.compile(r"\.\./shared|/work/|/home/|/Users/|/root/|/tmp/|[A-Z]:\\\\")


def anchors(page: object) -> set[str]:
    """GitHub's ids for a page's headings: lower case, punctuation dropped, spaces as '-'."""
    text = page.read_text(encoding="utf-8")  # type: ignore[attr-defined]
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    titles = re.findall(r"^#+ (.+)$", text, flags=re.M)
    return {re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-") for title in titles}


@pytest.mark.parametrize("page", MANUAL, ids=lambda p: str(p.relative_to(REPO)))
def test_the_manual_names_no_machine_path(page: object) -> None:
    text = page.read_text(encoding="utf-8")  # type: ignore[attr-defined]
    assert MACHINE_PATH.findall(text) == []


SHIPPED_TREES = ("scorekeeper", "rules", "tests", "sample_sessions", "benchmarks", ".ci")
PATTERN_HOLDERS = {"test_meta.py", "test_docs.py", "test_rule_notes.py"}  # they spell the paths


def test_no_file_of_the_repository_names_a_machine_path() -> None:
    files = [REPO / "pyproject.toml", *MANUAL]
    for tree in SHIPPED_TREES:
        files += [
            path
            for path in (REPO / tree).rglob("*")
            if path.is_file()
            and path.suffix in (".py", ".toml", ".md", ".txt", ".json", "")
            and "__pycache__" not in path.parts
            and path.name not in PATTERN_HOLDERS
        ]
    named = [
        f"{path.relative_to(REPO)}: {found}"
        for path in files
        for found in MACHINE_PATH.findall(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert named == []


@pytest.mark.parametrize("page", MANUAL, ids=lambda p: str(p.relative_to(REPO)))
def test_every_link_of_the_manual_stays_in_the_repository_and_leads_somewhere(
    page: object,
) -> None:
    for target in LINK.findall(page.read_text(encoding="utf-8")):  # type: ignore[attr-defined]
        assert "://" not in target and not target.startswith("mailto:"), target
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page  # type: ignore[attr-defined]
        assert resolved.is_relative_to(REPO), target
        assert resolved.exists(), f"{target} (from {page})"
        if anchor:
            assert anchor in anchors(resolved), f"{target} (from {page})"


def test_every_title_has_a_page_linked_from_the_readme() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        page = f"docs/games/{game.id}.md"
        assert (REPO / page).is_file()
        assert f"]({page})" in readme


def _scored_examples() -> list[tuple[str, str]]:
    """(page, block) for every `$ scorekeeper score --from FILE` example of the manual."""
    found = []
    for page in MANUAL:
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"```text\n(.*?)```", text, flags=re.S):
            if block.startswith("$ scorekeeper score --from "):
                found.append((str(page.relative_to(REPO)), block))
    return found


@pytest.mark.parametrize(("page", "block"), _scored_examples(), ids=lambda x: str(x)[:40])
def test_scoring_examples_of_the_manual_are_real_output(
    page: str, block: str, monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """A `...` line stands for lines left out: what is shown before it opens the real output
    and what is shown after it ends it."""
    from typer.testing import CliRunner

    from scorekeeper.cli import app

    monkeypatch.chdir(REPO)
    command, _, expected = block.partition("\n")
    args = shlex.split(command)[2:]
    result = CliRunner().invoke(app, ["--home", str(tmp_path), *args], env={"COLUMNS": "92"})
    assert result.exit_code == 0
    shown = [line.rstrip() for line in result.stdout.splitlines()]
    head, _, tail = expected.rstrip("\n").partition("\n...\n")
    assert shown[: len(head.splitlines())] == head.splitlines()
    if tail:
        assert shown[-len(tail.splitlines()) :] == tail.splitlines()
