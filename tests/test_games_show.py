"""`scorekeeper games show`: a title's facts, questions, rule notes and card catalogue."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from scorekeeper.cli import app

USER_CATALOGUE = """\
[[comforts]]
name = "Hearth"
vp = 6

[[comforts]]
name = "Cocoa"
type = "food"
vp = 3
text = "A promo"
"""


def run(home: Path, *args: str) -> Result:
    return CliRunner().invoke(app, ["--home", str(home), "games", *args], env={"COLUMNS": "80"})


def shown(home: Path, game: str) -> dict[str, Any]:
    result = run(home, "show", game, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_json_of_a_title_without_a_catalogue(tmp_path: Path) -> None:
    data = shown(tmp_path, "tabula-rasa")
    assert (data["id"], data["name"], data["aliases"]) == ("hungry", "Hungry", ["tabula-rasa"])
    assert data["players"] == {"min": 2, "max": 4}
    assert [(a["key"], a["asked"], a["required"]) for a in data["asked"]] == [
        ("homes", "player", True),
        ("hotels", "player", False),
    ]
    assert data["asked"][0]["label"] == "tourists at the holiday homes"
    assert data["asked"][0]["rule"] == "hungry.holiday-homes"
    assert {"id": "hungry.ties", "title": "Tied totals"} in data["rules"]
    assert "cards" not in data


def test_settings_are_asked_once_per_game(tmp_path: Path) -> None:
    asked = shown(tmp_path, "happy-home")["asked"]
    assert (asked[0]["key"], asked[0]["asked"]) == ("design", "game")
    assert asked[0]["allowed"] == (
        "one of perfect-fit, bigger-is-better, finishing-touches, nooks-and-crannies"
    )


def test_the_shipped_card_catalogue(tmp_path: Path) -> None:
    cards = {card["name"]: card for card in shown(tmp_path, "cc")["cards"]}
    assert len(cards) == 41
    assert cards["Hearth"] == {
        "name": "Hearth",
        "kind": "comfort",
        "type": "lighting",
        "vp": 5,
        "bonus": "+2 per pair of Wood stored here",
        "stores": "2 Wood",
        "yours": False,
    }
    assert cards["Pantry"]["stores"] == "1 Fruit, 1 Mushroom, 1 Grain"
    assert cards["Pattern Book"]["kind"] == "improvement"
    assert cards["Pattern Book"]["stores"] == "1 Story on each Clothing Comfort"
    assert cards["Snowshoes"]["bonus"] == cards["Snowshoes"]["stores"] == ""
    assert not any(card["yours"] for card in cards.values())


def test_the_users_own_cards_are_marked(tmp_path: Path) -> None:
    tmp_path.joinpath("catalogue.toml").write_text(USER_CATALOGUE, encoding="utf-8")
    cards = {card["name"]: card for card in shown(tmp_path, "creature-comforts")["cards"]}
    assert (cards["Hearth"]["vp"], cards["Hearth"]["yours"]) == (6, True)
    assert cards["Cocoa"] == {
        "name": "Cocoa",
        "kind": "comfort",
        "type": "food",
        "vp": 3,
        "bonus": "A promo",
        "stores": "",
        "yours": True,
    }
    assert [name for name, card in cards.items() if card["yours"]] == ["Hearth", "Cocoa"]
    text = run(tmp_path, "show", "cc").stdout
    assert "│ Cocoa *      │ comfort,     │  3 │ A promo" in text
    assert f"* added or corrected by your {tmp_path / 'catalogue.toml'}" in text.replace("\n", "")
    assert max(len(line) for line in text.splitlines()) <= 80


def test_the_facts_at_80_columns(tmp_path: Path) -> None:
    text = run(tmp_path, "show", "first-snow").stdout
    lines = text.splitlines()
    assert lines[:2] == ["First Snow (first-snow)", "Players: 2"]
    assert (
        "│ tools in good condition │ Tools whose cube is on the good-condition slot at  │" in text
    )
    assert "  first-snow.tools" in text and "Cards" not in text
    assert max(len(line) for line in lines) <= 80


def test_an_unknown_game_gets_the_closest(tmp_path: Path) -> None:
    result = run(tmp_path, "show", "frist-snow")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "error: unknown game 'frist-snow'; did you mean 'first-snow'?\n"


def test_a_broken_user_catalogue_is_one_line(tmp_path: Path) -> None:
    tmp_path.joinpath("catalogue.toml").write_text("[[comforts]]\nname = 3\n", encoding="utf-8")
    result = run(tmp_path, "show", "cc")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {tmp_path / 'catalogue.toml'}: ")
    assert len(result.stderr.splitlines()) == 1


def test_the_bare_command_and_list_agree(tmp_path: Path) -> None:
    bare, listed = run(tmp_path), run(tmp_path, "list")
    assert bare.exit_code == listed.exit_code == 0
    assert bare.stdout == listed.stdout
    assert "│ creature-comforts        │ Creature Comforts        │ cc" in bare.stdout


def test_listing_a_titles_notes_builds_no_search_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a question needs the search index: `games show` and the completion of rule ids read
    the notes alone (building the index from a checkout's notes takes seconds)."""
    from scorekeeper.cli.known import rule_ids
    from scorekeeper.rulebook import Index

    def refuse(cls: type[Index], *args: object) -> Index:
        raise AssertionError("the search index was built")

    monkeypatch.setattr(Index, "build", classmethod(refuse))
    listed = {note["id"]: note["title"] for note in shown(tmp_path, "hungry")["rules"]}
    assert listed["hungry.ties"] == "Tied totals"
    assert dict(rule_ids("hungry")) == listed
    assert {"hungry.ties", "first-snow.bear-check"} <= dict(rule_ids(None)).keys()
