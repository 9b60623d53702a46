"""`scorekeeper rules`: questions, `show ID`, `list [GAME]`, JSON and clean errors."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from scorekeeper.cli import app

Run = Callable[..., Result]


@pytest.fixture(scope="session")
def rules_home(tmp_path_factory: pytest.TempPathFactory, rules_cache: Path) -> Path:
    """One data directory for every test here, its `cache/` holding the index the conftest
    built for the worker (`rules` writes only that cache there)."""
    home = tmp_path_factory.mktemp("rules-home")
    shutil.copytree(rules_cache, home / "cache")
    return home


@pytest.fixture
def run(rules_home: Path) -> Run:
    """`scorekeeper --home HOME rules ARGS...`, so the index cache stays in the tests' folder."""
    runner = CliRunner()

    def invoke(*args: str) -> Result:
        return runner.invoke(app, ["--home", str(rules_home), "rules", *args])

    return invoke


def test_question_shows_the_best_note_in_full_and_two_more_as_lines(run: Run) -> None:
    result = run("hygge", "tiebraker")
    assert result.exit_code == 0, result.output
    assert result.output.count("╭─") == 1
    panel, after = result.output.split("╯\n")
    assert "Before the Guests Arrive: Winner and tied totals" in panel
    assert "before-the-guests-arrive.ties" in panel
    assert "Related:" in panel
    lines = [line.split()[0] for line in after.splitlines()]
    assert lines[0] == "Other"
    # then two other titles' tie rules, which fit "tiebraker" alike, in whichever order
    assert len(lines) == 4
    others = {note.partition(".")[0] for note in lines[1:3] if note.endswith(".ties")}
    assert len(others) == 2 and "before-the-guests-arrive" not in others
    assert lines[3] == "Read"
    assert after.splitlines()[-1] == "Read one in full: scorekeeper rules show ID"


def test_close_answers_are_called_also_possible(run: Run) -> None:
    result = run("who", "goes", "first")
    assert result.exit_code == 0, result.output
    after = result.output.split("╯\n")[1].splitlines()
    assert after[0] == "Also possible (scored close to it):"
    assert after[1].split() == ["hungry.first-player", "Who", "goes", "first"]
    assert after[2] == "Other answers:"
    assert after[-1] == "Other games answer this too; for one game's rule add: --game GAME"
    one_game = run("who", "goes", "first", "in", "hungry").output
    assert "Other games answer this too" not in one_game
    answers = json.loads(run("who", "goes", "first", "--json").output)
    assert [a["close_to_first"] for a in answers] == [False, True, False]


def test_a_question_about_something_else_says_no_note_fits(run: Run) -> None:
    result = run("who", "won", "the", "world", "cup", "in", "1998")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == "No rule note answers 'who won the world cup in 1998' well."
    assert lines[1] == "Nearest notes, probably not what you asked:"
    assert "╭─" not in result.output
    assert "See a game's notes: scorekeeper rules list GAME" in lines
    as_json = run("who", "won", "the", "world", "cup", "in", "1998", "--json")
    assert (as_json.exit_code, as_json.output.strip()) == (1, "[]")


def test_game_option_limits_the_search(run: Run) -> None:
    result = run("how", "do", "ties", "work", "--game", "hungry", "--json")
    answers = json.loads(result.output)
    assert result.exit_code == 0
    assert "hungry.ties" in [a["id"] for a in answers]
    assert {a["game"] for a in answers} == {"hungry"}
    assert {"id", "game", "title", "text", "related", "score"} <= set(answers[0])


def test_words_of_another_title_are_said_to_be_its(run: Run) -> None:
    result = run("polar", "bear", "attack", "--game", "hungry")
    assert result.exit_code == 1
    assert "These words belong to First Snow; ask with: --game first-snow" in result.output
    own = run("polar", "bear", "attack", "--game", "first-snow")
    assert own.exit_code == 0
    assert "These words belong" not in own.output


def test_all_gives_more_than_three(run: Run) -> None:
    answers = json.loads(run("hotel", "--all", "--json").output)
    assert len(answers) > 3
    assert [a["score"] for a in answers] == sorted((a["score"] for a in answers), reverse=True)


def test_show(run: Run) -> None:
    result = run("show", "hungry.ties")
    assert result.exit_code == 0
    assert "Hungry: Tied totals" in result.output
    assert json.loads(run("show", "hungry.ties", "--json").output)["id"] == "hungry.ties"


def test_show_a_slug_within_a_game(run: Run) -> None:
    assert json.loads(run("show", "ties", "--game", "cc", "--json").output)["id"] == (
        "creature-comforts.ties"
    )


def test_show_unknown_id_names_the_closest(run: Run) -> None:
    result = run("show", "hungry.tie")
    assert result.exit_code == 2
    assert result.output == (
        "error: unknown rule id 'hungry.tie'; closest: hungry.ties, hungry.two-player-tie\n"
    )


def test_a_question_too_long_is_refused_in_one_line_without_echoing_it(run: Run) -> None:
    run("warm", "the", "cache")
    question = "hotel " * 20_000
    started = time.perf_counter()
    result = run(question)
    assert time.perf_counter() - started < 1.0
    assert result.exit_code == 2
    assert result.output == (
        "error: a rules question is at most 300 characters; this one has 120,000\n"
    )
    assert run("x" * 300, "--json").exit_code == 1  # at the limit: searched, no note fits
    long_id = run("show", "hungry." + "x" * 100_000)
    assert long_id.exit_code == 2
    assert long_id.output == (
        "error: unknown rule id (100,007 characters, longer than any);"
        " see `scorekeeper rules list`\n"
    )


def test_show_without_an_id(run: Run) -> None:
    result = run("show")
    assert result.exit_code == 2
    assert "needs a note id" in result.output


def test_list_every_title_and_one(run: Run) -> None:
    everything = run("list")
    assert everything.exit_code == 0
    for name in ("Before the Guests Arrive", "Creature Comforts", "First Snow", "Happy Home"):
        assert name in everything.output
    rows = json.loads(run("list", "first-snow", "--json").output)
    assert rows and {row["game"] for row in rows} == {"first-snow"}
    assert json.loads(run("list", "--game", "hungry", "--json").output) == json.loads(
        run("list", "hungry", "--json").output
    )


@pytest.mark.parametrize("named", [["first", "snow"], ["firstsnow"], ["First-Snow"]])
def test_list_takes_a_game_as_people_write_it(run: Run, named: list[str]) -> None:
    assert run("list", *named, "--json").output == run("list", "first-snow", "--json").output


def test_list_with_a_mistyped_game_says_so_rather_than_search(run: Run) -> None:
    result = run("list", "hungy")
    assert (result.exit_code, result.output) == (
        2,
        "error: unknown game 'hungy'; did you mean 'hungry'?\n",
    )
    asked = run("list", "hotels", "--json")  # no game's name: a question
    assert asked.exit_code == 0 and json.loads(asked.output)[0]["game"] == "hungry"


def test_a_question_may_start_with_list_or_show(run: Run) -> None:
    result = run("list", "the", "phases", "of", "a", "round", "--game", "first-snow", "--json")
    assert result.exit_code == 0
    assert json.loads(result.output)[0]["id"] == "first-snow.round-overview"
    shown = run("show", "me", "the", "tie", "rule", "--game", "hungry", "--json")
    # Hungry has three tie rules (at a resort, two players, tied totals): any answers "the tie rule"
    assert json.loads(shown.output)[0]["id"] in {
        "hungry.majority-ties",
        "hungry.two-player-tie",
        "hungry.ties",
    }


def test_unknown_game(run: Run) -> None:
    result = run("ties", "--game", "chess")
    assert result.exit_code == 2
    assert result.output == (
        "error: unknown game 'chess'; known games: before-the-guests-arrive, "
        "creature-comforts, first-snow, happy-home, hungry\n"
    )


def test_no_match_exits_1_and_suggests_the_list(run: Run) -> None:
    result = run("xylophone", "quasar", "--game", "hungry")
    assert result.exit_code == 1
    assert result.output == (
        "No rule note answers 'xylophone quasar' well.\n"
        "See a game's notes: scorekeeper rules list hungry\n"
    )


def test_list_fits_80_columns_one_line_per_note(run: Run) -> None:
    lines = [line.rstrip() for line in run("list").output.splitlines()]
    assert max(len(line.rstrip()) for line in lines) <= 80
    notes = run("list", "--json")
    assert len([line for line in lines if line.startswith("    ")]) == len(json.loads(notes.output))
    assert "    ties                  Winner and tied totals" in lines


def test_no_question(run: Run) -> None:
    result = run()
    assert result.exit_code == 2
    assert result.output.startswith("error: ask a question")


def test_note_text_is_not_markup(tmp_path: Path) -> None:
    from io import StringIO

    from rich.console import Console

    from scorekeeper.render.rules import note_panel
    from scorekeeper.rulebook import Note

    note = Note("g.x", "g", "[bold]T[/bold]", "S", "Keep [red]this[/red] literal.", ("t",), ())
    console = Console(width=80, file=StringIO(), color_system=None)
    console.print(note_panel(note, "Game", [("g.y", "Other [note]")]))
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert "[bold]T[/bold]" in output and "Keep [red]this[/red] literal." in output
    assert "Other [note]" in output


@pytest.mark.parametrize(
    "args",
    [
        ("show", "hungry.ties"),
        ("show", "ties", "--game", "hungry", "--json"),
        ("list",),
        ("list", "first-snow", "--json"),
    ],
)
def test_showing_and_listing_build_no_search_index(
    args: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a question searches: in a checkout, where no index ships prebuilt, showing or
    listing notes reads the note files rather than building the index (seconds)."""
    from scorekeeper.rulebook import Index

    def refuse(cls: type[Index], *args: object) -> Index:
        raise AssertionError("the search index was built")

    monkeypatch.setattr(Index, "build", classmethod(refuse))
    result = CliRunner().invoke(app, ["--home", str(tmp_path), "rules", *args])
    assert result.exit_code == 0, result.output
    assert "ties" in result.output.lower()
    assert not (tmp_path / "cache").exists()
