"""First Snow: diet arithmetic from the rulebook, invariants, rule ids and the command line."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.errors import MissingTieBreakError
from scorekeeper.games import find_game
from scorekeeper.games.base import NoSettings, Seat
from scorekeeper.games.first_snow import engine as fs
from scorekeeper.games.first_snow.steps import advice, diet_options, parse_food
from scorekeeper.session import from_dict, to_dict

ROOT = Path(__file__).parent.parent
RULES = tomllib.loads((ROOT / "rules" / "first-snow.toml").read_text(encoding="utf-8"))
RULE_IDS = {note["id"] for note in RULES["notes"]}


def food(berry: int = 0, fish: int = 0, bird: int = 0, caribou: int = 0) -> tuple[int, ...]:
    return (berry, fish, bird, caribou)


# -- rulebook arithmetic ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("offer", "points"),
    [
        (food(), 0),
        (food(fish=3), 1),  # one food per type: three fish are still one type
        (food(berry=2, fish=1), 2),  # two types: no bonus
        (food(fish=2, berry=1, bird=1), 4),  # rule note example: 3 types + 1
        (food(1, 1, 1, 1), 5),  # the most a balanced diet can score
    ],
)
def test_balanced_diet(offer: tuple[int, ...], points: int) -> None:
    assert fs.balanced(offer).points == points


@pytest.mark.parametrize(
    ("offer", "kind", "points"),
    [
        (food(fish=3), "fish", 3),  # three pieces: no bonus
        (food(fish=4, berry=1), "fish", 5),  # rule note example: 4 + 1
        (food(fish=6), "fish", 7),
        (food(fish=4), "berry", 0),  # the chosen type is what is eaten, even if none is there
    ],
)
def test_specialized_diet(offer: tuple[int, ...], kind: str, points: int) -> None:
    assert fs.specialized(offer, kind).points == points


def test_specialized_without_a_type_takes_the_best_one() -> None:
    entry = fs.Round(diet="specialized", warm=False, food=food(berry=1, caribou=3))
    assert fs.meal(entry.food, entry.diet).specialty == "caribou"
    assert fs.round_points(1, entry) == 3


@pytest.mark.parametrize("number", range(1, 7))
def test_warmth_is_worth_the_round_number(number: int) -> None:
    assert fs.warmth_points(number, True) == number
    assert fs.warmth_points(number, False) == 0


def test_advisor_shows_both_diets_and_the_better_one() -> None:
    assert advice(parse_food("0 4 0 0")) == (
        "Balanced: 1 point (1 type). Specialized on fish: 5 points (4 fish + 1 bonus). "
        "Specialized on fish scores more."
    )
    assert advice(parse_food("1 1 1")).endswith("Balanced scores more.")
    assert advice(parse_food("0 0 1")).endswith("Both diets score the same.")


def test_diet_options_offer_every_type_on_offer() -> None:
    assert diet_options(parse_food("1 0 2 0")) == [
        ("Balanced: 2 points", "balanced"),
        ("specialized on berry: 1 point", "berry"),
        ("specialized on bird: 2 points", "bird"),
    ]
    assert diet_options(parse_food("")) == [
        ("Balanced: 0 points", "balanced"),
        ("Specialized: 0 points", "specialized"),
    ]


@pytest.mark.parametrize("text", ["1 2 3 4 5", "-1", "two", "1.5"])
def test_food_entry_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        parse_food(text)


# -- invariants ------------------------------------------------------------------------------
counts = st.integers(min_value=0, max_value=8)
foods = st.tuples(counts, counts, counts, counts)
rounds = st.builds(
    lambda offer, diet, kind, warm: fs.Round(
        diet=diet, warm=warm, food=offer, specialty=kind if diet == "specialized" else None
    ),
    foods,
    st.sampled_from(fs.DIETS),
    st.none() | st.sampled_from(fs.FOODS),
    st.booleans(),
)
players = st.one_of(
    st.builds(
        fs.FirstSnowPlayer,
        tools=st.integers(0, 5),
        lowest_die=st.integers(1, 6),
        track=st.integers(10, 69),
    ),
    st.builds(
        fs.FirstSnowPlayer,
        tools=st.integers(0, 5),
        lowest_die=st.integers(1, 6),
        rounds=st.lists(rounds, max_size=6).map(tuple),
    ),
)


def seats(first: fs.FirstSnowPlayer, second: fs.FirstSnowPlayer) -> list[Seat[Any]]:
    return [Seat("Ana", first), Seat("Ben", second)]


@given(players, players)
def test_totals_equal_the_sum_of_lines(first: fs.FirstSnowPlayer, second: Any) -> None:
    outcome = fs.score(seats(first, second), NoSettings())
    for standing in outcome.standings:
        assert standing.total == sum(line.points for line in standing.lines)
        assert all(line.rule in RULE_IDS for line in standing.lines)


@given(players)
def test_total_is_start_plus_rounds_plus_tools(player: fs.FirstSnowPlayer) -> None:
    total = fs.score(seats(player, player), NoSettings()).standings[0].total
    if player.rounds is None:
        assert total == player.track + player.tools  # type: ignore[operator]
    else:
        played = sum(fs.round_points(n, r) for n, r in enumerate(player.rounds, start=1))
        assert total == fs.START + played + player.tools


@given(players, players)
def test_player_order_never_changes_results(first: Any, second: Any) -> None:
    forward = fs.score(seats(first, second), NoSettings())
    swapped = fs.score([Seat("Ben", second), Seat("Ana", first)], NoSettings())
    assert {s.name: (s.total, s.rank) for s in swapped.standings} == {
        s.name: (s.total, s.rank) for s in forward.standings
    }
    assert set(swapped.winners) == set(forward.winners)


@given(foods, st.sampled_from(fs.DIETS), st.none() | st.sampled_from(fs.FOODS))
def test_best_diet_is_never_below_the_chosen_one(
    offer: tuple[int, ...], diet: str, kind: str | None
) -> None:
    chosen = fs.meal(offer, diet, kind)
    assert fs.best_meal(offer).points >= chosen.points
    assert max(
        int(title.split(": ")[1].split()[0])
        for title, _ in diet_options(dict(zip(fs.FOODS, offer, strict=True)))
    ) == (fs.best_meal(offer).points)


@given(players, players)
def test_sessions_survive_a_write_read_round_trip(first: Any, second: Any) -> None:
    session = from_dict(
        {
            "format": 1,
            "game": "first-snow",
            "players": [
                {"name": "Ana", **_dump(first)},
                {"name": "Ben", **_dump(second)},
            ],
        }
    )
    assert from_dict(to_dict(session)) == session


def _dump(player: fs.FirstSnowPlayer) -> dict[str, Any]:
    from scorekeeper.fields import dump_record

    return dump_record(fs.PLAYER_FIELDS, player)


# -- ties ------------------------------------------------------------------------------------
def test_lowest_die_is_asked_only_when_tied() -> None:
    untied = seats(fs.FirstSnowPlayer(tools=1, track=40), fs.FirstSnowPlayer(tools=0, track=40))
    assert fs.score(untied, NoSettings()).winners == ("Ana",)
    tied = seats(
        fs.FirstSnowPlayer(tools=0, track=40, lowest_die=2), fs.FirstSnowPlayer(tools=0, track=40)
    )
    with pytest.raises(MissingTieBreakError) as caught:
        fs.score(tied, NoSettings())
    assert (caught.value.where.player, caught.value.where.key) == ("Ben", "lowest_die")


# -- data and registry -----------------------------------------------------------------------
def test_every_rule_the_fields_cite_exists() -> None:
    fields = [*fs.PLAYER_FIELDS, *fs.ROUND_FIELDS]
    assert {f.rule for f in fields} <= RULE_IDS
    wanted = {
        "first-snow.starting-score",
        "first-snow.score-card",
        "first-snow.balanced-diet",
        "first-snow.specialized-diet",
        "first-snow.food",
        "first-snow.warmth",
        "first-snow.tools",
        "first-snow.ties",
        "first-snow.game-end",
    }
    assert wanted <= RULE_IDS


def test_registered_under_its_id() -> None:
    assert find_game("First Snow") is fs.GAME
    assert find_game("first_snow") is fs.GAME


# -- command line ----------------------------------------------------------------------------
runner = CliRunner()
SAMPLE = ROOT / "sample_sessions" / "first-snow-by-rounds.toml"


def test_sample_session_scores_as_its_comment_says(tmp_path: Path) -> None:
    result = runner.invoke(app, ["--home", str(tmp_path), "score", "--from", str(SAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(p["name"], p["total"], p["rank"]) for p in data["players"]] == [
        ("Ana", 51, 1),
        ("Ben", 51, 2),
    ]
    assert data["tiebreak"] == "Ana and Ben tied on 51; Ana has the lower camp die (2 against 3)"


def test_a_tie_without_dice_is_a_clean_error(tmp_path: Path) -> None:
    session = tmp_path / "tie.toml"
    session.write_text(
        'format = 1\ngame = "first-snow"\n'
        '[[players]]\nname = "Ana"\ntrack = 40\ntools = 1\n'
        '[[players]]\nname = "Ben"\ntrack = 39\ntools = 2\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["--home", str(tmp_path), "score", "--from", str(session)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"error: {session}: player 'Ana': key 'lowest_die': Ana and Ben tied on 41: the player "
        "with the lowest number on a camp die wins, so Ana's lowest camp die is needed "
        "(see first-snow.ties)\n"
    )


def test_game_in_progress_warns_on_stderr(tmp_path: Path) -> None:
    session = tmp_path / "progress.toml"
    session.write_text(
        'format = 1\ngame = "first-snow"\n'
        '[[players]]\nname = "Ana"\ntools = 0\n'
        '[[players.rounds]]\nfood = { fish = 4 }\ndiet = "specialized"\nwarm = true\n'
        '[[players]]\nname = "Ben"\ntrack = 12\ntools = 0\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["--home", str(tmp_path), "score", "--from", str(session)])
    assert result.exit_code == 0
    assert "Ana: 1 of 6 rounds entered: the game is still in progress" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["score", "--live", "--from", "x.toml"],
            "error: --resume, --discard-draft and --live go with the walk-through, not --from",
        ),
        (
            ["score", "hungry", "--live"],
            "error: --live is for games kept round by round during play (first-snow), not 'hungry'",
        ),
    ],
)
def test_live_option_errors(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["--home", str(tmp_path), *args])
    assert result.exit_code == 2
    assert message in result.stderr
