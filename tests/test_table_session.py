"""The table session as a library object: the draft it holds open, resumes, rescues and
finishes, its remembered answers, and saving into the history, without a terminal."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from scorekeeper.storage.documents import draft_path, recall, save_draft
from scorekeeper.storage.session_files import read_session
from scorekeeper.storage.sessions import sessions_dir
from scorekeeper.walkthrough.draft import KIND, Draft
from scorekeeper.walkthrough.table import TableSession, rescue_home

SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "hungry-family-night.toml"
STARTED = datetime(2026, 11, 30, 20, 15)


def test_one_walk_through_holds_the_data_directory_at_a_time(tmp_path: Path) -> None:
    with TableSession.open(tmp_path, print) as first:
        assert first is not None
        with TableSession.open(tmp_path, print) as second:
            assert second is None
    with TableSession.open(tmp_path, print) as again:
        assert again is not None


def test_a_kept_draft_is_offered_a_damaged_one_set_aside_with_a_warning(tmp_path: Path) -> None:
    draft = Draft(STARTED, {"game": "hungry", "players": [{"name": "Ana"}]})
    save_draft(tmp_path, KIND, draft.to_dict())
    with TableSession.open(tmp_path, print) as table:
        assert table is not None
        assert table.kept_draft() == (draft, "", "")
        save_draft(tmp_path, KIND, {"draft": 99})
        kept, warning, note = table.kept_draft()
    assert kept is None and note == ""
    assert warning.startswith(f"{draft_path(tmp_path, KIND)}: draft format 99 is not 2")
    assert not draft_path(tmp_path, KIND).exists()


def test_a_draft_rescued_from_a_full_disk_comes_home(tmp_path: Path) -> None:
    draft = Draft(STARTED, {"game": "hungry", "players": [{"name": "Ana"}]})
    save_draft(rescue_home(tmp_path), KIND, draft.to_dict())
    with TableSession.open(tmp_path, print) as table:
        assert table is not None
        assert table.kept_draft()[0] == draft
    assert draft_path(tmp_path, KIND).exists()
    assert not draft_path(rescue_home(tmp_path), KIND).exists()


def test_saving_joins_the_series_marks_the_draft_and_finishing_removes_it(
    tmp_path: Path,
) -> None:
    session = read_session(SAMPLE)
    with TableSession.open(tmp_path, print) as table:
        assert table is not None
        table.series = "rematch"
        table.draft = Draft(STARTED, {"game": "hungry", "walk": {"remember": {"x": 1}}})
        path = table.save(session, session.score())
        assert table.saved_as == path and path.parent == sessions_dir(tmp_path)
        assert table.draft.answers["walk"]["saved_as"] == path.name
        assert draft_path(tmp_path, KIND).exists()  # kept just before the save
        assert table.finish(saved=True) is None
    assert read_session(path).series == "rematch"
    assert not draft_path(tmp_path, KIND).exists()
    assert recall(tmp_path, "hungry") == {"x": 1}


def test_an_unsaved_game_is_set_aside_and_the_sharing_answer_remembered(tmp_path: Path) -> None:
    with TableSession.open(tmp_path, print) as table:
        assert table is not None
        table.draft = Draft(STARTED, {"game": "hungry"})
        table.keep(table.draft)
        aside = table.finish(saved=False)
        assert aside is not None and aside.name.startswith("score.toml.dropped-")
        assert table.sharing() is False
        table.remember_sharing(True)
    with TableSession.open(tmp_path, print) as table:
        assert table is not None and table.sharing() is True


def test_starting_puts_a_draft_aside_or_refuses_a_resume_it_cannot_make(tmp_path: Path) -> None:
    import pytest

    from scorekeeper.errors import InputError

    save_draft(tmp_path, KIND, Draft(STARTED, {"game": "hungry"}).to_dict())
    told: list[str] = []
    with TableSession.open(tmp_path, print) as table:
        assert table is not None
        with pytest.raises(InputError, match="the unfinished walk-through is 'hungry', not 'x'"):
            table.start("x", discard=False, resume=True, tell=told.append, warn=told.append)
        assert (
            table.start(None, discard=True, resume=False, tell=told.append, warn=told.append)
            is None
        )
        with pytest.raises(InputError, match="no unfinished walk-through to resume"):
            table.start(None, discard=False, resume=True, tell=told.append, warn=told.append)
    assert told[0].startswith("The unfinished walk-through was put aside as ")
    assert len(told) == 1
