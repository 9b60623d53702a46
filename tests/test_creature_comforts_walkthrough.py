"""The Creature Comforts walk-through, driven through a real pseudo-terminal."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pexpect
import pytest

from tests.walkthrough import DOWN, spawn

pytestmark = pytest.mark.slow


def _spawn(home: Path, *args: str) -> pexpect.spawn:
    return spawn(home, "score", *(args or ("cc",)), columns=160)


def _step(child: pexpect.spawn, prompt: str, answer: str) -> None:
    child.expect_exact(prompt)
    child.send(answer)


def _no_resources(child: pexpect.spawn, name: str, stories: str = "") -> None:
    for good in ("wood", "stone", "fruit", "mushroom", "yarn", "grain"):
        _step(child, f"{name}: {good} (Goods held)", "\r")
    _step(child, f"{name}: Coins held", "\r")
    _step(child, f"{name}: Stories held", f"{stories}\r")


def _saved(home: Path) -> dict[str, object]:
    (path,) = (home / "sessions").glob("*.toml")
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_two_players_cards_by_completion_and_best_placement(tmp_path: Path) -> None:
    child = _spawn(tmp_path)
    _step(child, "Player 1 name", "Ana\r")
    _step(child, "Player 2 name", "Ben\r")
    _step(child, "Player 3 name", "\r")
    # Ana: a typo is refused with a suggestion; "brea" is the only card starting so; "<"
    # removes the last card again.
    _step(child, "Ana: Comfort #1", "Hearht\r")
    child.expect_exact("Unknown Comfort (did you mean 'Hearth'?)")
    child.send("\x7f" * 6 + "hearth\r")
    _step(child, "Ana: Comfort #2", "brea\r")
    _step(child, "Ana: Comfort #3", "s\r")
    child.expect_exact("Which one? Snowshoes, Socks, Stew, Soup")
    child.send("\x7fPie\r")
    _step(child, "Ana: Comfort #4", "<\r")
    _step(child, "Ana: Comfort #3", "Soup\r")
    _step(child, "Ana: Comfort #4", "\r")
    _step(child, "Ana: Improvement #1", "Writing Desk\r")
    _step(child, "Ana: Improvement #2", "writing desk\r")
    child.expect_exact("Writing Desk is already listed")
    child.send("\x7f" * 12 + "Umbrella\r")
    _step(child, "Ana: Improvement #3", "\r")
    _step(child, "Ana: wood (Goods held)", "\x7f4\r")
    _step(child, "Ana: stone (Goods held)", "\x7f2\r")
    _step(child, "Ana: fruit (Goods held)", "\x7f1\r")
    _step(child, "Ana: mushroom (Goods held)", "\r")
    _step(child, "Ana: yarn (Goods held)", "\x7f2\r")
    _step(child, "Ana: grain (Goods held)", "\r")
    _step(child, "Ana: Coins held", "\x7f1\r")
    _step(child, "Ana: Stories held", "\x7f3\r")
    _step(child, "Ana: a card not in the catalogue", "Hot Cocoa\r")
    _step(child, "Hot Cocoa: printed VP", "\x7f2\r")
    _step(child, "Hot Cocoa: bonus VP earned", "\x7f1\r")
    _step(child, "Hot Cocoa: Comfort type", DOWN * 2 + "\r")  # Food
    _step(child, "Ana: a card not in the catalogue", "\r")
    # "<" at Ben's first card goes back to Ana's last question, past the solo-only one.
    _step(child, "Ben: Comfort #1", "<\r")
    _step(child, "Ana: a card not in the catalogue", "\r")
    # Ben: two Lighting Comforts for Ana's Writing Desk; no solo question in a 2-player game.
    _step(child, "Ben: Comfort #1", "Lamp\r")
    _step(child, "Ben: Comfort #2", "Candles\r")
    _step(child, "Ben: Comfort #3", "\r")
    _step(child, "Ben: Improvement #1", "\r")
    _no_resources(child, "Ben", stories="\x7f2")
    _step(child, "Ben: a card not in the catalogue", "\r")
    _step(child, "Is everything right?", "\r")
    child.expect_exact("Hearth: 4 Wood -> +4")
    child.expect_exact("Lamp: 2 Stories -> +7")
    child.expect(r"Winner: \S*Ana\S* with 44 points\.")
    _save(child)
    ana, ben = _saved(tmp_path)["players"]  # type: ignore[misc]
    assert ana["comforts"] == ["Hearth", "Bread", "Soup"]
    assert ana["improvements"] == ["Writing Desk", "Umbrella"]
    assert ana["custom"] == [{"name": "Hot Cocoa", "vp": 2, "bonus": 1, "type": "food"}]
    assert "solo_type" not in ben


def _save(child: pexpect.spawn) -> None:
    """Answer yes to saving and wait for a clean exit."""
    _step(child, "Save this session?", "y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def _solo_socks_and_soup(home: Path) -> pexpect.spawn:
    """A solo game up to the custom cards: Socks (Clothing) and Soup (Food) tie as types."""
    child = _spawn(home)
    _step(child, "Player 1 name", "Sol\r")
    _step(child, "Player 2 name", "\r")
    _step(child, "Sol: Comfort #1", "Socks\r")
    _step(child, "Sol: Comfort #2", "Soup\r")
    _step(child, "Sol: Comfort #3", "\r")
    _step(child, "Sol: Improvement #1", "\r")
    _no_resources(child, "Sol")
    return child


def test_solo_tie_asks_for_the_title_word(tmp_path: Path) -> None:
    child = _solo_socks_and_soup(tmp_path)
    _step(child, "Sol: a card not in the catalogue", "\r")
    _step(child, "pick your title's first word", DOWN + "\r")
    _step(child, "Is everything right?", "\r")
    child.expect(r"Title: \S*Deliciously Frugal Critter of your Den")
    _save(child)
    document = _saved(tmp_path)
    assert document["players"][0]["solo_type"] == "food"  # type: ignore[index]
    assert document["result"]["title"] == "Deliciously Frugal Critter of your Den"  # type: ignore[index]


def test_a_typed_custom_card_settles_the_solo_title_without_asking(tmp_path: Path) -> None:
    child = _solo_socks_and_soup(tmp_path)
    _step(child, "Sol: a card not in the catalogue", "Cocoa Mug\r")
    _step(child, "Cocoa Mug: printed VP", "\x7f2\r")
    _step(child, "Cocoa Mug: bonus VP earned", "\r")
    _step(child, "Cocoa Mug: Comfort type", DOWN * 2 + "\r")  # Food: 2 Food to 1 Clothing
    _step(child, "Sol: a card not in the catalogue", "\r")
    asked = child.expect(["pick your title's first word", "Is everything right?"])
    assert asked == 1, "the custom Food card breaks the tie: nothing to ask"
    child.send("\r")
    child.expect(r"Title: \S*Deliciously Frugal Critter of your Den")
    _save(child)
    assert "solo_type" not in _saved(tmp_path)["players"][0]  # type: ignore[index]


def test_a_resumed_solo_game_still_asks_about_the_tied_types(tmp_path: Path) -> None:
    """The solo question reads the cards kept in the draft, not only those typed this run."""
    child = _solo_socks_and_soup(tmp_path)
    child.expect_exact("Sol: a card not in the catalogue")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child = _spawn(tmp_path, "--resume")
    _step(child, "Sol: a card not in the catalogue", "\r")
    _step(child, "pick your title's first word", "\r")  # Snugly (Clothing), tied with Food
    _step(child, "Is everything right?", "\r")
    child.expect(r"Title: \S*Snugly Frugal Critter of your Den")
    _save(child)
    assert _saved(tmp_path)["players"][0]["solo_type"] == "clothing"  # type: ignore[index]
