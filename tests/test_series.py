"""`scorekeeper series` and `score --series` on the fixture history, and the standings."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from scorekeeper.history.plays import Play, Result
from scorekeeper.history.series import SeriesDef, report
from scorekeeper.render.sentences import series_tiebreak_text
from tests.history_home import make_home, run, snapshot
from tests.walkthrough import Terminal

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
BTGA_SAMPLE = str(SAMPLES / "before-the-guests-arrive-sunday.toml")
HUNGRY_SAMPLE = str(SAMPLES / "hungry-family-night.toml")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return make_home(tmp_path)


def test_show_a_complete_series_tied_on_points_broken_by_wins(home: Path) -> None:
    result = run(home, "series", "show", "sunday-trio")
    assert result.exit_code == 0
    out = result.stdout
    assert "Series sunday-trio: 3 of 3 games played, complete." in out
    assert "│ 3 │ 2026-11-01 20:20 │   8 (42) │ 15* (42) │ 11 (34) │" in out
    assert "│ 1 │ Dana   │     3 │    2 │     42 │" in out
    assert "│ 2 │ Eli    │     3 │    1 │     42 │" in out
    assert "Series winner: Dana (42 points, 2 wins)" in out
    assert "Tie-break: Dana and Eli tied on 42 points; Dana has the most games won." in out
    assert "Next game" not in out


def test_show_a_mixed_title_series_ranks_by_wins_then_average_place(home: Path) -> None:
    out = run(home, "series", "show", "games-night").stdout
    assert (
        "│ 1 │ 2026-11-08       │ Hungry                   │ 16* (1st) │  16 (2nd) │ 15 (3rd) │"
        in out
    )
    assert "│ 1 │ Ben    │     2 │    1 │      1.50 │" in out
    assert "│ 2 │ Ana    │     2 │    1 │      2.00 │" in out
    assert "Points" not in out
    assert "Series winner: Ben (1 win, average place 1.50)" in out
    assert "Tie-break: Ben and Ana tied on 1 win; Ben has the best average place." in out


def test_show_an_unfinished_series_says_who_starts_next(home: Path) -> None:
    out = run(home, "series", "show", "december").stdout
    assert "Series december: 1 of 3 games played." in out
    assert "Leading: Fay (13 points, 1 win)" in out
    assert "Next game: Eli starts: lowest total in the previous game." in out
    assert "(scorekeeper rules show before-the-guests-arrive.series)" in out


def test_a_series_named_only_by_sessions_is_open_ended(home: Path) -> None:
    out = run(home, "series", "show", "rematch").stdout
    assert "Series rematch: 1 game played (open-ended)." in out
    assert "Leading: Ana (28 points, 1 win)" in out
    assert "Next game" not in out  # Hungry's rulebook says nothing about series


def test_show_an_unknown_series(home: Path) -> None:
    result = run(home, "series", "show", "nope")
    assert result.exit_code == 2
    assert result.stderr.endswith("error: no series 'nope'; `scorekeeper series list` shows them\n")


def test_list_every_series(home: Path) -> None:
    result = run(home, "series", "list")
    assert result.exit_code == 0
    lines = [line for line in result.stdout.splitlines() if line.startswith("│")]
    assert [line.split("│")[1].strip() for line in lines] == [
        "december",
        "games-night",
        "rematch",
        "sunday-trio",
    ]
    assert "│ Hungry, Before the Guests Arrive │ 2 of 2 │ complete │ Ben    │" in result.stdout
    assert "│ Before the Guests Arrive         │ 1 of 3 │ open     │ Fay    │" in result.stdout


def test_new_series_takes_its_length_from_the_rulebook(home: Path) -> None:
    result = run(home, "series", "new", "family-cup", "--game", "hygge")
    assert result.exit_code == 0
    path = home / "series" / "family-cup.toml"
    assert result.stdout.startswith("Created series family-cup (3 games) in ")
    written = tomllib.loads(path.read_text(encoding="utf-8"))
    assert {k: written[k] for k in ("name", "game", "games")} == {
        "name": "family-cup",
        "game": "before-the-guests-arrive",
        "games": 3,
    }
    assert "created" in written
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]


def test_new_series_of_any_title_is_open_ended_unless_told(home: Path) -> None:
    assert run(home, "series", "new", "open-night").exit_code == 0
    written = tomllib.loads((home / "series" / "open-night.toml").read_text(encoding="utf-8"))
    assert "games" not in written and "game" not in written
    assert run(home, "series", "new", "pair", "--games", "2").exit_code == 0


def test_new_series_refuses_a_taken_or_malformed_name(home: Path) -> None:
    before = snapshot(home)
    result = run(home, "series", "new", "december")
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: series 'december' already exists ({home / 'series' / 'december.toml'})\n"
    )
    result = run(home, "series", "new", "Winter League")
    assert result.exit_code == 2
    assert result.stderr == "error: 'Winter League' is not a series id; try 'winter-league'\n"
    assert snapshot(home) == before


def test_score_from_a_file_into_a_series(home: Path, tmp_path: Path) -> None:
    later = tmp_path / "later.toml"  # the sample, played after the series' first game
    text = Path(BTGA_SAMPLE).read_text(encoding="utf-8")
    later.write_text(text.replace("played = 2026-11-22", "played = 2026-12-06T19:15:00"))
    result = run(home, "score", "--from", str(later), "--save", "--series", "december")
    assert result.exit_code == 0, result.stderr
    saved = Path(result.stdout.strip().splitlines()[-1].removeprefix("Saved "))
    assert tomllib.loads(saved.read_text(encoding="utf-8"))["series"] == "december"
    out = run(home, "series", "show", "december").stdout
    assert "Series december: 2 of 3 games played." in out
    # The sample: Dana 12, Eli 14, Fay 7, Gus 11: Fay had the lowest total.
    assert "Next game: Fay starts: lowest total in the previous game." in out


def test_score_into_an_undefined_series_starts_an_open_one(home: Path) -> None:
    saving = ("score", "--from", HUNGRY_SAMPLE, "--save", "--series", "rematch")
    result = run(home, *saving, "--allow-duplicate")  # family-night is the same game
    assert result.exit_code == 0, result.stderr
    assert (
        "Series rematch: 2 games played (open-ended)."
        in run(home, "series", "show", "rematch").stdout
    )


@pytest.mark.parametrize(
    ("sample", "series", "error"),
    [
        (
            HUNGRY_SAMPLE,
            "december",
            "error: series 'december' is for 'before-the-guests-arrive', not 'hungry'; "
            "create a series without --game to mix titles\n",
        ),
        (
            BTGA_SAMPLE,
            "sunday-trio",
            "error: series 'sunday-trio' is complete (3 games); "
            "start a new one with `scorekeeper series new`\n",
        ),
        (
            BTGA_SAMPLE,
            "Sunday",
            "error: 'Sunday' is not a series id; try 'sunday'\n",
        ),
    ],
)
def test_score_refuses_a_series_it_cannot_join(
    home: Path, sample: str, series: str, error: str
) -> None:
    before = snapshot(home)
    result = run(home, "score", "--from", sample, "--save", "--series", series)
    assert result.exit_code == 2
    assert result.stderr.endswith(error)
    assert snapshot(home) == before


def test_score_series_needs_save_with_from(home: Path) -> None:
    result = run(home, "score", "--from", BTGA_SAMPLE, "--series", "december")
    assert (result.exit_code, result.stderr) == (2, "error: --series with --from needs --save\n")


def _game(number: int, game: str, totals: dict[str, int], series: str = "s") -> Play:
    ranks = {n: 1 + sum(t > v for t in totals.values()) for n, v in totals.items()}
    results = tuple(Result(n, i + 1, v, ranks[n], ()) for i, (n, v) in enumerate(totals.items()))
    winners = tuple(n for n in totals if ranks[n] == 1)
    return Play(
        f"g{number}", f"2026-01-0{number}-{game}", "", game, game, results, winners, series=series
    )


def test_a_tie_on_points_and_wins_is_a_shared_series_victory() -> None:
    plays = [
        _game(1, "hungry", {"Ana": 10, "Ben": 5}),
        _game(2, "hungry", {"Ana": 5, "Ben": 10}),
    ]
    result = report(SeriesDef("s", "hungry", 2), plays)
    assert result.is_complete
    assert result.leaders == ("Ana", "Ben")
    assert (
        series_tiebreak_text(result.standings, result.is_mixed)
        == "Ana and Ben tied on 15 points and the most games won; Ana and Ben share it"
    )


def test_a_tie_for_the_lowest_total_leaves_the_start_to_the_table() -> None:
    plays = [_game(1, "before-the-guests-arrive", {"Ana": 4, "Ben": 9, "Cy": 4})]
    result = report(SeriesDef("s"), plays)
    assert result.next_starter == ("Ana", "Cy")
    assert result.starter_rule is not None
    assert result.starter_rule.rule == "before-the-guests-arrive.series"


def test_names_match_in_any_case_and_other_series_are_left_out() -> None:
    plays = [
        _game(1, "hungry", {"ana": 10, "Ben": 5}),
        _game(2, "hungry", {"Ben": 7, "Ana": 6}),
        _game(3, "hungry", {"Ana": 99, "Ben": 0}, series="other"),
    ]
    result = report(SeriesDef("s"), plays)
    assert [(s.name, s.total, s.wins, s.played) for s in result.standings] == [
        ("Ana", 16, 1, 2),
        ("Ben", 12, 1, 2),
    ]


@pytest.mark.slow
def test_the_walk_through_offers_the_open_series_of_its_title(home: Path) -> None:
    t = Terminal(home, "hungry")
    t.answer("Player 1 name", "Ana")
    t.answer("Player 2 name", "Ben")
    t.answer("Player 3 name", "")
    for who, homes in (("Ana", "10000"), ("Ben", "00000")):
        for star, count in enumerate(homes, start=1):
            t.answer(f"{who}: {star}-star holiday home", count)
        for colour in ("red", "yellow", "green", "blue", "purple"):
            t.answer(f"{who}: {colour} (tourists at the hotels)", "")
    t.answer("Notes", "")
    t.answer("Where was it played?", "")
    t.choose("Is everything right?")
    # december is for Before the Guests Arrive, games-night and sunday-trio are complete.
    t.expect("Part of a series?")
    t.expect("rematch (game 2)")
    t.choose("", downs=1)
    t.answer("Save this session?", "y")
    t.expect("Saved ")
    t.answer("BG Stats?", "")
    t.finish()
    out = run(home, "series", "show", "rematch").stdout
    assert "Series rematch: 2 games played (open-ended)." in out
    assert "Leading: Ana (29 points, 2 wins)" in out


@pytest.mark.slow
def test_score_series_in_the_walk_through_needs_no_question(home: Path) -> None:
    t = Terminal(home, "--series", "december")  # the series is for one title: no game question
    t.answer("Player 1 name", "Dana")
    t.answer("Player 2 name", "Eli")
    t.answer("Player 3 name", "")
    for who, stored in (("Dana", "9"), ("Eli", "12")):
        t.answer(f"{who}: snowflakes on stored object cards", stored)
        t.answer(f"{who}: object cards not stored", "0")
        t.answer(f"{who}: paws on animals not stored", "0")
    t.answer("Notes", "")
    t.answer("Where was it played?", "")
    t.choose("Is everything right?")
    t.answer("Save this session?", "y")
    t.answer("BG Stats?", "")
    assert "Part of a series?" not in t.finish()
    assert "Series december: 2 of 3 games played." in run(home, "series", "show", "december").stdout


def test_a_new_series_is_listed_before_its_first_game(home: Path) -> None:
    assert run(home, "series", "new", "family-cup", "--game", "btga").exit_code == 0
    listed = run(home, "series", "list").stdout
    assert (
        "│ family-cup  │ Before the Guests Arrive         │ 0 of 3 │ open     │        │" in listed
    )
    shown = run(home, "series", "show", "family-cup")
    assert shown.stdout == "Series family-cup: 0 of 3 games played.\n"


def test_a_broken_series_file_is_reported_and_the_rest_still_works(home: Path) -> None:
    (home / "series" / "typo.toml").write_text('name = "other-name"\n', encoding="utf-8")
    result = run(home, "series", "list")
    assert result.exit_code == 0
    assert (
        f"Unreadable: {home / 'series' / 'typo.toml'}: key 'name': 'other-name' does not match "
        "the file name 'typo'" in result.stderr
    )
    assert "sunday-trio" in result.stdout


def test_series_show_suggests_the_id_to_type(home: Path) -> None:
    result = run(home, "series", "show", "Sunday Trio!")
    assert result.exit_code == 2
    assert result.stderr == "error: 'Sunday Trio!' is not a series id; try 'sunday-trio'\n"
    result = run(home, "series", "new", "***")
    assert result.stderr == (
        "error: '***' is not a series id; use lowercase letters, digits and '-'\n"
    )


def test_a_shared_place_shows_as_shared_and_counts_as_level() -> None:
    import io

    from rich.console import Console

    from scorekeeper.history.stats import head_to_head
    from scorekeeper.render.series import series_games_table

    plays = [
        _game(1, "hungry", {"Ana": 9, "Ben": 4, "Cy": 4}),
        _game(2, "first-snow", {"Ana": 30, "Ben": 31}),
    ]
    result = report(SeriesDef("s"), plays)
    out = io.StringIO()
    Console(width=100, file=out, color_system=None).print(series_games_table(result))
    assert "4 (2nd=)" in out.getvalue() and "9* (1st)" in out.getvalue()
    assert {s.name: s.average_place for s in result.standings} == {"Ana": 1.5, "Ben": 1.5, "Cy": 2}
    ben_cy = next(h for h in head_to_head(plays) if {h.player, h.opponent} == {"Ben", "Cy"})
    assert (ben_cy.ahead, ben_cy.behind, ben_cy.level) == (0, 0, 1)


def test_series_rules_come_from_the_titles_own_engine() -> None:
    from scorekeeper.games import find_game
    from scorekeeper.history.series import default_games, series_rules

    guests = find_game("before-the-guests-arrive")
    assert series_rules("before-the-guests-arrive") is guests.series
    assert default_games("before-the-guests-arrive") == 3
    assert series_rules("hungry") is None and default_games("hungry") is None
    assert series_rules("no-such-game") is None


@pytest.mark.slow
def test_an_unknown_series_is_started_only_when_the_table_says_so(home: Path) -> None:
    t = Terminal(home, "hungry", "--series", "rematc")
    t.expect("There is no series rematc yet; did you mean 'rematch'?")
    t.choose("Start the series rematc with this game?", downs=1)  # no
    screen = t.finish()
    assert t.child.exitstatus == 2
    assert "error: no series 'rematc'; nothing was asked (`scorekeeper series list`)" in screen
    assert "Player 1 name" not in screen
