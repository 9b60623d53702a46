"""A game, player, series or session that matches nothing gets the closest known ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.text.suggest import closest, did_you_mean
from tests.history_home import make_home, run


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return make_home(tmp_path)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["score", "Hungr"], "unknown game 'Hungr'; did you mean 'hungry'?"),
        (["score", "hyge"], "unknown game 'hyge'; did you mean 'hygge'?"),
        (["rules", "ties", "--game", "hungy"], "unknown game 'hungy'; did you mean 'hungry'?"),
        (
            ["stats", "--game", "frist-snow"],
            "unknown game 'frist-snow'; did you mean 'first-snow'?",
        ),
        (["history", "list", "--game", "hapy"], "unknown game 'hapy'; did you mean 'happy-home'?"),
        (
            ["stats", "--player", "Anna"],
            "no player 'Anna' in the history; did you mean 'Ana' or 'Dana'?",
        ),
        (["series", "show", "sunday-tri"], "no series 'sunday-tri'; did you mean 'sunday-trio'?"),
        (["history", "show", "d4e5f7"], "no session 'd4e5f7'; did you mean 'd4e5f6'?"),
        (
            ["players", "rename", "Eyli", "Eli2"],
            "no session has a player named 'Eyli'; did you mean 'Eli'?",
        ),
        (
            ["rules", "show", "hungry.tie"],
            "unknown rule id 'hungry.tie'; closest: hungry.ties, hungry.two-player-tie",
        ),
    ],
    ids=" ".join,
)
def test_a_near_miss_is_answered_with_the_closest_names(
    home: Path, args: list[str], error: str
) -> None:
    result = run(home, *args)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"error: {error}"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (
            ["score", "chess"],
            "unknown game 'chess'; known games: before-the-guests-arrive, "
            "creature-comforts, first-snow, happy-home, hungry",
        ),
        (["series", "show", "zzz"], "no series 'zzz'; `scorekeeper series list` shows them"),
        (
            ["history", "show", "zzzzzz"],
            "no session 'zzzzzz'; `scorekeeper history list` shows the ids",
        ),
    ],
    ids=" ".join,
)
def test_nothing_near_keeps_the_advice(home: Path, args: list[str], error: str) -> None:
    result = run(home, *args)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"error: {error}"


def test_closest_ignores_case_ranks_by_similarity_and_counts_a_prefix() -> None:
    assert closest("ANA", ["Ben", "ana", "Dana"]) == ["ana", "Dana"]
    assert closest("hung", ["happy-home", "hungry"]) == ["hungry"]
    assert closest("d4e5f", ["a1b2c3", "d4e6f1"]) == ["d4e6f1"]
    assert closest("zzz", ["hungry", "first-snow"]) == []
    assert closest("", ["hungry"]) == []


def test_odd_names_are_never_suggested() -> None:
    assert closest("Ana", ["Ana\x1b[31m", "Ana\u202e", "   ", "Ana\tB", "Anab"]) == ["Anab"]


def test_did_you_mean_quotes_each_name() -> None:
    assert did_you_mean("ana", ["Ana", "Dana"]) == "did you mean 'Ana' or 'Dana'?"
    assert did_you_mean("O'Brian", ["O'Brien"]) == 'did you mean "O\'Brien"?'
    assert did_you_mean("zzz", ["Ana"]) == ""


def test_a_hint_comes_from_what_the_error_carries_not_from_its_wording() -> None:
    from scorekeeper.cli.hints import with_hint
    from scorekeeper.errors import UnknownGameError, not_found

    carried = not_found(
        UnknownGameError, "game", "hungr", "no such title 'hungr'", "see games", ["hungry", "hygge"]
    )
    assert with_hint(carried) == "no such title 'hungr'; did you mean 'hungry'?"
    nothing_close = not_found(UnknownGameError, "game", "zzz", "no title 'zzz'", "see games", ["a"])
    assert with_hint(nothing_close) == "no title 'zzz'; see games"
    worded_alike = UnknownGameError("unknown game 'hungr'; known games: hungry")
    assert with_hint(worded_alike) == "unknown game 'hungr'; known games: hungry"
