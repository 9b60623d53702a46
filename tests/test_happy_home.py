"""Happy Home invariants (hypothesis) and the bundled samples; known answers live in cases/."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.breakdown import Outcome
from scorekeeper.errors import MissingTieBreakError
from scorekeeper.games.happy_home.engine import GAME, OBJECTIVES, ROOMS
from scorekeeper.render.sentences import warnings_text
from scorekeeper.session import from_dict, to_dict
from scorekeeper.storage.session_files import read_session

ROOT = Path(__file__).parent.parent
RULE_IDS = {
    note["id"]
    for note in tomllib.loads((ROOT / "rules" / "happy-home.toml").read_text("utf-8"))["notes"]
}
# Five colours, spelt with varying case: they must be counted as five.
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]
SPELLINGS = ["red", "Red", "RED", "blue", "Blue", "green", "yellow", "Yellow", "white"]


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid session document: every room key present, so any objective can be drawn."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
    plants_left = rugs_left = 10  # the box holds 10 of each
    players = []
    for name in names:
        rooms = {}
        for room in ROOMS:
            plants = draw(st.lists(st.integers(0, 4), max_size=min(2, plants_left)))
            rugs = draw(st.integers(0, min(1, rugs_left)))
            plants_left -= len(plants)
            rugs_left -= rugs
            rooms[room] = {
                "core": draw(st.integers(0, 3)),
                "colours": draw(st.lists(st.sampled_from(SPELLINGS), max_size=4)),
                "plants": plants,
                "rugs": rugs,
                "empty": draw(st.integers(0, 8)),
                "empty_corners": draw(st.integers(0, 4)),
                "most_neighbours": draw(st.integers(0, 6)),
            }
        players.append(
            {
                "name": name,
                "mat": draw(st.integers(0, 12)),
                "scratches": draw(st.integers(0, 6)),
                "items": draw(st.integers(0, 16)),  # 5 homes x 16 stays within 80 tiles
                "rooms": rooms,
            }
        )
    design = draw(st.sampled_from([objective.id for objective in OBJECTIVES]))
    return {"format": 1, "game": "happy-home", "design": design, "players": players}


def _by_name(outcome: Outcome) -> dict[str, Any]:
    return {s.name: (s.total, s.rank, s.lines) for s in outcome.standings}


@given(documents())
def test_totals_are_the_sum_of_cited_lines(document: dict[str, Any]) -> None:
    outcome = from_dict(document).score()
    for standing in outcome.standings:
        assert standing.total == sum(line.points for line in standing.lines)
        assert standing.total == sum(standing.category_total(c) for c in outcome.categories)
        assert {line.rule for line in standing.lines} <= RULE_IDS
    assert outcome.tiebreak_rule in (None, *RULE_IDS)


@given(documents(), st.permutations(ROOMS), st.booleans())
def test_room_order_and_lounge_alias_change_nothing(
    document: dict[str, Any], order: list[str], alias: bool
) -> None:
    expected = from_dict(document).score()
    for player in document["players"]:
        rooms = player["rooms"]
        player["rooms"] = {
            ("living-room" if alias and room == "lounge" else room): rooms[room] for room in order
        }
    assert from_dict(document).score() == expected


@given(documents(), st.randoms())
def test_player_order_changes_nothing(document: dict[str, Any], random: Any) -> None:
    expected = from_dict(document).score()
    random.shuffle(document["players"])
    outcome = from_dict(document).score()
    assert _by_name(outcome) == _by_name(expected)
    assert set(outcome.winners) == set(expected.winners)
    assert set(warnings_text(outcome)) == set(warnings_text(expected))


@given(documents())
def test_session_survives_a_write_read_round_trip(document: dict[str, Any]) -> None:
    session = from_dict(document)
    assert from_dict(to_dict(session)) == session


@given(documents())
def test_item_count_is_needed_exactly_when_players_tie_for_the_win(
    document: dict[str, Any],
) -> None:
    totals = [s.total for s in from_dict(document).score().standings]
    for player in document["players"]:
        del player["items"]
    session = from_dict(document)
    if totals.count(max(totals)) > 1:
        with pytest.raises(MissingTieBreakError):
            session.score()
    else:
        assert [s.total for s in session.score().standings] == totals


SAMPLES = sorted((ROOT / "sample_sessions").glob("happy-home-*.toml"))


def test_there_is_a_sample_for_every_design_objective() -> None:
    designs = {read_session(path).settings.design for path in SAMPLES}
    assert designs == {objective.id for objective in OBJECTIVES}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_samples_score_without_warnings(path: Path) -> None:
    session = read_session(path)
    assert session.game is GAME
    outcome = session.score()
    assert outcome.winners
    assert not outcome.cautions


def test_cli_names_file_player_and_key_when_the_objective_lacks_a_value(tmp_path: Path) -> None:
    import subprocess
    import sys

    room = "{ core = 0, colours = [], plants = [], empty = 1 }"
    rooms = "\n".join(f"rooms.{name} = {room}" for name in ("kitchen", "bathroom", "bedroom"))
    path = tmp_path / "game.toml"
    path.write_text(
        'format = 1\ngame = "happy-home"\ndesign = "bigger-is-better"\n'
        f'[[players]]\nname = "Ana"\nmat = 5\nscratches = 0\n{rooms}\n'
        "rooms.lounge = { core = 0, colours = [], plants = [] }\n"
        f'[[players]]\nname = "Ben"\nmat = 4\nscratches = 0\n{rooms}\n'
        f"rooms.lounge = {room}\n",
        "utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", "--from", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr == (
        f"error: {path}: player 'Ana': key 'rooms.lounge.empty': missing; Bigger Is Better is "
        "the design objective, so every room needs empty (empty floor spaces: a whole number "
        ">= 0)\n"
    )


def test_remembered_answers_round_trip_and_report_a_broken_file(tmp_path: Path) -> None:
    from scorekeeper.errors import StorageError
    from scorekeeper.storage.documents import recall, remember

    assert recall(tmp_path, "happy-home") is None
    path = remember(tmp_path, "happy-home", {"colours": ["teal", "ochre"]})
    assert recall(tmp_path, "happy-home") == {"colours": ["teal", "ochre"]}
    path.write_text("colours = [", "utf-8")
    with pytest.raises(StorageError, match="unreadable"):
        recall(tmp_path, "happy-home")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("red, Blue ,green, yellow,white", ["red", "Blue", "green", "yellow", "white"]),
        ("a,b,c,d,e,", ["a", "b", "c", "d", "e"]),
    ],
)
def test_colour_names_are_trimmed(text: str, expected: list[str]) -> None:
    from scorekeeper.games.happy_home.steps import check_palette

    assert check_palette(text) == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("red, RED", "named twice"),
        ("a, b, c, d, e, f", "5 colours"),
        ("", "5 colours"),
        ("red, blue", "5 colours"),
    ],
)
def test_colour_names_must_be_the_five_different_names(text: str, problem: str) -> None:
    from scorekeeper.games.happy_home.steps import check_palette

    with pytest.raises(ValueError, match=problem):
        check_palette(text)


def test_the_rugs_help_names_finishing_touches_only_when_it_is_in_play() -> None:
    from scorekeeper.games.happy_home.engine import room_help

    assert "Finishing Touches" in room_help("rugs", "finishing-touches")
    for design in ("perfect-fit", "bigger-is-better", "nooks-and-crannies"):
        assert "Finishing Touches" not in room_help("rugs", design)
    assert room_help("core", "finishing-touches") == room_help("core", "perfect-fit")


PALETTE = ["red", "blue", "green", "yellow", "white"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rb", ["red", "blue"]),
        ("RB", ["red", "blue"]),
        ("r+b", ["red", "blue"]),
        ("red+Blue", ["red", "blue"]),
        ("red, blue", ["red", "blue"]),  # a room answered alone may take names with commas
        ("yellow", ["yellow"]),
        ("rbgyw", PALETTE),
        ("-", []),
    ],
)
def test_a_rooms_colours_are_letters_or_names(text: str, expected: list[str]) -> None:
    from scorekeeper.games.happy_home.steps import parse_colours

    assert parse_colours(PALETTE, [])(text) == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("rr", "red is named twice"),
        ("r+red", "red is named twice"),
        ("x", "'x': type a room's colours as r red, b blue, g green, y yellow, w white"),
        ("purple", "'purple'"),
        ("r-", "'r-'"),
    ],
)
def test_a_rooms_colours_outside_the_tables_names_are_refused(text: str, problem: str) -> None:
    from scorekeeper.games.happy_home.steps import parse_colours

    with pytest.raises(ValueError, match=problem):
        parse_colours(PALETTE, [])(text)


def test_colour_names_starting_alike_are_typed_by_their_place() -> None:
    from scorekeeper.games.happy_home.steps import colour_legend, parse_colours

    palette = ["blue", "black", "red", "green", "white"]
    assert colour_legend(palette) == "1 blue, 2 black, 3 red, 4 green, 5 white"
    assert parse_colours(palette, [])("25") == ["black", "white"]
    with pytest.raises(ValueError, match="'b'"):
        parse_colours(palette, [])("b")


def test_a_colour_a_saved_room_already_has_is_kept_as_written() -> None:
    from scorekeeper.games.happy_home.steps import parse_colours

    assert parse_colours(PALETTE, ["Teal"])("teal+r") == ["Teal", "red"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("2+0", [2, 0]), ("3", [3]), ("0", [0]), ("-", []), ("4+4+1", [4, 4, 1])],
)
def test_a_rooms_pot_plants_are_joined_by_plus(text: str, expected: list[int]) -> None:
    from scorekeeper.games.happy_home.steps import parse_plants

    assert parse_plants(text) == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("5", "0 to 4: a space has 4 orthogonal neighbours"),
        ("2+x", "0 to 4"),
        ("+".join(["1"] * 11), "At most 10 pot plants: the box has 10"),
    ],
)
def test_a_rooms_pot_plants_keep_the_rulebooks_limits(text: str, problem: str) -> None:
    from scorekeeper.games.happy_home.steps import parse_plants

    with pytest.raises(ValueError, match=problem):
        parse_plants(text)
