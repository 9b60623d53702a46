"""The [result] record a saved file carries is data, and stays true to the file's inputs."""

from __future__ import annotations

import tomllib
from pathlib import Path

from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.storage.session_files import read_session
from tests.conftest import SAMPLES

HUNGRY = SAMPLES / "hungry-family-night.toml"  # Ana and Ben tie on 16; Ana holds the 2-star


def _run(home: Path, *args: str) -> str:
    result = CliRunner().invoke(app, ["--home", str(home), *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def _saved(home: Path) -> Path:
    _run(home, "score", "--from", str(HUNGRY), "--save")
    (path,) = (home / "sessions").glob("*.toml")
    return path


def test_the_tie_break_is_saved_as_steps_by_seat(tmp_path: Path) -> None:
    result = tomllib.loads(_saved(tmp_path).read_text(encoding="utf-8"))["result"]
    assert result["inputs"].startswith("sha256:")
    assert result["winners"] == ["Ana"]
    assert result["tiebreak"] == {
        "total": 16,
        "tied": [1, 2],
        # Hungry, Determining the Winner: of the tied players, the one holding the holiday
        # home with the lowest star rating wins; Ana holds the 2-star tile, Ben the 4-star
        "steps": [
            {
                "rule": "hungry.ties",
                "players": [{"seat": 1, "value": 2}, {"seat": 2, "value": 4}],
                "kept": [1],
            }
        ],
        "shared": [],
    }


def test_after_a_rename_no_file_names_the_old_player(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    _run(tmp_path, "players", "rename", "Ana", "Anabel")
    _run(tmp_path, "history", "list")
    text = path.read_text(encoding="utf-8")
    assert 'Ana"' not in text and "Ana " not in text
    assert tomllib.loads(text)["result"]["winners"] == ["Anabel"]
    shown = _run(tmp_path, "history", "show", path.stem[-6:])
    assert "Anabel" in shown and "Ana and" not in shown


def test_a_hand_correction_rewrites_the_stored_result_and_keeps_the_rest(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    text = path.read_text(encoding="utf-8")
    # The table typed Ana's counts under Cy's name and Cy's under Ana's: with the names
    # swapped back by hand, Cy has what Ana had (16, and the 2-star tile that wins the tie
    # with Ben), so Cy wins
    corrected = text.replace('name = "Ana"', "@").replace('name = "Cy"', 'name = "Ana"')
    corrected = corrected.replace("@", 'name = "Cy"')
    corrected = corrected.replace("format = 1", "# corrected by hand\nformat = 1")
    corrected += "# checked against the score pad\n"  # a comment after the record stays too
    path.write_text(corrected, encoding="utf-8")
    for command in (["history", "list"], ["stats"], ["history", "show", path.stem[-6:]]):
        _run(tmp_path, *command)
        again = path.read_text(encoding="utf-8")
        assert "# corrected by hand" in again
        assert again.endswith("# checked against the score pad\n")
        result = tomllib.loads(again)["result"]
        assert result["winners"] == ["Cy"], command
        assert result["tiebreak"]["tied"] == [1, 2]  # Cy and Ben, by seat
    assert read_session(path).names == ("Cy", "Ben", "Ana")
    assert list((tmp_path / "trash").rglob("*.toml")), "the stale version went to the trash"


def test_a_current_record_is_never_rewritten(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    before = path.stat().st_mtime_ns, path.read_bytes()
    _run(tmp_path, "history", "list")
    _run(tmp_path, "stats")
    assert (path.stat().st_mtime_ns, path.read_bytes()) == before


def test_undo_after_a_hand_correction_is_not_the_records_refresh(tmp_path: Path) -> None:
    """The refresh only follows the hand edit; undoing it, the next read would refresh again.
    `undo` names the change before it (the save) and refuses it, as the file changed since."""
    path = _saved(tmp_path)
    text = path.read_text(encoding="utf-8")
    swapped = text.replace('name = "Ana"', "@").replace('name = "Cy"', 'name = "Ana"')
    path.write_text(swapped.replace("@", 'name = "Cy"'), encoding="utf-8")
    _run(tmp_path, "history", "list")
    refreshed = path.read_bytes()
    result = CliRunner().invoke(app, ["--home", str(tmp_path), "undo", "--yes"])
    assert result.exit_code == 2
    assert result.stdout.startswith("Last change (")
    assert f"save {path.stem} (1 file)" in result.stdout
    assert "was changed since; the change cannot be undone" in result.stderr
    assert path.read_bytes() == refreshed
