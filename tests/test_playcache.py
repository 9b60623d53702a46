"""The play cache: history commands read it instead of re-scoring, and it is never wrong for long.

Every test compares against plays scored afresh from the files, so a cache that served a
stale or mangled play would fail here.
"""

from __future__ import annotations

import json
import os
import shutil
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.tiebreak import TieBreak, TieStep
from scorekeeper.errors import StorageError
from scorekeeper.history import cache as playcache
from scorekeeper.history.archive import load
from scorekeeper.history.plays import Play, Result, from_json, from_session, to_json
from scorekeeper.storage.session_files import iter_sessions, read_session_and_record
from scorekeeper.storage.sessions import Unreadable
from tests.conftest import SAMPLES
from tests.history_home import make_home, run


def fresh(home: Path) -> list[Play]:
    """Every readable session of the home, read and scored now, without the cache."""
    plays = []
    for entry in iter_sessions(home):
        if not isinstance(entry, Unreadable):
            path, session = entry
            plays.append(from_session(path, session, session.score()))
    return plays


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """The fixture history (two titles, a broken file) plus a sample of every title."""
    home = make_home(tmp_path)
    for sample in SAMPLES.glob("*.toml"):
        shutil.copy(sample, home / "sessions" / sample.name)
    return home


def no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(path: Path, home: Path | None = None) -> None:
        raise AssertionError(f"{path.name} was read, not taken from the cache")

    monkeypatch.setattr("scorekeeper.history.scoring.read_session_and_record", refuse)


def test_a_second_load_comes_from_the_cache_and_equals_fresh_scoring(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load(home)
    assert first.plays == fresh(home)
    assert {p.game for p in first.plays} == {
        "before-the-guests-arrive",
        "creature-comforts",
        "first-snow",
        "happy-home",
        "hungry",
    }
    assert playcache.cache_file(home).is_file()
    cached = read_session_and_record  # broken files are never cached: read every time
    broken = {u.path.name for u in first.unreadable}
    assert broken == {"broken.toml", "from-the-future.toml"}

    def only_broken(path: Path, home: Path | None = None) -> object:
        assert path.name in broken, f"{path.name} was read, not taken from the cache"
        return cached(path, home)

    monkeypatch.setattr("scorekeeper.history.scoring.read_session_and_record", only_broken)
    second = load(home)
    assert second.plays == first.plays
    assert [u.reason for u in second.unreadable] == [u.reason for u in first.unreadable]


def test_an_edited_file_is_scored_again(home: Path) -> None:
    load(home)
    path = home / "sessions" / "2026-11-08-hungry-d4e5f6.toml"
    before = next(p for p in load(home).plays if p.stem == path.stem)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('name = "Ben"', 'name = "Benedict"'), encoding="utf-8")
    after = next(p for p in load(home).plays if p.stem == path.stem)
    assert "Ben" in [r.name for r in before.results]
    assert "Benedict" in [r.name for r in after.results]
    assert load(home).plays == fresh(home)


def test_a_removed_file_leaves_the_cache(home: Path) -> None:
    load(home)
    gone = home / "sessions" / "2026-11-08-hungry-d4e5f6.toml"
    gone.unlink()
    assert gone.stem not in [p.stem for p in load(home).plays]
    cached = json.loads(playcache.cache_file(home).read_text(encoding="utf-8"))["plays"]
    assert gone.name not in cached
    assert len(cached) == len(fresh(home))


def test_a_new_card_catalogue_rescores_everything(home: Path) -> None:
    before = playcache.stamp(home)
    (home / "catalogue.toml").write_text("# my corrections\n", encoding="utf-8")
    assert playcache.stamp(home) != before


def test_a_changed_scorekeeper_rescores_everything(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load(home)
    expected = fresh(home)
    monkeypatch.setattr(playcache, "__version__", "99.0")
    calls: list[str] = []
    reading = read_session_and_record

    def counted(path: Path, home: Path | None = None) -> object:
        calls.append(path.name)
        return reading(path, home)

    monkeypatch.setattr("scorekeeper.history.scoring.read_session_and_record", counted)
    assert load(home).plays == expected
    assert len(calls) == len(list((home / "sessions").glob("*.toml")))


@pytest.mark.parametrize(
    "damage",
    [
        b"\x00\xff not json",
        b"[1, 2, 3]",
        b'{"stamp": "old", "plays": {}}',
        b"{}",
    ],
)
def test_a_damaged_cache_is_rebuilt(home: Path, damage: bytes) -> None:
    load(home)
    playcache.cache_file(home).write_bytes(damage)
    assert load(home).plays == fresh(home)
    assert load(home).plays == fresh(home)


def test_a_hand_edited_entry_is_scored_again(home: Path) -> None:
    load(home)
    file = playcache.cache_file(home)
    document = json.loads(file.read_text(encoding="utf-8"))
    entry = document["plays"]["2026-11-08-hungry-d4e5f6.toml"]
    entry["play"]["players"][0]["total"] = "lots"  # a total that is not a number
    del document["plays"]["family-night.toml"]["play"]["winners"]
    document["plays"]["2026-11-08-before-the-guests-arrive-e5f6a7.toml"]["play"]["location"] = 7
    document["plays"]["2026-11-15-hungry-f6a7b8.toml"] = ["not", "an", "entry"]
    file.write_text(json.dumps(document), encoding="utf-8")
    assert load(home).plays == fresh(home)


def test_an_unwritable_cache_is_skipped(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise StorageError("cannot write")

    monkeypatch.setattr("scorekeeper.history.cache.replace_file", refuse)
    assert load(home).plays == fresh(home)
    assert not playcache.cache_file(home).exists()


def test_a_cache_path_taken_by_a_file_is_skipped(home: Path) -> None:
    (home / "cache").write_text("not a directory", encoding="utf-8")
    assert load(home).plays == fresh(home)
    assert load(home).plays == fresh(home)


def test_a_saved_session_is_cached_as_it_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    for sample in sorted(SAMPLES.glob("*.toml")):
        assert run(home, "score", "--from", str(sample), "--save").exit_code == 0
    expected = fresh(home)
    no_reading(monkeypatch)
    assert load(home).plays == expected
    listed = run(home, "history", "list")
    assert listed.exit_code == 0
    assert "Creature Comforts" in listed.stdout


NAMES = st.text(min_size=1, max_size=12)
WHEN = st.one_of(
    st.none(),
    st.dates(),
    st.datetimes(),
    st.datetimes(timezones=st.sampled_from([UTC, timezone(timedelta(hours=-5, minutes=-30))])),
)


@given(
    names=st.lists(NAMES, min_size=1, max_size=5, unique=True),
    totals=st.lists(st.integers(-50, 500), min_size=5, max_size=5),
    played=WHEN,
    notes=st.one_of(st.none(), st.text(max_size=40)),
)
def test_a_play_survives_the_cache_exactly(
    names: list[str], totals: list[int], played: date | datetime | None, notes: str | None
) -> None:
    path = Path("/h/sessions/2026-11-29-hungry-abc123.toml")
    results = tuple(
        Result(name, seat, total, seat, (("Homes", total), ("Bonus", 0)))
        for seat, (name, total) in enumerate(zip(names, totals, strict=False), start=1)
    )
    tied = tuple(names[:2])
    tiebreak = None
    if len(tied) == 2:  # a tie-break step with a value not given survives too
        step = TieStep("hungry.ties", tied, (totals[0], None), tied[:1])
        tiebreak = TieBreak(totals[1], tied, (step,), ())
    play = Play(
        id="abc123",
        stem=path.stem,
        file=str(path),
        game="hungry",
        title="Hungry",
        results=results,
        winners=(names[0],),
        tiebreak=tiebreak,
        played=played,
        series="winter-league",
        location=notes,
        notes=notes,
    )
    text = json.dumps(to_json(play), ensure_ascii=False)
    assert from_json(json.loads(text), path) == play


def test_file_keys_change_when_a_file_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_text("x = 1\n", encoding="utf-8")
    key = playcache._file_key(path)
    replacement = tmp_path / "b.toml"
    replacement.write_text("x = 2\n", encoding="utf-8")
    stat = path.stat()
    os.utime(replacement, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same size and time
    replacement.replace(path)
    assert playcache._file_key(path) != key


def test_rescore_scores_every_file_again_and_refreshes_the_cache(home: Path) -> None:
    load(home)
    file = playcache.cache_file(home)
    document = json.loads(file.read_text(encoding="utf-8"))
    name = "2026-11-08-hungry-d4e5f6.toml"
    play = document["plays"][name]["play"]
    play["players"][0]["total"] = 999  # a total no rule gives: a stale cache
    file.write_text(json.dumps(document), encoding="utf-8")
    assert 999 in [r.total for p in load(home).plays for r in p.results]  # trusted by list
    assert load(home, rescore=True).plays == fresh(home)
    assert load(home).plays == fresh(home)  # and replaced in the cache


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=20,
)


@pytest.fixture(scope="module")
def small_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two sessions and their cache, for fuzzing what the cache holds."""
    home = tmp_path_factory.mktemp("fuzz") / "home"
    (home / "sessions").mkdir(parents=True)
    for name in ("hungry-family-night.toml", "before-the-guests-arrive-sunday.toml"):
        shutil.copy(SAMPLES / name, home / "sessions" / name)
    load(home)
    return home


@given(entry=JSON, play=JSON)
def test_whatever_a_cache_entry_holds_the_plays_are_right(
    small_home: Path, entry: object, play: object
) -> None:
    file = playcache.cache_file(small_home)
    document = json.loads(file.read_text(encoding="utf-8"))
    plays = document["plays"]
    first, second = sorted(plays)
    plays[first] = entry  # anything at all
    plays[second]["play"] = play  # the right key, any play
    file.write_text(json.dumps(document), encoding="utf-8")
    assert load(small_home).plays == fresh(small_home)
