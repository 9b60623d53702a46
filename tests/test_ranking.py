"""core.ranking: tie-breakers decide only the winner; other places come from totals alone."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scorekeeper.core.breakdown import Line, PlayerScore
from scorekeeper.core.ranking import TieBreaker, rank
from scorekeeper.errors import MissingTieBreakError, Where


def _scores(totals: dict[str, int]) -> list[PlayerScore]:
    return [
        PlayerScore(name, (Line("Points", total, "test.rule"),)) for name, total in totals.items()
    ]


def _breaker(keys: Sequence[int | None]) -> TieBreaker:
    return TieBreaker(
        rule="test.ties",
        key=lambda seat: keys[seat],
        missing=lambda tied, total, seat: MissingTieBreakError("needed", Where(key=str(seat))),
    )


def _places(totals: dict[str, int], keys: Sequence[int | None]) -> dict[str, str]:
    outcome = rank("test", ("Points",), _scores(totals), [_breaker(keys)])
    return {s.name: outcome.place(s) for s in outcome.standings}


def test_losers_of_a_tie_break_share_the_place_behind_the_winner() -> None:
    totals = {"Ana": 9, "Ben": 9, "Cy": 9, "Dee": 5}
    assert _places(totals, [3, 1, 2, 0]) == {"Ana": "1", "Ben": "2=", "Cy": "2=", "Dee": "4"}


def test_equal_totals_below_first_share_whatever_the_tie_breaker_says() -> None:
    totals = {"Ana": 9, "Ben": 4, "Cy": 4}
    assert _places(totals, [0, 5, 1]) == {"Ana": "1", "Ben": "2=", "Cy": "2="}


def test_a_shared_victory_is_first_equal_and_the_next_place_is_third() -> None:
    totals = {"Ana": 9, "Ben": 9, "Cy": 2}
    assert _places(totals, [1, 1, 0]) == {"Ana": "1=", "Ben": "1=", "Cy": "3"}


def test_a_missing_value_matters_only_for_the_win() -> None:
    assert _places({"Ana": 9, "Ben": 4, "Cy": 4}, [None, None, None])["Ana"] == "1"
    with pytest.raises(MissingTieBreakError):
        _places({"Ana": 9, "Ben": 9, "Cy": 4}, [1, None, None])


def test_a_settled_tie_is_recorded_as_data() -> None:
    from scorekeeper.core.tiebreak import TieBreak, TieStep

    scores = _scores({"Ana": 9, "Ben": 9, "Cy": 9})
    outcome = rank("test", ("Points",), scores, [_breaker([2, 5, 5])])
    assert outcome.tiebreak == TieBreak(
        total=9,
        tied=("Ana", "Ben", "Cy"),
        steps=(TieStep("test.ties", ("Ana", "Ben", "Cy"), (2, 5, 5), ("Ben", "Cy")),),
        shared=("Ben", "Cy"),
    )
    assert outcome.tiebreak_rule == "test.ties"
    assert rank("test", ("Points",), _scores({"Ana": 9, "Ben": 4})).tiebreak is None


def test_a_warning_is_data_and_words_are_built_from_it() -> None:
    from scorekeeper.core.breakdown import Caution
    from scorekeeper.games.hungry.engine import GAME, HungryPlayer
    from scorekeeper.render.sentences import caution_text

    player = HungryPlayer(homes=(1, 0, 0, 0, 0), hotels=(0, 0, 0, 0, 0))
    (warning,) = GAME.player_warnings(player, 4)
    assert warning == Caution(
        rule="hungry.tourist-count",
        words=warning.words,
        values=(("tourists", "1 tourist"), ("expected", 12), ("players", 4)),
    )
    about = warning.about("Ana")
    assert about.players == ("Ana",)
    assert caution_text(about) == (
        "Ana: 1 tourist entered, but each player places 12 in a 4-player game: "
        "a count is probably wrong (see hungry.tourist-count)"
    )
