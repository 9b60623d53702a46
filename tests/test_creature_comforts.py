"""Creature Comforts beyond the case files: the catalogue, user overrides and the placement."""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.core.rulings import Rulings
from scorekeeper.errors import CatalogueError, InputError
from scorekeeper.games.base import Seat
from scorekeeper.games.creature_comforts.cards import (
    COMFORT,
    COST_KEYS,
    EXACTLY_STORED,
    GOODS,
    IMPROVEMENT,
    PER_STORED,
    RESOURCES,
    STORY_ON_TYPE,
    Catalogue,
)
from scorekeeper.games.creature_comforts.catalogue import load
from scorekeeper.games.creature_comforts.engine import (
    GAME,
    ComfortsPlayer,
    ComfortsSettings,
    score_player,
    storage_targets,
)
from scorekeeper.games.creature_comforts.placement import best_placement, leftover_points
from scorekeeper.session import from_dict, to_dict
from scorekeeper.storage.files import dumps
from scorekeeper.storage.session_files import read_session
from scorekeeper.storage.userfiles import HomeFiles
from tests.conftest import examples

CATALOGUE = load(None)
ROOT = Path(__file__).parent.parent


@pytest.fixture(autouse=True)
def _fresh_catalogues() -> Iterator[None]:
    """Catalogues are cached by data directory; a test's own files must be read afresh."""
    yield
    load.cache_clear()


def _player(**values: object) -> ComfortsPlayer:
    return ComfortsPlayer(**values)  # type: ignore[arg-type]


def _goods(**counts: int) -> tuple[int, ...]:
    return tuple(counts.get(name, 0) for name in GOODS)


# -- the shipped catalogue ----------------------------------------------------------------


def test_catalogue_holds_every_card_of_the_box() -> None:
    comforts = [c for c in CATALOGUE.cards if c.kind == COMFORT]
    improvements = [c for c in CATALOGUE.cards if c.kind == IMPROVEMENT]
    assert len(comforts) == 24
    assert sum(c.copies for c in comforts) == 72  # Components
    assert len(improvements) == 17
    assert sum(c.copies for c in improvements) == 34
    assert CATALOGUE.cottage_slots == (0, 1, 3, 7, 8)


def test_catalogue_types_match_the_comfort_types_note() -> None:
    by_type = {
        kind: sorted(c.name for c in CATALOGUE.cards if c.type == kind)
        for kind in ("clothing", "food", "lighting", "outdoor")
    }
    assert by_type == {
        "clothing": ["Muffler", "Quilt", "Socks"],
        "food": ["Bread", "Pie", "Preserves", "Soup", "Stew"],
        "lighting": ["Candles", "Hearth", "Lamp"],
        "outdoor": ["Ice Skates", "Snowshoes", "Toboggan"],
    }


def test_the_hearth_is_the_rulebooks_5_and_says_why() -> None:
    hearth = CATALOGUE.card("hearth")
    assert hearth.vp == 5  # "Your Hearth earns you 5 VP plus 4 VP ..." (Scoring)
    assert "rulebook" in hearth.source and "hearth-vp" in hearth.source
    assert {k: n for k, n in zip(COST_KEYS, hearth.cost, strict=True) if n} == {
        "wood": 2,
        "stone": 3,
    }
    assert all(card.source for card in CATALOGUE.cards)


def test_solo_deck_removals() -> None:
    removed = sorted(c.name for c in CATALOGUE.cards if not c.solo)
    assert removed == [
        "Barrel Sauna",
        "Guest Cottage",
        "Herb Garden",
        "Spinning Wheel",
        "Writing Desk",
    ]


# -- the rulebook example -----------------------------------------------------------------

EXAMPLE = {
    "format": 1,
    "game": "creature-comforts",
    "players": [
        {
            "name": "Ana",
            "comforts": ["Hearth", "Bread", "Soup"],
            "improvements": ["Writing Desk", "Umbrella"],
            "goods": {"wood": 4, "stone": 2, "fruit": 1, "yarn": 2},
            "coins": 1,
            "stories": 3,
        },
        {"name": "Ben", "comforts": ["Lamp", "Candles"]},
    ],
}


def _example_lines(catalogue: Catalogue) -> tuple[list[tuple[str, int]], int]:
    session = from_dict(EXAMPLE)
    outcome = GAME.score(session.seats, ComfortsSettings(catalogue))
    ana = next(s for s in outcome.standings if s.name == "Ana")
    return [(line.detail, line.points) for line in ana.lines], ana.total


def test_rulebook_example_scores_its_printed_parts_but_the_cottage_slots() -> None:
    lines, total = _example_lines(CATALOGUE)
    assert lines == [
        ("Hearth: 5 VP", 5),
        ("Bread: 4 VP + 2 with Soup", 6),
        ("Soup: 5 VP", 5),
        ("Writing Desk: 2 VP + 4 (others' Lighting: 2)", 6),
        ("Umbrella: 3 VP", 3),
        ("Hearth: 4 Wood -> +4", 4),
        ("2 Improvements built", 3),
        ("3 Stories", 6),
        ("1 Coin", 1),
        ("5 Goods: 1 group of 3", 1),
    ]
    # The printed parts (44) less the Cottage slots' 7 read as the 3 of two Improvements.
    assert total == 40


def test_the_hearth_house_ruling_adds_one_and_cites_its_note() -> None:
    session = from_dict(EXAMPLE)
    ruled = Rulings((("hearth-vp", 6),))
    outcome = GAME.score(session.seats, ComfortsSettings(CATALOGUE), ruled)
    ana = next(s for s in outcome.standings if s.name == "Ana")
    hearth = ana.lines[0]
    assert (hearth.detail, hearth.points) == ("Hearth: 6 VP", 6)
    assert hearth.rule == "creature-comforts.scoring-example"
    assert hearth.ruling == "creature-comforts.hearth-vp"
    assert [line.ruling for line in ana.lines[1:]] == [None] * (len(ana.lines) - 1)
    assert ana.total == 41


def test_rulebook_example_parts_as_printed_add_to_44_not_41() -> None:
    as_printed = replace(CATALOGUE, cottage_slots=(0, 1, 7, 7, 8))
    lines, total = _example_lines(as_printed)
    assert lines[0] == ("Hearth: 5 VP", 5) and lines[6] == ("2 Improvements built", 7)
    assert total == 44


def test_shared_victory_cites_the_tie_rule() -> None:
    case = tomllib.loads(
        (ROOT / "tests/cases/creature-comforts/cottages-leftovers-tie.toml").read_text("utf-8")
    )
    outcome = from_dict(case["session"]).score()
    assert outcome.winners == ("Dee", "Eve")
    assert outcome.tiebreak_rule == "creature-comforts.ties"


# -- user catalogues ----------------------------------------------------------------------


def _user_catalogue(tmp_path: Path, text: str) -> Catalogue:
    (tmp_path / "catalogue.toml").write_text(text, encoding="utf-8")
    load.cache_clear()
    try:
        return load(HomeFiles(tmp_path))
    finally:
        load.cache_clear()


def test_user_file_corrects_one_value_and_keeps_the_rest(tmp_path: Path) -> None:
    catalogue = _user_catalogue(tmp_path, '[[comforts]]\nname = "hearth"\nvp = 5\n')
    hearth = catalogue.card("Hearth")
    assert (hearth.name, hearth.vp, hearth.type) == ("Hearth", 5, "lighting")
    assert hearth.bonus == CATALOGUE.card("Hearth").bonus
    assert f"vp from {tmp_path / 'catalogue.toml'}" in hearth.source


def test_parsing_takes_the_catalogue_it_is_given(tmp_path: Path) -> None:
    from scorekeeper.games.creature_comforts.engine import game_with

    (tmp_path / "catalogue.toml").write_text(
        '[[comforts]]\nname = "Cocoa"\ntype = "food"\nvp = 3\n', encoding="utf-8"
    )
    raw = {"format": 1, "game": "cc", "players": [{"name": "Robin", "comforts": ["cocoa"]}]}
    with pytest.raises(InputError, match="unknown Comfort 'cocoa'"):
        from_dict(raw)  # no data directory chosen: the shipped cards only
    try:
        session = from_dict(raw, HomeFiles(tmp_path))
        assert session.seats[0].inputs.comforts == ("Cocoa",)
        assert session.settings.catalogue.card("Cocoa").vp == 3
        mine = _user_catalogue(tmp_path, '[[comforts]]\nname = "Tea"\ntype = "food"\nvp = 2\n')
        raw["players"] = [{"name": "Robin", "comforts": ["tea"]}]
        session = from_dict(raw, bound=game_with(mine))
        assert session.seats[0].inputs.comforts == ("Tea",)
        assert session.score().standings[0].lines[0].points == 2
        with pytest.raises(InputError, match="key 'game': expected 'creature-comforts' here"):
            from_dict({**raw, "game": "hungry"}, bound=game_with(mine))
    finally:
        load.cache_clear()


def test_user_file_adds_a_promo_and_cottage_values(tmp_path: Path) -> None:
    catalogue = _user_catalogue(
        tmp_path,
        'cottage_slots = [0, 2, 4, 7, 9]\n[[comforts]]\nname = "Cocoa"\ntype = "food"\nvp = 3\n'
        'bonus = { kind = "with", cards = ["pie"], points = 2 }\n',
    )
    cocoa = catalogue.card("cocoa")
    assert (cocoa.vp, cocoa.copies, cocoa.bonus and cocoa.bonus.cards) == (3, 3, ("Pie",))
    assert catalogue.cottage_slots == (0, 2, 4, 7, 9)
    assert len(catalogue.cards) == len(CATALOGUE.cards) + 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[comforts]]\nname = "Hearth"\nvp = "six"\n', "key 'comforts.1.vp': expected a whole"),
        ('[[comforts]]\nname = "Umbrella"\nvp = 4\n', "'Umbrella' is an Improvement"),
        (
            '[[comforts]]\nname = "X"\nvp = 1\n'
            'bonus = { kind = "with", cards = ["Y"], points = 1 }',
            "key 'comforts.1.bonus.cards': the bonus of 'X' names 'Y'",
        ),
        (
            '[[improvements]]\nname = "Z"\nvp = 1\nbonus = { kind = "with", cards = ["Pie"], '
            "points = 1 }",
            "key 'improvements.1.bonus': 'with' is not a bonus for improvements; allowed: "
            "others-type",
        ),
        ("cottage_slots = [0, 1]\n", "key 'cottage_slots': expected a list of 5 whole numbers"),
        ("cottages = 1\n", "key 'cottages': unknown key"),
        ("[[comforts]\n", "not valid TOML"),
    ],
)
def test_user_file_mistakes_name_the_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(CatalogueError) as caught:
        _user_catalogue(tmp_path, text)
    assert str(caught.value).startswith(str(tmp_path / "catalogue.toml"))
    assert message in str(caught.value)


def test_cli_scores_with_the_user_catalogue(tmp_path: Path) -> None:
    (tmp_path / "catalogue.toml").write_text('[[comforts]]\nname = "Hearth"\nvp = 7\n')
    session = tmp_path / "game.toml"
    session.write_text(
        'format = 1\ngame = "cc"\n[[players]]\nname = "Ana"\ncomforts = ["Hearth"]\n'
    )
    load.cache_clear()
    result = CliRunner().invoke(
        app, ["--home", str(tmp_path), "score", "--from", str(session), "--json"]
    )
    load.cache_clear()
    assert result.exit_code == 0, result.output
    assert '"total": 7' in result.stdout  # the shipped card says 5


def test_cli_typo_is_one_line_with_suggestion(tmp_path: Path) -> None:
    session = tmp_path / "game.toml"
    session.write_text(
        'format = 1\ngame = "cc"\n[[players]]\nname = "Ana"\ncomforts = ["Piggy Bnak"]\n'
    )
    result = CliRunner().invoke(app, ["--home", str(tmp_path), "score", "--from", str(session)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {session}: player 'Ana': key 'comforts': unknown Comfort 'Piggy Bnak' "
        "(did you mean 'Piggy Bank'?)\n"
    )


# -- the placement ------------------------------------------------------------------------

STORAGE_COMFORTS = [
    "Hearth",
    "Pantry",
    "Fairy Garden",
    "Piggy Bank",
    "Bookshelf",
    "Lamp",
    "Socks",
    "Quilt",
    "Soup",
]


def brute_force_sets(player: ComfortsPlayer, catalogue: Catalogue) -> int:
    """Best stored + leftover points, trying every number of sets on every single copy."""
    places: list[tuple[tuple[int, ...], int, range]] = []  # (set, points, choices)
    resources = player.resources
    for name in player.comforts:
        bonus = catalogue.card(name).bonus
        if bonus is None or bonus.kind not in (PER_STORED, EXACTLY_STORED):
            continue
        most = min(have // need for have, need in zip(resources, bonus.store, strict=True) if need)
        places.append(
            (bonus.store, bonus.points, range(most + 1 if bonus.kind == PER_STORED else 2))
        )
    story = tuple(int(r == "story") for r in RESOURCES)
    for book in player.improvements:
        bonus = catalogue.card(book).bonus
        if bonus is None or bonus.kind != STORY_ON_TYPE:
            continue
        for name in player.comforts:
            if catalogue.card(name).type == bonus.type:
                places.append((story, bonus.points, range(2)))
    best = -1
    for choice in itertools.product(*(choices for _, _, choices in places)):
        left = list(resources)
        points = 0
        for (need, value, _), sets in zip(places, choice, strict=True):
            points += sets * value
            left = [have - sets * n for have, n in zip(left, need, strict=True)]
        if min(left) >= 0:
            best = max(best, points + leftover_points(left))
    return best


def brute_force_tokens(player: ComfortsPlayer, catalogue: Catalogue) -> int:
    """Best total trying every way to hand out single tokens, partial and odd amounts too."""
    places: list[tuple[str, tuple[int, ...], int]] = []  # (kind, set, points) per copy/slot
    for name in player.comforts:
        bonus = catalogue.card(name).bonus
        if bonus is not None and bonus.kind in (PER_STORED, EXACTLY_STORED):
            places.append((bonus.kind, bonus.store, bonus.points))
    story = tuple(int(r == "story") for r in RESOURCES)
    for book in player.improvements:
        bonus = catalogue.card(book).bonus
        if bonus is not None and bonus.kind == STORY_ON_TYPE:
            for name in player.comforts:
                if catalogue.card(name).type == bonus.type:
                    places.append((EXACTLY_STORED, story, bonus.points))

    def value(kind: str, need: Sequence[int], stored: Sequence[int], points: int) -> int:
        if kind == EXACTLY_STORED:
            return points if list(stored) == list(need) else 0
        return points * min(s // n for s, n in zip(stored, need, strict=True) if n)

    def splits(amount: int, parts: int) -> list[tuple[int, ...]]:
        if parts == 0:
            return [()]
        return [(k, *rest) for k in range(amount + 1) for rest in splits(amount - k, parts - 1)]

    per_resource = [splits(amount, len(places)) for amount in player.resources]
    best = -1
    for split in itertools.product(*per_resource):
        stored = [[split[r][p] for r in range(len(RESOURCES))] for p in range(len(places))]
        left = [amount - sum(split[r]) for r, amount in enumerate(player.resources)]
        points = sum(
            value(k, need, s, pts) for (k, need, pts), s in zip(places, stored, strict=True)
        )
        best = max(best, points + leftover_points(left))
    return best


def optimiser_total(player: ComfortsPlayer, catalogue: Catalogue = CATALOGUE) -> int:
    targets = storage_targets(player, catalogue)
    return best_placement([t.store for t in targets], player.resources).total


players = st.builds(
    ComfortsPlayer,
    comforts=st.lists(st.sampled_from(STORAGE_COMFORTS), max_size=5).map(tuple),
    improvements=st.sets(st.sampled_from(["Pattern Book", "Recipe Book"])).map(tuple),
    goods=st.tuples(*(st.integers(0, 6) for _ in GOODS)),
    coins=st.integers(0, 5),
    stories=st.integers(0, 6),
)


@settings(max_examples=examples(150), deadline=None)
@given(players)
def test_placement_equals_brute_force_over_sets(player: ComfortsPlayer) -> None:
    assert optimiser_total(player) == brute_force_sets(player, CATALOGUE)


tiny_players = st.builds(
    ComfortsPlayer,
    comforts=st.lists(st.sampled_from(STORAGE_COMFORTS), max_size=2).map(tuple),
    improvements=st.sets(st.sampled_from(["Pattern Book", "Recipe Book"]), max_size=1).map(tuple),
    goods=st.tuples(*(st.integers(0, 2) for _ in GOODS)),
    coins=st.integers(0, 2),
    stories=st.integers(0, 3),
)


@settings(max_examples=examples(60), deadline=None)
@given(tiny_players)
def test_placement_equals_brute_force_over_every_token(player: ComfortsPlayer) -> None:
    assert optimiser_total(player) == brute_force_tokens(player, CATALOGUE)


@settings(max_examples=examples(200), deadline=None)
@given(players)
def test_placement_never_below_leftovers_and_conserves_resources(player: ComfortsPlayer) -> None:
    targets = storage_targets(player, CATALOGUE)
    placement = best_placement([t.store for t in targets], player.resources)
    assert placement.total >= leftover_points(player.resources)
    used = [
        sum(sets * t.store.need[r] for t, sets in zip(targets, placement.sets, strict=True))
        for r in range(len(RESOURCES))
    ]
    assert [u + left for u, left in zip(used, placement.leftover, strict=True)] == list(
        player.resources
    )
    assert min(placement.leftover) >= 0
    seats = [Seat("Ana", player)]
    lines, _ = score_player(seats, 0, CATALOGUE)
    assert sum(line.points for line in lines if line.category in ("Stored", "Leftovers")) == (
        placement.total
    )


def test_many_resources_stay_fast_enough_to_finish() -> None:
    """Not a timing test: a large realistic hand must simply finish and beat leftovers."""
    player = _player(
        comforts=("Hearth", "Pantry", "Fairy Garden", "Piggy Bank", "Bookshelf", "Lamp", "Lamp"),
        improvements=("Pattern Book",),
        goods=_goods(wood=20, stone=20, fruit=20, mushroom=18, yarn=18, grain=18),
        coins=20,
        stories=20,
    )
    assert optimiser_total(player) > leftover_points(player.resources)


# -- meta: samples and rule notes ----------------------------------------------------------

SAMPLES = sorted((ROOT / "sample_sessions").glob("creature-comforts-*.toml"))


def _rule_ids() -> set[str]:
    notes = tomllib.loads((ROOT / "rules" / "creature-comforts.toml").read_text("utf-8"))
    return {note["id"] for note in notes["notes"]}


def test_samples_include_a_table_game_and_a_solo_game() -> None:
    sizes = sorted(len(read_session(path).seats) for path in SAMPLES)
    assert sizes[0] == 1 and sizes[-1] >= 3


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_cited_rule_exists(path: Path) -> None:
    outcome = read_session(path).score()
    cited = {line.rule for standing in outcome.standings for line in standing.lines}
    cited |= {f.rule for f in GAME.player_fields}
    assert cited <= _rule_ids()
    if len(outcome.standings) == 1:
        assert outcome.title


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_sample_survives_a_write_read_round_trip(path: Path) -> None:
    session = read_session(path)
    again = from_dict(tomllib.loads(dumps(to_dict(session, session.score()))))
    assert again == session
    assert again.score() == session.score()


table_players = st.lists(
    st.builds(
        ComfortsPlayer,
        comforts=st.lists(st.sampled_from(CATALOGUE.names(COMFORT)), max_size=4).map(tuple),
        improvements=st.lists(
            st.sampled_from(CATALOGUE.names(IMPROVEMENT)), max_size=2, unique=True
        ).map(tuple),
        goods=st.tuples(*(st.integers(0, 4) for _ in GOODS)),
        coins=st.integers(0, 3),
        stories=st.integers(0, 3),
    ),
    min_size=2,
    max_size=4,
)


@settings(max_examples=examples(60), deadline=None)
@given(table_players, st.randoms(use_true_random=False))
def test_reordering_players_changes_nothing(players: list[ComfortsPlayer], rng: Any) -> None:
    seats = [Seat(f"P{i}", player) for i, player in enumerate(players)]
    settings_ = ComfortsSettings(CATALOGUE)
    try:
        GAME.validate(seats, settings_)
    except InputError:
        return  # more copies than the box holds
    shuffled = list(seats)
    rng.shuffle(shuffled)
    totals = {s.name: s.total for s in GAME.score(seats, settings_).standings}
    assert {s.name: s.total for s in GAME.score(shuffled, settings_).standings} == totals
    for standing in GAME.score(seats, settings_).standings:
        assert standing.total == sum(line.points for line in standing.lines)
