"""`scorekeeper history` on the fixture history: list, show, rescore, export."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from pathlib import Path

import pytest

from scorekeeper.history.plays import (
    Difference,
    HistoryError,
    Play,
    Result,
    find_play,
    newest_first,
    select,
)
from tests.history_home import make_home, run

NEWEST_FIRST = ["0a1b2c", "family-night", "f6a7b8", "e5f6a7", "d4e5f6", "c3d4e5", "b2c3d4"]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return make_home(tmp_path)


def _order(text: str, ids: list[str]) -> list[int]:
    return [text.index(f"│ {i} ") for i in ids]


def test_list_is_newest_first_and_reports_broken_files_once(home: Path) -> None:
    result = run(home, "history", "list")
    assert result.exit_code == 0
    positions = _order(result.stdout, [*NEWEST_FIRST, "a1b2c3"])
    assert positions == sorted(positions)
    assert (
        "│ 0a1b2c       │ 2026-12-06 18:30 │ Before the Guests Arrive │ Fay    │" in result.stdout
    )
    assert "Dana 11, Eli 9, Fay 13" in result.stdout
    broken = home / "sessions" / "broken.toml"
    future = home / "sessions" / "from-the-future.toml"
    first, second = result.stderr.splitlines()  # each file once, with path and reason
    assert first.startswith(f"Unreadable: {broken}: not valid TOML: ")  # then tomllib's words
    assert second == (
        f"Unreadable: {future}: key 'format': format 2 is newer than this scorekeeper reads "
        "(up to 1); upgrade scorekeeper"
    )


def test_list_filters_by_game_player_any_case_and_date(home: Path) -> None:
    result = run(home, "history", "list", "--game", "tabula-rasa", "--player", "ANA")
    assert result.exit_code == 0
    assert "family-night" in result.stdout and "f6a7b8" in result.stdout
    assert "d4e5f6" in result.stdout  # spelled "ana" in that file
    assert "e5f6a7" not in result.stdout and "0a1b2c" not in result.stdout
    since = run(home, "history", "list", "--since", "2026-11-15").stdout
    assert [i for i in NEWEST_FIRST if f"│ {i} " in since] == NEWEST_FIRST[:3]


def test_list_limit_says_how_many_are_hidden(home: Path) -> None:
    result = run(home, "history", "list", "--limit", "2")
    assert "│ family-night │" in result.stdout and "│ f6a7b8" not in result.stdout
    assert "2 of 8 sessions shown; --limit 0 shows all." in result.stdout


def test_list_rejects_a_bad_date_and_an_unknown_game(home: Path) -> None:
    result = run(home, "history", "list", "--since", "yesterday")
    assert result.exit_code == 2
    assert result.stderr == "error: --since: expected a date like 2026-11-29, got 'yesterday'\n"
    result = run(home, "history", "list", "--game", "chess")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown game 'chess'; known games: ")


def test_list_of_an_empty_data_directory(tmp_path: Path) -> None:
    result = run(tmp_path, "history", "list")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "No sessions.\n", "")


def test_show_by_short_id_prefix(home: Path) -> None:
    result = run(home, "history", "show", "d4e5")
    assert result.exit_code == 0
    out = result.stdout
    assert f"File: {home / 'sessions' / '2026-11-08-hungry-d4e5f6.toml'}" in out
    assert "Series: games-night" in out
    assert "Winner: ana with 16 points." in out
    assert "Tie-break: ana and Ben tied on 16; ana holds the 2-star holiday home, Ben the" in out
    assert "(scorekeeper rules show hungry.ties)" in out


def test_show_a_hand_named_file_by_its_stem(home: Path) -> None:
    out = run(home, "history", "show", "family-night.toml").stdout
    assert "Location: Kitchen table" in out and "Notes: Cy's first game" in out


def test_show_unknown_and_ambiguous_ids(home: Path) -> None:
    result = run(home, "history", "show", "zzz")
    assert result.exit_code == 2
    assert result.stderr == "error: no session 'zzz'; `scorekeeper history list` shows the ids\n"
    result = run(home, "history", "show", "2026-11-01")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: '2026-11-01' matches 3 sessions (2026-11-01-before-the-guests-arrive-c3d4e5, "
        "2026-11-01-before-the-guests-arrive-b2c3d4, 2026-11-01-before-the-guests-arrive-a1b2c3);"
        " type more\n"
    )


def test_rescore_reports_the_result_that_changed(home: Path) -> None:
    result = run(home, "history", "rescore")
    assert result.exit_code == 0
    assert "│ f6a7b8 │ 2026-11-15 │ Hungry │ Ben: total 21 -> 23" in result.stdout
    assert result.stdout.strip().endswith(
        "Re-scored 8 sessions: 1 changed, 1 without a stored result to compare (written by hand)."
    )
    assert "broken.toml" in result.stderr


def test_rescore_reads_and_scores_each_file_once(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.history import rescore, scoring

    reads: list[Path] = []
    read = scoring.read_session_and_record

    def counted(path: Path, where: Path) -> object:
        reads.append(path)
        return read(path, where)

    monkeypatch.setattr(scoring, "read_session_and_record", counted)
    rescored = rescore.rescore(home)
    assert len(reads) == len(set(reads)) == len(rescored.plays) + len(rescored.unreadable)
    ((play, changes, cause),) = rescored.changed
    assert play.id == "f6a7b8" and cause is rescore.Cause.UNKNOWN  # its record has no fingerprint
    assert changes == [Difference("total", "Ben", 21, 23)]  # data; words only when shown


def test_a_difference_is_worded_when_shown() -> None:
    from scorekeeper.render.rescore import difference_text

    assert difference_text(Difference("total", "Ana", 5, 6)) == "Ana: total 5 -> 6"
    assert difference_text(Difference("rank", "Ana", 2, 1)) == "Ana: rank 2 -> 1"
    assert difference_text(Difference("missing", "Cy")) == "Cy: not in the stored result"
    winners = Difference("winners", before=(), after=("Ana", "Ben"))
    assert difference_text(winners) == "winners: - -> Ana, Ben"
    assert difference_text(Difference("winners", after=("Ana",))) == "winners: ? -> Ana"


def test_export_csv_one_row_per_player_per_session(home: Path) -> None:
    result = run(home, "history", "export", "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == [
        "session", "file", "played", "time", "game", "series", "location", "notes", "player",
        "seat",
        "Stored", "Loose objects", "Loose paws", "Holiday homes", "Hotels", "Tokens",
        "Bonus", "total", "rank", "winner",
    ]  # fmt: skip
    assert len(rows) == 23
    assert [r["player"] for r in rows[:3]] == ["Dana", "Eli", "Fay"]  # oldest first, seat order
    ben = next(r for r in rows if r["session"] == "f6a7b8" and r["player"] == "Ben")
    assert (ben["total"], ben["rank"], ben["winner"], ben["series"]) == ("23", "2", "0", "rematch")
    assert ben["Stored"] == ""  # not a category of Hungry
    for row in rows:
        categories = [row[c] for c in ("Stored", "Loose objects", "Loose paws")] + [
            row[c] for c in ("Holiday homes", "Hotels", "Tokens", "Bonus")
        ]
        assert sum(int(c) for c in categories if c) == int(row["total"])


def test_export_json_holds_the_same_facts(home: Path) -> None:
    sessions = json.loads(run(home, "history", "export", "--format", "json").stdout)
    rows = list(csv.DictReader(io.StringIO(run(home, "history", "export").stdout)))
    assert [s["session"] for s in sessions] == list(dict.fromkeys(r["session"] for r in rows))
    flat = [
        (s["session"], p["name"], p["total"], p["rank"]) for s in sessions for p in s["players"]
    ]
    assert flat == [(r["session"], r["player"], int(r["total"]), int(r["rank"])) for r in rows]
    trio = sessions[0]
    assert trio["played"] == "2026-11-01T19:00:00" and trio["winners"] == ["Dana"]
    assert trio["players"][0]["categories"] == {"Stored": 22, "Loose objects": -1, "Loose paws": -1}


def test_export_rejects_an_unknown_format(home: Path) -> None:
    result = run(home, "history", "export", "--format", "xml")
    assert result.exit_code == 2
    assert (
        result.stderr == "error: 'xml' is not an export format; use --format csv, json or bgstats\n"
    )
    assert result.stdout == ""


def _play(stem: str, played: date | None = None, names: tuple[str, ...] = ("Ana",)) -> Play:
    results = tuple(Result(n, i + 1, 10 - i, i + 1, ()) for i, n in enumerate(names))
    return Play(stem, stem, f"{stem}.toml", "hungry", "Hungry", results, names[:1], played=played)


def test_sessions_without_played_sort_by_file_name() -> None:
    plays = [
        _play("2026-11-02-hungry"),
        _play("x", date(2026, 11, 3)),
        _play("2026-11-04-hungry"),
        _play("notes-from-the-cabin"),
    ]
    assert [p.stem for p in newest_first(plays)] == [
        "notes-from-the-cabin",
        "2026-11-04-hungry",
        "x",
        "2026-11-02-hungry",
    ]
    since = select(plays, since=date(2026, 11, 3))
    assert [p.stem for p in since] == ["x", "2026-11-04-hungry"]  # no date: not "since" anything


def test_an_exact_id_beats_a_longer_one_it_prefixes() -> None:
    plays = [_play("ab"), _play("abc")]
    assert find_play(plays, "ab").stem == "ab"
    with pytest.raises(HistoryError, match="matches 2 sessions"):
        find_play(plays, "a")


def test_a_solo_game_is_listed_without_a_winner(home: Path) -> None:
    solo = Path(__file__).parent.parent / "sample_sessions" / "creature-comforts-solo.toml"
    (home / "sessions" / solo.name).write_bytes(solo.read_bytes())
    out = run(home, "history", "list", "--game", "cc").stdout
    assert (
        "│ creature-comforts-solo │ 2026-11-29 16:05 │ Creature Comforts │ solo   │ Robin 78 "
        in out
    )


def test_a_history_of_long_file_names_only_is_listed(tmp_path: Path) -> None:
    """No id fits the widest column, so the column folds every one at its narrowest width."""
    sample = Path(__file__).parent.parent / "sample_sessions" / "first-snow-by-rounds.toml"
    home = tmp_path / "home"
    (home / "sessions").mkdir(parents=True)
    (home / "sessions" / f"{'y' * 40}.toml").write_bytes(sample.read_bytes())
    result = run(home, "history", "list")
    assert result.exit_code == 0, result.output
    assert sum("│ " + "y" * 16 + " │" in row for row in result.stdout.splitlines()) == 2
