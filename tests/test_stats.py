"""`scorekeeper stats` and the statistics behind it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.history.archive import load
from scorekeeper.history.plays import Play, Result
from scorekeeper.history.stats import SPARK, head_to_head, leaderboard, player_stats, sparkline
from tests.history_home import make_home, run


@pytest.fixture(scope="module")
def plays(tmp_path_factory: pytest.TempPathFactory) -> list[Play]:
    """The fixture history's plays, loaded from a copy: loading writes the play cache."""
    return load(make_home(tmp_path_factory.mktemp("stats"))).plays


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return make_home(tmp_path)


def test_stats_per_title_leaderboards_and_head_to_head(home: Path) -> None:
    result = run(home, "stats")
    assert result.exit_code == 0
    out = result.stdout
    assert "Before the Guests Arrive: leaderboard" in out and "Hungry: leaderboard" in out
    assert "│ 1 │ Dana   │     4 │    2 │      50% │    13.2 │   20 │ █▅▁▃" in out
    assert "│ 1 │ Ana    │     3 │    3 │     100% │    20.0 │   28 │ ▁█▁" in out
    assert "│ Ana    │ Ben      │     4 │     3 │      1 │     0 │" in out
    assert "│ Ben    │ Ana " not in out  # each pair once
    assert result.stderr.count("broken.toml") == 1


def test_stats_for_one_player_and_one_title(home: Path) -> None:
    out = run(home, "stats", "--player", "BEN", "--game", "hungry").stdout
    assert "Hungry: leaderboard" in out and "Before the Guests Arrive" not in out
    assert "│ Ben    │ Ana      │     3 │     0 │      3 │     0 │" in out
    assert "│ Ben    │ Cy       │     2 │     2 │      0 │     0 │" in out
    assert "Dana" not in out


def test_stats_for_a_player_not_in_the_history(home: Path) -> None:
    result = run(home, "stats", "--player", "Zed")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.endswith(
        "error: no player 'Zed' in the history; `scorekeeper players` lists them\n"
    )


def test_stats_for_a_player_with_no_games_of_that_title(home: Path) -> None:
    result = run(home, "stats", "--player", "dana", "--game", "hungry")
    assert (result.exit_code, result.stdout) == (0, "No games of dana.\n")


def test_player_stats_merge_name_cases_and_count_shared_wins(plays: list[Play]) -> None:
    rows = {(s.player, s.game): s for s in player_stats(plays)}
    ana = rows["Ana", "hungry"]  # "ana" in one file, "Ana" in the latest
    assert (ana.plays, ana.wins, ana.best, ana.scores) == (3, 3, 28, (16, 28, 16))
    dana = rows["Dana", "before-the-guests-arrive"]
    assert (dana.plays, dana.wins, dana.average, dana.win_rate) == (4, 2, 13.25, 0.5)


def test_solo_games_stay_out_of_win_rates() -> None:
    def play(stem: str, totals: dict[str, int]) -> Play:
        results = tuple(Result(n, i + 1, t, i + 1, ()) for i, (n, t) in enumerate(totals.items()))
        return Play(stem, stem, "", "solo-title", "Solo Title", results, (results[0].name,))

    plays = [play("a", {"Ana": 40}), play("b", {"Ana": 50}), play("c", {"Ana": 30, "Ben": 20})]
    rows = {s.player: s for s in player_stats(plays)}
    assert (rows["Ana"].plays, rows["Ana"].wins, rows["Ana"].win_rate) == (3, 1, 1.0)
    assert (rows["Ana"].best, rows["Ana"].average) == (50, 40.0)
    solo_only = player_stats(plays[:2])[0]
    assert (solo_only.wins, solo_only.win_rate) == (0, None)
    assert [place for place, _ in leaderboard(player_stats(plays), "solo-title")] == [1, 2]


def test_head_to_head_counts_places_both_ways(plays: list[Play]) -> None:
    pairs = {(h.player, h.opponent): h for h in head_to_head(plays)}
    ana_ben = pairs["Ana", "Ben"]
    ben_ana = pairs["Ben", "Ana"]
    assert (ana_ben.games, ana_ben.ahead, ana_ben.behind, ana_ben.level) == (4, 3, 1, 0)
    assert (ben_ana.ahead, ben_ana.behind) == (1, 3)


def test_sparkline_scales_between_lowest_and_highest() -> None:
    assert sparkline([1, 2, 3]) == "▁▅█"
    assert sparkline([7, 7]) == "▅▅"
    assert sparkline([]) == ""
    assert sparkline(list(range(30)), width=5) == "▁▃▅▆█"


@given(st.lists(st.integers(-100, 100), min_size=1, max_size=40))
def test_sparkline_has_one_block_per_shown_score(values: list[int]) -> None:
    line = sparkline(values)
    assert len(line) == min(len(values), 24)
    assert set(line) <= set(SPARK)


@given(rnd=st.randoms())
def test_the_order_files_are_read_in_changes_nothing(rnd: Any, plays: list[Play]) -> None:
    from scorekeeper.history.series import SeriesDef, report

    shuffled = plays[:]
    rnd.shuffle(shuffled)
    assert player_stats(shuffled) == player_stats(plays)
    assert sorted(head_to_head(shuffled), key=repr) == sorted(head_to_head(plays), key=repr)
    trio = SeriesDef("sunday-trio", "before-the-guests-arrive", 3)
    assert report(trio, shuffled) == report(trio, plays)


def test_a_creature_comforts_solo_game_has_no_win_rate(home: Path) -> None:
    samples = Path(__file__).parent.parent / "sample_sessions"
    for sample in samples.glob("creature-comforts-*.toml"):
        (home / "sessions" / sample.name).write_bytes(sample.read_bytes())
    out = run(home, "stats", "--game", "cc", "--player", "robin").stdout
    # Theo's Hearth at the rulebook's 5 VP ties him with Olu on 51 (4=), which widens "#".
    assert re.search(r"│ +2 │ Robin +│ +1 │ +0 │ +- │ +78\.0 │ +78 │", out), out
