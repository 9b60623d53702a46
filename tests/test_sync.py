"""`scorekeeper sync`: data directories sharing one history through a bare git repository.

git runs with no user or system configuration, as on a fresh machine: commits still work.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from scorekeeper.cli import app
from scorekeeper.session import from_dict, to_dict
from scorekeeper.sync.fields import KeyConflict, Merged, merge, same

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
HUNGRY = SAMPLES / "hungry-family-night.toml"
FIRST_SNOW = SAMPLES / "first-snow-by-rounds.toml"
HAPPY_HOME = SAMPLES / "happy-home-perfect-fit.toml"
BTGA = SAMPLES / "before-the-guests-arrive-sunday.toml"


pytestmark = pytest.mark.usefixtures("fresh_git")  # conftest: git as on a fresh machine


def git(where: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(where), *args], capture_output=True, text=True, check=True
    ).stdout


def run(home: Path, *args: str) -> Result:
    return CliRunner().invoke(app, ["--home", str(home), *args], env={"COLUMNS": "200"})


def save(home: Path, sample: Path) -> Path:
    """Score a sample and save it as a new game; the new file."""
    before = set(home.glob("sessions/*.toml"))
    result = run(home, "score", "--from", str(sample), "--save")
    assert result.exit_code == 0, result.output
    (saved,) = set(home.glob("sessions/*.toml")) - before
    return saved


def sync(home: Path, *args: str, code: int = 0) -> str:
    result = run(home, "sync", *args)
    assert result.exit_code == code, result.output
    return result.stdout


def history(home: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((home / "sessions").glob("*.toml"))}


def stats(home: Path) -> str:
    result = run(home, "stats")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_three_tables_end_with_one_history_and_the_same_stats(tmp_path: Path, remote: Path) -> None:
    ana, ben, cy = (tmp_path / name for name in ("ana", "ben", "cy"))
    save(ana, HUNGRY)
    save(ana, FIRST_SNOW)
    save(ben, HAPPY_HOME)  # Ben kept his own history before joining the group
    url = str(remote)
    assert sync(ana, "--remote", url) == "Sent 2 games, received 0; 2 games in the history.\n"
    assert sync(ben, "--remote", url) == "Sent 1 game, received 2; 3 games in the history.\n"
    assert sync(cy, "--remote", url) == "Sent 0 games, received 3; 3 games in the history.\n"
    assert sync(ana) == "Sent 0 games, received 1; 3 games in the history.\n"
    assert history(ana) == history(ben) == history(cy)
    assert len(history(ana)) == 3
    assert stats(ana) == stats(ben) == stats(cy)
    assert "Happy Home" in stats(cy)  # Ben's game reached Cy
    assert sorted(git(remote, "log", "--format=%s", "main").splitlines()) == [
        "Add .gitignore",
        "Add 2 games",  # new games travel together; each is a line of the message
        "Happy Home 2026-11-21: Ana 40, Ben 34, Cy 33",
    ]
    messages = git(remote, "log", "--format=%B", "main")
    assert "First Snow 2026-11-28: Ana 51, Ben 51\n" in messages
    assert "Hungry 2026-11-27: Ana 16, Ben 16, Cy 15\n" in messages
    authors = set(git(remote, "log", "--format=%an <%ae>", "main").splitlines())
    assert len(authors) == 1 and authors.pop().startswith("scorekeeper on ")


def test_only_the_history_is_committed(tmp_path: Path, remote: Path) -> None:
    ana = tmp_path / "ana"
    save(ana, HUNGRY)
    for private in (
        "cache/plays.json",
        "drafts/score.toml",
        "remembered/colours.toml",
        "trash/2026-11-01-hungry-abcdef.toml",
        "sessions/.trash/2026-11-01-hungry-abcdef.toml",
        "sessions/.saving-x1y2.tmp",
        "sessions/.lock",
        ".lock",
        "notes.txt",
    ):
        (ana / private).parent.mkdir(parents=True, exist_ok=True)
        (ana / private).write_text("x = 1\n", encoding="utf-8")
    (ana / "series").mkdir()
    (ana / "series" / "winter.toml").write_text('name = "winter"\n', encoding="utf-8")
    (ana / "catalogue.toml").write_text("", encoding="utf-8")
    sync(ana, "--remote", str(remote))
    shared = git(remote, "ls-tree", "-r", "--name-only", "main").split()
    (session,) = history(ana)
    assert shared == [".gitignore", "catalogue.toml", "series/winter.toml", f"sessions/{session}"]
    assert git(ana, "status", "--porcelain") == ""


def test_a_gitignore_of_the_users_own_is_left_alone(tmp_path: Path, remote: Path) -> None:
    ana = tmp_path / "ana"
    save(ana, HUNGRY)
    (ana / ".gitignore").write_text("cache/\n", encoding="utf-8")
    sync(ana, "--remote", str(remote))
    assert (ana / ".gitignore").read_text(encoding="utf-8") == "cache/\n"


def test_concurrent_changes_on_both_sides_all_arrive(tmp_path: Path, remote: Path) -> None:
    ana, ben = tmp_path / "ana", tmp_path / "ben"
    hungry = save(ana, HUNGRY)
    snow = save(ana, FIRST_SNOW)
    sync(ana, "--remote", str(remote))
    sync(ben, "--remote", str(remote))
    # Both play and correct at the same time: Ana a location in one file, Ben in another.
    _replace(ana / "sessions" / hungry.name, 'location = "Kitchen table"', 'location = "Cafe"')
    save(ana, BTGA)
    _replace(ben / "sessions" / snow.name, 'location = "Cabin porch"', 'location = "Cabin"')
    save(ben, HAPPY_HOME)
    assert sync(ben) == "Sent 1 game and 1 other change, received 0; 3 games in the history.\n"
    assert sync(ana) == (
        "Sent 1 game and 1 other change, received 1 and 1 other change; 4 games in the history.\n"
    )
    assert sync(ben) == "Sent 0 games, received 1 and 1 other change; 4 games in the history.\n"
    assert history(ana) == history(ben)
    assert 'location = "Cafe"' in (ben / "sessions" / hungry.name).read_text(encoding="utf-8")
    assert 'location = "Cabin"' in (ana / "sessions" / snow.name).read_text(encoding="utf-8")
    assert stats(ana) == stats(ben)
    edits = [s for s in git(ana, "log", "--format=%s").splitlines() if s.startswith("Edit")]
    assert sorted(edits) == [
        "Edit First Snow 2026-11-28: Ana 51, Ben 51",
        "Edit Hungry 2026-11-27: Ana 16, Ben 16, Cy 15",
    ]


def test_an_unreachable_remote_is_one_line_and_the_next_sync_sends_everything(
    tmp_path: Path, remote: Path
) -> None:
    ana = tmp_path / "ana"
    save(ana, HUNGRY)
    sync(ana, "--remote", str(remote))
    save(ana, FIRST_SNOW)
    save(ana, BTGA)
    before = history(ana)
    away = remote.rename(tmp_path / "away.git")  # the network is down
    result = run(ana, "sync")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"error: cannot reach {remote}: '{remote}' does not appear to be a git repository; "
        "nothing changed here, and the next `scorekeeper sync` sends everything\n"
    )
    assert history(ana) == before
    away.rename(remote)
    assert sync(ana) == "Sent 2 games, received 0; 3 games in the history.\n"
    assert len(git(remote, "ls-tree", "--name-only", "main", "sessions/").split()) == 3


def test_a_conflict_keeps_both_versions_and_leaves_a_clean_usable_tree(
    tmp_path: Path, remote: Path
) -> None:
    ana, ben = tmp_path / "ana", tmp_path / "ben"
    game = save(ana, HUNGRY).name
    sync(ana, "--remote", str(remote))
    sync(ben, "--remote", str(remote))
    _replace(ben / "sessions" / game, 'name = "Cy"', 'name = "Cyrus"')  # a rename...
    _replace(ana / "sessions" / game, 'name = "Cy"', 'name = "Cyd"')  # ...and an edit
    _replace(ana / "sessions" / game, 'location = "Kitchen table"', 'location = "Cafe"')
    save(ana, FIRST_SNOW)
    sync(ben)
    result = run(ana, "sync")
    assert result.exit_code == 1, result.output
    assert result.stdout == (
        "Sent 1 game and 1 other change, received 0 and 1 other change; 2 games in the history.\n"
    )
    conflict, settle = result.stderr.splitlines()
    (branch,) = git(ana, "for-each-ref", "--format=%(refname:short)", "refs/heads/conflict").split()
    commit = branch.rsplit("-", 1)[1]  # the kept commit, named in the branch and the message
    assert branch == f"conflict/{game.removesuffix('.toml')}-{commit}"
    assert git(ana, "rev-parse", branch).startswith(commit)
    file = f"sessions/{game}"
    assert conflict == (
        f"Conflict: {file}: players[3].name changed here and in the group. The group's values "
        f"are in place; yours are kept as commit {commit} on branch {branch}."
    )
    assert settle == (
        "  To settle: `scorekeeper sync --conflicts` shows both sides; "
        f"`scorekeeper sync --keep-mine {file}` or `--keep-group {file}` chooses one."
    )
    assert git(ana, "status", "--porcelain") == ""  # clean: no conflict markers, no rebase
    text = (ana / file).read_text(encoding="utf-8")
    assert 'name = "Cyrus"' in text and 'location = "Cafe"' in text  # Ana's other key went on
    assert 'name = "Cyd"' in git(ana, "show", f"{branch}:{file}")
    assert "Cyrus" in stats(ana)
    listed = run(ana, "sync", "--conflicts")
    assert (listed.exit_code, listed.stdout) == (
        0,
        f"{file} (yours on branch {branch}):\n"
        "  players[3].name: the group's 'Cyrus', yours 'Cyd'\n",
    )
    # Settled as the report says: Ana's name wins, as an edit undo can reverse, and reaches Ben.
    settled = run(ana, "sync", "--keep-mine", game)
    assert (settled.exit_code, settled.stdout) == (
        0,
        f"Settled {file}: your values kept; `scorekeeper sync` sends it.\n",
    )
    assert run(ana, "sync", "--conflicts").stdout == "No conflicts to settle.\n"
    text = (ana / file).read_text(encoding="utf-8")
    assert 'name = "Cyd"' in text and 'location = "Cafe"' in text
    assert 'winners = ["Ana"]' in text
    assert sync(ana) == "Sent 0 games and 1 other change, received 0; 2 games in the history.\n"
    sync(ben)
    assert history(ana) == history(ben)
    assert 'name = "Cyd"' in (ben / file).read_text(encoding="utf-8")


def test_a_conflict_settled_for_the_group_leaves_its_values(tmp_path: Path, remote: Path) -> None:
    ana, ben = tmp_path / "ana", tmp_path / "ben"
    game = save(ana, HUNGRY).name
    sync(ana, "--remote", str(remote))
    sync(ben, "--remote", str(remote))
    _replace(ben / "sessions" / game, 'notes = "', 'notes = "Ben: ')
    _replace(ana / "sessions" / game, 'notes = "', 'notes = "Ana: ')
    sync(ben)
    assert run(ana, "sync").exit_code == 1
    listed = run(ana, "sync", "--conflicts").stdout.splitlines()
    assert (
        listed[1] == '  notes: the group\'s "Ben: Cy\'s first game", yours "Ana: Cy\'s first game"'
    )
    settled = run(ana, "sync", "--keep-group", f"sessions/{game}")
    assert settled.stdout == f"Settled sessions/{game}: the group's values kept.\n"
    assert sync(ana) == "Sent 0 games, received 0; 1 game in the history.\n"
    assert history(ana) == history(ben)
    together = run(ana, "sync", "--conflicts", "--keep-group", game)
    assert (together.exit_code, together.stderr) == (
        2,
        "error: --conflicts and --keep-group cannot be used together\n",
    )
    missing = run(ana, "sync", "--keep-group", game)
    assert (missing.exit_code, missing.stderr) == (
        1,
        f"error: no conflict on {game!r} to settle; `scorekeeper sync --conflicts` lists them\n",
    )


def test_corrections_to_different_keys_of_one_game_merge(tmp_path: Path, remote: Path) -> None:
    """The location corrected on one laptop, the notes (the next line) on the other."""
    ana, ben = tmp_path / "ana", tmp_path / "ben"
    game = save(ana, HUNGRY).name
    sync(ana, "--remote", str(remote))
    sync(ben, "--remote", str(remote))
    _replace(ana / "sessions" / game, 'location = "Kitchen table"', 'location = "Cafe"')
    _replace(ben / "sessions" / game, 'notes = "Cy\'s first game"', 'notes = "Cy won a hotel"')
    assert sync(ana) == "Sent 0 games and 1 other change, received 0; 1 game in the history.\n"
    assert sync(ben) == (
        "Sent 0 games and 1 other change, received 0 and 1 other change; 1 game in the history.\n"
    )
    assert sync(ana) == "Sent 0 games, received 0 and 1 other change; 1 game in the history.\n"
    assert history(ana) == history(ben)
    text = (ana / "sessions" / game).read_text(encoding="utf-8")
    assert 'location = "Cafe"' in text and 'notes = "Cy won a hotel"' in text


def test_a_score_corrected_on_both_sides_in_different_seats_gets_its_result_again(
    tmp_path: Path, remote: Path
) -> None:
    """Both corrections change the stored result; merged, the result is derived again."""
    ana, ben = tmp_path / "ana", tmp_path / "ben"
    game = save(ana, HUNGRY).name
    sync(ana, "--remote", str(remote))
    sync(ben, "--remote", str(remote))
    # Ben's hotels corrected on one laptop, Cy's on the other (each still 16 tourists).
    _replace(ana / "sessions" / game, "red = 1\nyellow = 2", "red = 2\nyellow = 1")
    _replace(ben / "sessions" / game, "yellow = 3\ngreen = 0\nblue = 2\npurple = 0",
             "yellow = 1\ngreen = 0\nblue = 2\npurple = 2")  # fmt: skip
    results = [_stored(home / "sessions" / game)["result"] for home in (ana, ben)]
    sync(ana)
    result = run(ben, "sync")
    assert (result.exit_code, result.stderr) == (0, ""), result.output
    sync(ana)
    assert history(ana) == history(ben)
    merged = _stored(ana / "sessions" / game)
    players = merged["players"]
    assert (players[1]["hotels"]["red"], players[2]["hotels"]["purple"]) == (2, 2)
    session = from_dict(merged)
    assert merged["result"] == to_dict(session, session.score())["result"]
    assert merged["result"] not in results


def test_a_merged_game_keeps_the_comments_people_wrote(tmp_path: Path, remote: Path) -> None:
    """Corrections merged key by key, with the result derived again, keep the file's comments:
    the merged file is the text edited, not written anew."""
    ana, ben = tmp_path / "ana", tmp_path / "ben"
    game = save(ana, HUNGRY).name
    path = ana / "sessions" / game
    comments = ["# we read the rules out loud", "# Ben recounted", "  # she took a hotel"]
    text = path.read_text(encoding="utf-8")
    path.write_text(f"{comments[0]}\n{text}", encoding="utf-8")
    _replace(path, '\n[[players]]\nname = "Ben"', f'\n{comments[1]}\n[[players]]\nname = "Ben"')
    _replace(path, 'notes = "Cy\'s first game"', f'notes = "Cy\'s first game"{comments[2]}')
    sync(ana, "--remote", str(remote))
    sync(ben, "--remote", str(remote))
    _replace(ana / "sessions" / game, 'location = "Kitchen table"', 'location = "Cafe"')
    _replace(ben / "sessions" / game, "yellow = 3\ngreen = 0\nblue = 2\npurple = 0",
             "yellow = 1\ngreen = 0\nblue = 2\npurple = 2")  # fmt: skip
    stale = _stored(ben / "sessions" / game)["result"]
    sync(ana)
    sync(ben)
    sync(ana)
    assert history(ana) == history(ben)
    merged_text = (ben / "sessions" / game).read_text(encoding="utf-8")
    assert all(f"{comment}\n" in merged_text for comment in comments)
    merged = _stored(ben / "sessions" / game)
    assert merged["location"] == "Cafe"
    assert merged["players"][2]["hotels"]["purple"] == 2
    session = from_dict(merged)
    assert merged["result"] == to_dict(session, session.score())["result"] != stale


def _stored(path: Path) -> dict[str, Any]:
    import tomllib

    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("first", ["deleting", "editing"])
def test_an_edit_wins_over_a_removal_whoever_syncs_first(
    tmp_path: Path, remote: Path, first: str
) -> None:
    """Ana deletes a game that Cy corrected: the corrected game stays, on both laptops."""
    ana, cy = tmp_path / "ana", tmp_path / "cy"
    game = save(ana, HUNGRY).name
    save(ana, FIRST_SNOW)
    sync(ana, "--remote", str(remote))
    sync(cy, "--remote", str(remote))
    assert run(ana, "history", "delete", short(game)).exit_code == 0
    _replace(cy / "sessions" / game, 'location = "Kitchen table"', 'location = "Cafe"')
    order = [(ana, "removed here and edited in the group: the edited game is back"),
             (cy, "edited here and removed in the group: your edit is kept")]  # fmt: skip
    if first == "editing":
        order.reverse()
    (one, _), (two, note) = order
    assert run(one, "sync").exit_code == 0
    result = run(two, "sync")
    assert result.exit_code == 0, result.output
    assert result.stderr == f"Note: sessions/{game}: {note}.\n"
    sync(one)
    assert history(ana) == history(cy)
    assert 'location = "Cafe"' in (ana / "sessions" / game).read_text(encoding="utf-8")
    assert f"sessions/{game}" in git(remote, "ls-tree", "-r", "--name-only", "main")


def short(name: str) -> str:
    return name.removesuffix(".toml").rsplit("-", 1)[1]


def test_a_directory_never_shared_needs_a_remote_once(tmp_path: Path) -> None:
    result = run(tmp_path / "ana", "sync")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: {tmp_path / 'ana'} is not shared yet: run `scorekeeper sync --remote URL` "
        "once (URL: a git remote, or the path of a bare repository)\n"
    )
    assert not (tmp_path / "ana").exists()


def test_without_git_the_error_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    result = run(tmp_path / "ana", "sync", "--remote", str(tmp_path / "group.git"))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        "error: git is not installed (or not on PATH): `scorekeeper sync` shares the history "
        "with it; install git and run it again\n"
    )


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_remote_that_refuses_the_push_is_one_line(tmp_path: Path, remote: Path) -> None:
    ana = tmp_path / "ana"
    save(ana, HUNGRY)
    hook = remote / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho 'this repository is read-only' >&2\nexit 1\n")
    hook.chmod(0o755)
    result = run(ana, "sync", "--remote", str(remote))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"error: {remote} refused the changes: this repository is read-only; "
        "they are kept here, and the next `scorekeeper sync` sends them\n"
    )
    hook.unlink()
    assert sync(ana) == "Sent 1 game, received 0; 1 game in the history.\n"


def test_a_push_that_loses_a_race_is_replayed_and_sent_again(
    tmp_path: Path, remote: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.sync import Git

    ana, ben = tmp_path / "ana", tmp_path / "ben"
    save(ana, HUNGRY)
    sync(ana, "--remote", str(remote))
    sync(ben, "--remote", str(remote))
    save(ana, FIRST_SNOW)
    save(ben, HAPPY_HOME)
    real_run = Git.run
    pushes: list[Path] = []

    def ben_pushes_first(self: Git, *args: str, **options: Any) -> Any:
        if args[0] == "push" and self.home == ana and not pushes:
            pushes.append(ana)
            assert sync(ben) == "Sent 1 game, received 0; 2 games in the history.\n"
        return real_run(self, *args, **options)

    monkeypatch.setattr(Git, "run", ben_pushes_first)
    assert sync(ana) == "Sent 1 game, received 1; 3 games in the history.\n"
    assert pushes == [ana]
    sync(ben)
    assert history(ana) == history(ben)
    assert len(history(ana)) == 3


def test_a_repository_made_by_an_earlier_sync_is_still_shared(tmp_path: Path, remote: Path) -> None:
    """Earlier versions made no `scorekeeper.managed` mark: their .gitignore tells them apart."""
    from scorekeeper.sync.shared import EARLIER_GITIGNORES, GITIGNORE

    ana = tmp_path / "ana"
    save(ana, HUNGRY)
    git(tmp_path, "init", "-q", "-b", "main", str(ana))
    (ana / ".gitignore").write_text(EARLIER_GITIGNORES[0], encoding="utf-8")
    git(ana, "add", ".gitignore")
    git(ana, "-c", "user.name=Ana", "-c", "user.email=a@example.org", "commit", "-q", "-m", "x")
    assert sync(ana, "--remote", str(remote)) == "Sent 1 game, received 0; 1 game in the history.\n"
    assert git(ana, "config", "scorekeeper.managed") == "true\n"
    assert git(remote, "show", "main:.gitignore") == GITIGNORE  # brought up to date


# The key-by-key merge on its own -------------------------------------------------------

toml_values = st.recursive(
    st.one_of(st.integers(-3, 3), st.booleans(), st.text("ab", max_size=2)),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("xyz"), inner),
    max_leaves=6,
)
documents = st.dictionaries(st.sampled_from(["location", "notes", "players"]), toml_values)


@settings(max_examples=60)
@given(documents, documents)
def test_a_change_on_one_side_only_is_taken_whole(
    base: dict[str, Any], changed: dict[str, Any]
) -> None:
    assert merge(base, changed, base) == Merged(changed, ())
    assert merge(base, base, changed) == Merged(changed, ())


@settings(max_examples=60)
@given(documents, documents, documents)
def test_the_same_keys_conflict_whichever_side_is_preferred(
    base: dict[str, Any], group: dict[str, Any], mine: dict[str, Any]
) -> None:
    for_group, for_mine = merge(base, group, mine, "group"), merge(base, group, mine, "mine")
    assert [c.key for c in for_group.conflicts] == [c.key for c in for_mine.conflicts]
    assert same(merge(base, mine, group, "mine").document, for_group.document)


def test_keys_changed_apart_merge_and_one_key_changed_two_ways_conflicts() -> None:
    base = {"location": "Kitchen", "notes": "x", "players": [{"name": "Cy", "n": 1}]}
    group = {"location": "Cafe", "notes": "x", "players": [{"name": "Cyrus", "n": 1}]}
    mine = {"location": "Kitchen", "notes": "y", "players": [{"name": "Cyd", "n": 2}]}
    merged = merge(base, group, mine)
    assert merged.document == {
        "location": "Cafe",
        "notes": "y",
        "players": [{"name": "Cyrus", "n": 2}],
    }
    assert merged.conflicts == (KeyConflict("players[1].name", "Cyrus", "Cyd"),)
    assert merge(base, group, mine, "mine").document["players"] == [{"name": "Cyd", "n": 2}]
    assert merge({"a": 1}, {"a": True}, {"a": 1}).document == {"a": True}  # true is not 1


def test_sync_json_says_what_was_sent_and_received(tmp_path: Path, remote: Path) -> None:
    ana, ben = tmp_path / "ana", tmp_path / "ben"
    save(ana, HUNGRY)
    save(ana, FIRST_SNOW)
    sent = json.loads(sync(ana, "--remote", str(remote), "--json"))
    assert (sent["sent"], sent["received"], sent["games"], sent["conflicts"]) == (2, 0, 2, [])
    assert sent["remote"] == str(remote)
    received = json.loads(sync(ben, "--remote", str(remote), "--json"))
    assert (received["sent"], received["received"], received["games"]) == (0, 2, 2)
    assert set(received) == {
        "remote", "sent", "sent_other", "received", "received_other", "games", "conflicts",
        "kept", "unsettled", "renamed", "rename_conflicts",
    }  # fmt: skip


def test_a_long_first_sync_reads_no_file_the_play_cache_knows(tmp_path: Path, remote: Path) -> None:
    """A game saved by scorekeeper gets its score line from the play cache; a file copied in
    by hand, which no command has read yet, is named by its file rather than parsed."""
    ana = tmp_path / "ana"
    save(ana, HUNGRY)
    copied = ana / "sessions" / "2026-11-28-first-snow-by-hand.toml"
    copied.write_bytes(FIRST_SNOW.read_bytes())
    sync(ana, "--remote", str(remote))
    message = git(remote, "log", "--format=%B", "--grep=^Add 2 games", "main")
    assert "Hungry 2026-11-27: Ana 16, Ben 16, Cy 15\n" in message
    assert "sessions/2026-11-28-first-snow-by-hand.toml\n" in message


def test_a_relative_data_directory_syncs(
    tmp_path: Path, remote: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """git runs inside the data directory, so `--home ana` must not reach it as ana/ana."""
    save(tmp_path / "ana", HUNGRY)
    monkeypatch.chdir(tmp_path)
    assert sync(Path("ana"), "--remote", str(remote)) == (
        "Sent 1 game, received 0; 1 game in the history.\n"
    )
    assert git(remote, "log", "--format=%s", "main").splitlines()[0].startswith("Hungry ")
