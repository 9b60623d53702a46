"""House rulings: the open points, the group's choice in rulings.toml, and what a saved game
keeps. Expected values come from the rulebooks: the Hearth scores 5 VP ("Your Hearth earns you
5 VP"), 6 under the house ruling; a tie for second at a Hungry resort gives nobody the token,
the next untied player under the house ruling."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.core.majority import award, award_places
from scorekeeper.core.rulings import Ruling, Rulings
from scorekeeper.errors import InputError, StorageError
from scorekeeper.storage.reading import parse_toml

ONE_HEARTH = """\
format = 1
game = "creature-comforts"
played = 2026-11-30T20:00:00

[[players]]
name = "Ana"
comforts = ["Hearth"]

[[players]]
name = "Ben"
comforts = ["Socks"]
"""

# Red hotel: Ana 5 takes the tile; Ben and Cy tie for second on 2; Dee has 1.
SECOND_TIE = """\
format = 1
game = "hungry"
{rulings}
[[players]]
name = "Ana"
homes = [0, 0, 0, 0, 0]
hotels = {{ red = 5 }}

[[players]]
name = "Ben"
homes = [0, 0, 0, 0, 0]
hotels = {{ red = 2 }}

[[players]]
name = "Cy"
homes = [0, 0, 0, 0, 0]
hotels = {{ red = 2 }}

[[players]]
name = "Dee"
homes = [0, 0, 0, 0, 0]
hotels = {{ red = 1 }}
"""


def _run(runner: CliRunner, home: Path, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["--home", str(home), *args])
    return result.exit_code, result.stdout, result.stderr


def _totals(stdout: str) -> dict[str, int]:
    return {p["name"]: p["total"] for p in json.loads(stdout)["players"]}


def test_the_list_names_both_points_with_defaults_and_choices(
    runner: CliRunner, home: Path
) -> None:
    code, out, _ = _run(runner, home, "rulings", "--json")
    assert code == 0
    entries = {entry["id"]: entry for entry in json.loads(out)}
    hearth = entries["creature-comforts.hearth-vp"]
    assert (hearth["default"], hearth["choices"], hearth["current"]) == (5, [5, 6], 5)
    assert "Your Hearth earns you 5 VP" in hearth["words"]
    assert hearth["note"] == "creature-comforts.scoring-example"
    tie = entries["hungry.second-place-tie"]
    assert (tie["default"], tie["choices"]) == ("no-token", ["no-token", "next-player"])
    assert "no 1-point token is awarded" in tie["words"]
    code, out, _ = _run(runner, home, "rulings", "tabula-rasa", "--json")
    assert [entry["id"] for entry in json.loads(out)] == ["hungry.second-place-tie"]


def test_bad_ids_and_values_are_one_line_naming_what_is_allowed(
    runner: CliRunner, home: Path
) -> None:
    code, out, err = _run(runner, home, "rulings", "set", "hearth", "6")
    assert (code, out) == (2, "")
    assert err == (
        "error: unknown house ruling 'hearth'; known: creature-comforts.hearth-vp, "
        "happy-home.perfect-fit-count, hungry.second-place-tie\n"
    )
    code, _, err = _run(runner, home, "rulings", "set", "hungry.second-place-tie", "maybe")
    assert code == 2
    assert err == (
        "error: key 'hungry.second-place-tie': expected one of \"no-token\", "
        "\"next-player\", got 'maybe'\n"
    )
    code, _, err = _run(runner, home, "rulings", "reset", "nope.x")
    assert code == 2 and err.startswith("error: unknown house ruling 'nope.x'; known: ")
    assert not (home / "rulings.toml").exists()


def test_a_choice_is_kept_in_rulings_toml_and_reset_goes_back(
    runner: CliRunner, home: Path
) -> None:
    assert _run(runner, home, "rulings", "set", "creature-comforts.hearth-vp", "6")[1] == (
        "creature-comforts.hearth-vp = 6 (house ruling)\n"
    )
    assert tomllib.loads((home / "rulings.toml").read_text()) == {
        "creature-comforts": {"hearth-vp": 6}
    }
    _, out, _ = _run(runner, home, "rulings", "--json")
    assert {e["id"]: e["current"] for e in json.loads(out)}["creature-comforts.hearth-vp"] == 6
    _run(runner, home, "rulings", "reset", "creature-comforts.hearth-vp")
    assert tomllib.loads((home / "rulings.toml").read_text()) == {}


def test_a_game_saved_under_a_ruling_keeps_its_result(
    runner: CliRunner, home: Path, tmp_path: Path
) -> None:
    game = tmp_path / "one-hearth.toml"
    game.write_text(ONE_HEARTH, encoding="utf-8")
    assert _totals(_run(runner, home, "score", "--from", str(game), "--json")[1])["Ana"] == 5
    _run(runner, home, "rulings", "set", "creature-comforts.hearth-vp", "6")
    code, out, _ = _run(runner, home, "score", "--from", str(game), "--json", "--save")
    assert code == 0 and _totals(out) == {"Ana": 6, "Ben": 4}
    _run(runner, home, "rulings", "reset", "creature-comforts.hearth-vp")
    [saved] = (home / "sessions").glob("*.toml")
    assert tomllib.loads(saved.read_text())["rulings"] == {"hearth-vp": 6}
    code, out, _ = _run(runner, home, "score", "--from", str(saved), "--json")
    assert _totals(out) == {"Ana": 6, "Ben": 4}  # its own [rulings], whatever the group's
    assert _totals(_run(runner, home, "score", "--from", str(game), "--json")[1])["Ana"] == 5
    code, out, _ = _run(runner, home, "history", "rescore")
    assert code == 0
    assert "Re-scored 1 sessions: 0 changed." in out
    assert "creature-comforts.hearth-vp = 5" in out and "Ana: total 6 -> 5" in out


def test_the_breakdown_marks_a_point_a_house_ruling_decided(
    runner: CliRunner, home: Path, tmp_path: Path
) -> None:
    game = tmp_path / "one-hearth.toml"
    game.write_text(ONE_HEARTH, encoding="utf-8")
    _, out, _ = _run(runner, home, "score", "--from", str(game), "--ruling", "hearth-vp=6")
    assert "Hearth: 6 VP (house ruling)" in out and "scoring-example" in out
    _, out, _ = _run(runner, home, "score", "--from", str(game))
    assert "Hearth: 5 VP" in out and "(house ruling)" not in out


def test_trying_a_ruling_out_changes_nothing(runner: CliRunner, home: Path, tmp_path: Path) -> None:
    game = tmp_path / "one-hearth.toml"
    game.write_text(ONE_HEARTH, encoding="utf-8")
    args = ("score", "--from", str(game), "--json", "--ruling")
    out = _run(runner, home, *args, "creature-comforts.hearth-vp=6")[1]
    line = json.loads(out)["players"][0]["lines"][0]
    assert line["ruling"] == "creature-comforts.hearth-vp"
    assert _totals(out)["Ana"] == 6
    assert not (home / "rulings.toml").exists() and not (home / "sessions").exists()
    code, _, err = _run(runner, home, *args, "hearth-vp=7")
    assert (code, err) == (2, "error: --ruling 'hearth-vp=7': expected one of 5, 6, got '7'\n")
    code, _, err = _run(runner, home, *args[:-1], "--save", "--ruling", "hearth-vp=6")
    assert code == 2
    assert err == "error: --ruling tries a ruling out; to keep one, use `scorekeeper rulings set`\n"


def test_a_hand_written_hungry_file_chooses_its_reading(
    runner: CliRunner, home: Path, tmp_path: Path
) -> None:
    game = tmp_path / "hungry.toml"
    game.write_text(SECOND_TIE.format(rulings=""), encoding="utf-8")
    assert _totals(_run(runner, home, "score", "--from", str(game), "--json")[1])["Dee"] == 0
    ruled = '\n[rulings]\nsecond-place-tie = "next-player"\n'
    game.write_text(SECOND_TIE.format(rulings=ruled), encoding="utf-8")
    code, out, _ = _run(runner, home, "score", "--from", str(game), "--json")
    assert _totals(out) == {"Ana": 5, "Ben": 0, "Cy": 0, "Dee": 1}
    game.write_text(SECOND_TIE.format(rulings=ruled.replace("next-player", "maybe")))
    code, out, err = _run(runner, home, "score", "--from", str(game), "--json")
    assert (code, out) == (2, "")
    assert err == (
        f"error: {game}: key 'rulings.second-place-tie': expected one of \"no-token\", "
        "\"next-player\", got 'maybe'\n"
    )


def test_a_broken_rulings_file_is_named(runner: CliRunner, home: Path, tmp_path: Path) -> None:
    home.mkdir(parents=True)
    (home / "rulings.toml").write_text('[hungry]\nsecond-place-tie = "sometimes"\n')
    game = tmp_path / "hungry.toml"
    game.write_text(SECOND_TIE.format(rulings=""), encoding="utf-8")
    code, _, err = _run(runner, home, "score", "--from", str(game))
    assert code == 2
    assert err.startswith(f"error: {home / 'rulings.toml'}: key 'hungry.second-place-tie': ")


def test_a_ruling_value_keeps_its_type() -> None:
    ruling = Ruling("x", "", "", 5, (5, 6), "r.x")
    assert ruling.check(6) == 6
    for wrong in (True, "6", 6.0):
        with pytest.raises(InputError):
            ruling.check(wrong)
    assert Rulings((("x", 6),)).over(Rulings((("x", 5), ("y", 1)))).chosen == (
        ("x", 6),
        ("y", 1),
    )


def test_a_key_repeated_under_a_card_gets_the_reason() -> None:
    text = '[[players]]\nname = "Ana"\n[[players.custom]]\nname = "Scarf"\nname = "Ben"\n'
    with pytest.raises(StorageError) as caught:
        parse_toml(text, "game.toml")
    assert str(caught.value).endswith(
        "; keys after a [[players.custom]] table belong to that card; move them above it"
    )


@given(st.lists(st.integers(0, 10), min_size=2, max_size=4))
def test_a_tie_below_the_tile_stops_the_token(counts: list[int]) -> None:
    stopped = award(counts, tie_stops=True)
    moved = award(counts)
    assert moved.places == award_places(counts)
    assert stopped.places == moved.places[: len(stopped.places)]  # the tile is the same
    if stopped.stopped_by_tie:
        first = counts[stopped.places[0]]
        below = max(c for c in counts if 0 < c < first)
        assert len(stopped.places) == 1 and counts.count(below) > 1
    elif len(moved.places) == 2:
        assert stopped.places == moved.places


def test_every_ruling_is_well_formed_and_cites_a_real_note() -> None:
    from scorekeeper.games import GAMES
    from scorekeeper.rulebook import load_notes, rules_root

    notes = load_notes(rules_root()).notes
    for game in GAMES:
        for ruling in game.rulings:
            assert ruling.choices[0] == ruling.default, ruling.id
            assert len(set(ruling.choices)) == len(ruling.choices) >= 2, ruling.id
            assert ruling.rule in notes and ruling.rule.startswith(f"{game.id}."), ruling.id
            assert ruling.words.startswith('"') and ruling.about, ruling.id


def test_trying_a_ruling_of_another_game_names_this_games(runner: CliRunner, home: Path) -> None:
    from tests.conftest import SAMPLES

    hungry = str(SAMPLES / "hungry-family-night.toml")
    code, _, err = _run(runner, home, "score", "--from", hungry, "--ruling", "hearth-vp=6")
    assert (code, err) == (
        2,
        "error: --ruling 'hearth-vp=6': not a house ruling of Hungry; "
        "known: hungry.second-place-tie\n",
    )


def test_a_new_game_walked_through_is_scored_and_saved_under_the_groups_rulings() -> None:
    from scorekeeper.session import to_dict
    from tests.pipe import drive, new_draft
    from tests.test_walkthrough_flow import COMFORTS

    def scored(rulings: Rulings) -> tuple[int, dict[str, object], str]:
        run = drive(new_draft("creature-comforts"), COMFORTS, rulings=lambda game: rulings)
        [(session, outcome)] = run.saved
        ana = next(s for s in outcome.standings if s.name == "Ana")
        return ana.total, to_dict(session), run.screen

    by_the_book, document, screen = scored(Rulings())
    assert "rulings" not in document and "(house ruling)" not in screen
    ruled, document, screen = scored(Rulings((("hearth-vp", 6),)))
    assert ruled == by_the_book + 1  # Ana crafted one Hearth
    assert document["rulings"] == {"hearth-vp": 6}
    assert "Hearth: 6 VP (house ruling)" in screen
