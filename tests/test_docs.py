"""The manual in docs/: a page for every title, linked from the index, and nothing outside."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.games import TITLES

DOCS = Path(__file__).parent.parent / "docs"
PAGES = sorted(DOCS.rglob("*.md"))


def test_every_title_has_a_page_linked_from_the_index() -> None:
    index = (DOCS / "games" / "README.md").read_text(encoding="utf-8")
    for title in TITLES:
        assert (DOCS / "games" / f"{title.id}.md").is_file(), title.id
        assert f"]({title.id}.md)" in index, title.id


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_links_stay_inside_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert "/work/" not in text and "../shared" not in text
    for target in re.findall(r"\]\(([^)]+)\)", text):
        assert "://" not in target, target
        assert (page.parent / target.split("#")[0]).exists(), target
