"""Every file scorekeeper reads, held to the session file's standard: FIFOs, devices, huge,
deep, dotted or long-numbered contents in any data folder give one line naming the file,
never a hang or a traceback; a damaged cache is rebuilt, a damaged draft set aside."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.errors import StorageError
from scorekeeper.storage.documents import DRAFTS, REMEMBERED_ANSWERS
from scorekeeper.storage.reading import MAX_KEY_PARTS, MAX_NESTING, toml_shape_problem
from scorekeeper.storage.session_files import read_session
from scorekeeper.storage.sessions import session_files

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "sample_sessions"
DEV_ZERO = Path("/dev/zero")
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")

# Where each kind of file lives in the data directory.
PLACES = {
    "session": "sessions/pipe.toml",
    "series": "series/pipe.toml",
    "catalogue": "catalogue.toml",
    "draft": "drafts/score.toml",
    "remembered": "remembered/happy-home.toml",
    "cache": "cache/plays.json",
}


def make_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    (home / "sessions").mkdir(parents=True)
    for name in ("hungry-family-night.toml", "creature-comforts-solo.toml"):
        shutil.copy(SAMPLES / name, home / "sessions" / name)
    return home


def scorekeeper(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--home", str(home), *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,  # a command that blocks on a FIFO would fail here
    )


def plant(home: Path, place: str, how: str) -> Path:
    path = home / place
    path.parent.mkdir(parents=True, exist_ok=True)
    if how == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(DEV_ZERO)
    return path


@needs_fifo
@pytest.mark.parametrize("how", ["fifo", "dev-zero"])
def test_no_command_hangs_or_fails_on_a_fifo_or_device_in_any_folder(
    tmp_path: Path, how: str
) -> None:
    if how == "dev-zero" and not DEV_ZERO.exists():
        pytest.skip("no /dev/zero here")
    home = make_home(tmp_path)
    planted = {kind: plant(home, place, how) for kind, place in PLACES.items()}
    kind_name = "a named pipe" if how == "fifo" else "a device"

    listed = scorekeeper(home, "history", "list")
    assert listed.returncode == 0 and "Traceback" not in listed.stderr
    unreadable = [line for line in listed.stderr.splitlines() if line.startswith("Unreadable:")]
    # the pipe posing as a session, and the Creature Comforts session whose user catalogue
    # is the pipe: the catalogue is named as the file that cannot be read
    assert f"{planted['session']}: cannot read: not a regular file ({kind_name})" in listed.stderr
    catalogue_line = f"Unreadable: {planted['catalogue']}: cannot read: not a regular file"
    assert f"{catalogue_line} ({kind_name}) (needed by {home / 'sessions'}" in listed.stderr
    assert len(unreadable) == 2
    assert "Hungry" in listed.stdout

    series = scorekeeper(home, "series", "list")
    assert "Traceback" not in series.stderr
    assert f"{planted['series']}: cannot read: not a regular file ({kind_name})" in series.stderr

    resumed = scorekeeper(home, "score", "--resume")
    assert resumed.returncode == 2
    warning, error = resumed.stderr.splitlines()  # reported, not fatal: nothing to resume
    assert warning.startswith(f"Warning: {planted['draft']}: unreadable draft (cannot read: ")
    assert "it was moved to" in warning
    assert error == "error: no unfinished walk-through to resume"
    assert not os.path.lexists(planted["draft"])  # set aside, never deleted:
    # (beside it only the walk-through's own lock file, .score.open)
    (aside,) = [p for p in planted["draft"].parent.iterdir() if not p.name.startswith(".")]
    assert aside.name.startswith("score.toml.damaged-")
    again = scorekeeper(home, "score", "--resume")  # the next run starts afresh
    assert again.stderr == "error: no unfinished walk-through to resume\n"

    told: list[str] = []
    assert REMEMBERED_ANSWERS.load(home, "happy-home", warn=told.append) is None
    assert len(told) == 1 and "not a regular file" in told[0] and "moved to" in told[0]

    hungry = str(SAMPLES / "hungry-family-night.toml")
    saved = scorekeeper(home, "score", "--from", hungry, "--save", "--allow-duplicate")
    assert saved.returncode == 0, saved.stderr
    assert (home / "cache" / "plays.json").is_file()  # the cache that was not a file is rebuilt


def test_a_dotted_key_file_is_refused_at_once(tmp_path: Path) -> None:
    home = make_home(tmp_path)
    dotted = home / "sessions" / "dotted.toml"
    dotted.write_text("a" + ".a" * 20_000 + " = 1\n", encoding="utf-8")  # 40 KB
    began = time.monotonic()
    with pytest.raises(StorageError) as caught:
        read_session(dotted)
    assert time.monotonic() - began < 0.5
    assert str(caught.value) == (
        f"{dotted}: not valid TOML: a dotted key of more than {MAX_KEY_PARTS} parts"
    )
    listed = scorekeeper(home, "history", "list")
    assert listed.returncode == 0
    assert f"Unreadable: {dotted}: not valid TOML: a dotted key" in listed.stderr


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" + "a." * 40 + "b]\n", f"a dotted key of more than {MAX_KEY_PARTS} parts"),
        ("x = { " + "a." * 40 + "b = 1 }\n", f"a dotted key of more than {MAX_KEY_PARTS} parts"),
        ("x = " + "[" * 40 + "]" * 40, f"nested more than {MAX_NESTING} deep"),
        ("x = " + "{a = " * 40 + "1" + "}" * 40, f"nested more than {MAX_NESTING} deep"),
        ("x = 1" + "0" * 5_000, "a number longer than 100 characters"),
        ("x = 0x" + "f" * 5_000, "a number longer than 100 characters"),
    ],
)
def test_shapes_tomllib_is_not_given(text: str, problem: str) -> None:
    assert toml_shape_problem(text) == problem


@pytest.mark.parametrize(
    "text",
    [
        'x = "' + "a." * 100 + '"\n',  # dots in a string are no key
        "# " + "[" * 100 + "\n",  # nor brackets in a comment
        "x = [" + ", ".join(["1.5"] * 100) + "]\n",  # nor decimal points in values
        'x = """\n' + "{" * 100 + '\n"""\n',
        "[a.b.c]\nd.e.f = 2026-11-29T20:15:00\n",
        "y = 1234567890123456789\n",
    ],
)
def test_ordinary_shapes_pass(text: str) -> None:
    assert toml_shape_problem(text) is None


@pytest.mark.parametrize(
    ("place", "text"),
    [
        ("series/long.toml", 'name = "long"\ngames = 1' + "0" * 5_000 + "\n"),
        ("series/deep.toml", 'name = "deep"\nx = ' + "[" * 2_000 + "]" * 2_000 + "\n"),
        ("catalogue.toml", "x = 1" + "0" * 5_000 + "\n"),
        ("catalogue.toml", "x = " + "[" * 2_000 + "]" * 2_000 + "\n"),
    ],
)
def test_long_numbers_and_deep_nesting_elsewhere_are_one_line(
    tmp_path: Path, place: str, text: str
) -> None:
    home = make_home(tmp_path)
    path = home / place
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    command = ("series", "list") if place.startswith("series") else ("history", "list")
    result = scorekeeper(home, *command)
    assert "Traceback" not in result.stderr
    assert f"Unreadable: {path}: not valid TOML: " in result.stderr


@pytest.mark.parametrize(
    "damage",
    ["[" * 100_000, '{"stamp": ' + "1" * 5_000 + "}", "[" * 900 + "]" * 900, "\x00garbage"],
)
def test_a_damaged_cache_of_any_shape_is_rebuilt(tmp_path: Path, damage: str) -> None:
    home = make_home(tmp_path)
    cache = home / "cache" / "plays.json"
    cache.parent.mkdir()
    cache.write_text(damage, encoding="utf-8")
    for _ in range(2):
        result = scorekeeper(home, "history", "list")
        assert (result.returncode, result.stderr) == (0, "")
        assert "Hungry" in result.stdout
    assert cache.read_text(encoding="utf-8").startswith('{"stamp":')


@pytest.mark.parametrize(
    "text", ["draft = 1" + "0" * 5_000, "x = " + "[" * 2_000 + "]" * 2_000, "\xff\xfe"]
)
def test_damaged_drafts_and_remembered_answers_are_set_aside(tmp_path: Path, text: str) -> None:
    for store, kind in ((DRAFTS, "score"), (REMEMBERED_ANSWERS, "happy-home")):
        path = store.path(tmp_path, kind)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("latin-1"))
        told: list[str] = []
        assert store.load(tmp_path, kind, warn=told.append) is None
        (aside,) = path.parent.iterdir()
        assert aside.name.startswith(f"{kind}.toml.damaged-")
        assert aside.read_bytes() == text.encode("latin-1")  # renamed, not deleted
        assert told == [told[0]] and told[0].startswith(f"{path}: unreadable ")
        assert told[0].endswith(f"; it was moved to {aside}")
        aside.rename(path)
        with pytest.raises(StorageError, match=f"unreadable {store.noun} .*; it was moved to"):
            store.load(tmp_path, kind)  # without `warn`: the same, as an error
        (aside,) = path.parent.iterdir()
        aside.unlink()


def test_an_unreadable_sessions_folder_is_an_error_not_an_empty_history(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "sessions").write_text("not a folder\n", encoding="utf-8")
    for command in (("history", "list"), ("players",), ("stats",)):
        result = scorekeeper(home, *command)
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == f"error: {home / 'sessions'}: cannot read: Not a directory\n"


def test_a_sessions_folder_that_cannot_be_listed_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sessions").mkdir()

    def refuse(self: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "iterdir", refuse)
    with pytest.raises(StorageError) as caught:
        session_files(tmp_path)
    assert str(caught.value) == f"{tmp_path / 'sessions'}: cannot read: Permission denied"


def test_rule_notes_and_their_index_cache_go_through_the_hardened_reader(tmp_path: Path) -> None:
    """A pipe where the rules index cache would be is passed over without blocking, and a
    rule notes file nested beyond the bound is one line naming it."""
    from scorekeeper.rulebook import open_index
    from scorekeeper.rulebook.notes import RulesDataError, load_library, rules_root

    notes = tmp_path / "rules"  # one title's notes: an index of them builds in a blink
    notes.mkdir()
    shutil.copy(rules_root() / "hungry.toml", notes)
    cache = tmp_path / "cache"
    cache.mkdir()
    index = open_index(notes, cache_dir=cache)
    [saved] = cache.glob("rules-index-*.json")
    saved.unlink()
    os.mkfifo(saved)
    assert open_index(notes, cache_dir=cache).to_json() == index.to_json()  # rebuilt, not blocked
    (notes / "hungry.toml").write_text("a = " + "[" * 100 + "]" * 100, encoding="utf-8")
    with pytest.raises(RulesDataError, match=r"hungry\.toml: not valid TOML: nested more than"):
        load_library(notes)
