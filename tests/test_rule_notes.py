"""The rule notes as data: every file well-formed, every id unique and every reference real."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rulebook import load_library, load_notes, open_notes, rules_root
from scorekeeper.rulebook.notes import OPTIONAL_NOTE_KEYS, REQUIRED_NOTE_KEYS

RULES = Path(__file__).parents[1] / "rules"
FILES = sorted(RULES.glob("*.toml"))
ASKED = sorted((RULES / "asked").glob("*.toml"))
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as stream:
        return tomllib.load(stream)


def test_the_resolver_finds_these_rules() -> None:
    """The checkout's rules/ (editable install) or the wheel's copy of them (installed)."""
    root = rules_root()
    found = {p.relative_to(root): p.read_bytes() for p in root.glob("**/*.toml")}
    assert found == {p.relative_to(RULES): p.read_bytes() for p in FILES + ASKED}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_rule_file(path: Path) -> None:
    data = _load(path)
    game = data["game"]
    assert path.stem == game
    assert isinstance(data["name"], str) and data["name"]
    assert all(isinstance(alias, str) for alias in data.get("aliases", []))
    notes = data["notes"]
    ids = [note["id"] for note in notes]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for note in notes:
        assert set(REQUIRED_NOTE_KEYS) <= set(note), note["id"]
        assert set(note) <= set(REQUIRED_NOTE_KEYS) | set(OPTIONAL_NOTE_KEYS), note["id"]
        prefix, _, slug = note["id"].partition(".")
        assert prefix == game and SLUG.fullmatch(slug), note["id"]
        assert note["title"].strip() and note["section"].strip() and note["text"].strip()
        assert note["terms"], note["id"]
        for related in note["related"]:
            assert related in ids and related != note["id"], f"{note['id']} -> {related}"


def test_every_registered_title_has_notes_under_its_own_names() -> None:
    from scorekeeper.games import GAMES

    titles = {title.id: title for title in load_notes(rules_root()).titles}
    for game in GAMES:
        assert game.id in titles
        assert titles[game.id].name == game.name
        assert titles[game.id].aliases == game.aliases


def test_library_has_every_note_once() -> None:
    library = load_notes(rules_root())
    assert len(library.notes) == sum(len(_load(path)["notes"]) for path in FILES)


def test_hard_wraps_in_note_text_are_undone() -> None:
    from scorekeeper.rulebook.notes import chapter_from_toml

    title = chapter_from_toml(
        'game = "hungry"\nname = "Hungry"\n[[notes]]\nid = "hungry.x"\ntitle = "X"\nsection = "S"\n'
        'text = """\nOne line\nwrapped.\n\nSecond paragraph.\n"""\nterms = ["x"]\nrelated = []\n',
        "g.toml",
    )
    assert title.notes[0].text == "One line wrapped.\n\nSecond paragraph."


@pytest.mark.parametrize("path", FILES + ASKED, ids=lambda p: p.stem)
def test_no_note_cites_a_file_outside_the_repository(path: Path) -> None:
    """Notes cite the rulebook by title and section, or the shipped card catalogue."""
    text = path.read_text(encoding="utf-8")
    assert re.findall(r"/work/|/home/|/Users/|\.\./|[A-Za-z]:\\\\", text) == []


def test_every_note_names_the_rulebook_section_it_comes_from() -> None:
    library = load_notes(rules_root())
    assert all(note.section.strip() for note in library.notes.values())


def test_a_rule_file_for_a_title_the_registry_does_not_know_is_refused() -> None:
    from scorekeeper.rulebook.notes import RulesDataError, chapter_from_toml

    with pytest.raises(RulesDataError, match=r"^g\.toml: key 'game': unknown game 'g'"):
        chapter_from_toml('game = "g"\nname = "G"\nnotes = []\n', "g.toml")
    with pytest.raises(RulesDataError, match=r"expected the id 'hungry', got 'tabula-rasa'"):
        chapter_from_toml('game = "tabula-rasa"\nname = "Hungry"\nnotes = []\n', "x.toml")


def test_the_library_finds_a_title_through_the_registrys_lookup() -> None:
    from scorekeeper.games import find_title

    library = load_notes(rules_root())
    chapter = library.title("Tabula Rasa")
    assert chapter.id == "hungry"
    assert chapter.title is find_title("hungry")


def test_asked_questions_are_learnt_by_the_notes_that_answer_them() -> None:
    """Each labelled question is attached to every note it is labelled with, and only there."""
    library = load_library(rules_root())
    table = _load(RULES / "asked" / "second.toml")["question"][0]
    assert table["notes"]
    for note_id in library.notes:
        assert (table["text"] in library.asked.get(note_id, ())) == (note_id in table["notes"])
    assert sum(len(questions) for questions in library.asked.values()) == sum(
        len(question["notes"]) for path in ASKED for question in _load(path)["question"]
    )


def test_showing_a_note_reads_the_notes_without_the_asked_questions() -> None:
    """The walk-through's hints load the notes only: the same notes, and none of the thousands
    of asked questions a checkout holds (a third of a second to parse, on every first hint)."""
    notes, library = load_notes(rules_root()), load_library(rules_root())
    assert library.asked
    assert notes.asked == {}
    assert notes.notes == library.notes
    assert open_notes().notes == library.notes  # a checkout ships no prebuilt index


def test_an_asked_question_labelled_with_an_unknown_note_is_refused() -> None:
    from scorekeeper.rulebook.notes import RulesDataError, asked_from_toml

    text = '[[question]]\ntext = "who wins?"\nnotes = ["hungry.ties"]\n'
    assert asked_from_toml(text, "asked/x.toml", ["hungry.ties"]) == {"hungry.ties": ["who wins?"]}
    unknown = r"^asked/x\.toml: question 1: key 'notes': unknown rule id 'hungry\.tie'$"
    with pytest.raises(RulesDataError, match=unknown):
        asked_from_toml(text.replace("ties", "tie"), "asked/x.toml", ["hungry.ties"])
    keys = r"^asked/x\.toml: question 1: expected the keys 'text' and 'notes'$"
    with pytest.raises(RulesDataError, match=keys):
        asked_from_toml('[[question]]\ntext = "who wins?"\n', "asked/x.toml", [])


def test_notes_without_asked_questions_load(tmp_path: Path) -> None:
    (tmp_path / "hungry.toml").write_bytes((RULES / "hungry.toml").read_bytes())
    library = load_library(tmp_path)
    assert "hungry.ties" in library.notes
    assert library.asked == {}
