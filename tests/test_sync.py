"""`scorekeeper sync`: data directories sharing one history through a bare git repository.

git runs with no user or system configuration, as on a fresh machine: commits still work.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from scorekeeper.cli import app

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
HUNGRY = SAMPLES / "hungry-family-night.toml"
FIRST_SNOW = SAMPLES / "first-snow-by-rounds.toml"
HAPPY_HOME = SAMPLES / "happy-home-perfect-fit.toml"
BTGA = SAMPLES / "before-the-guests-arrive-sunday.toml"


@pytest.fixture(autouse=True)
def fresh_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No ~/.gitconfig and no /etc/gitconfig: no name, no e-mail, git's own defaults."""
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "no-gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "EMAIL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def remote(tmp_path: Path) -> Path:
    path = tmp_path / "group.git"
    git(tmp_path, "init", "-q", "--bare", str(path))
    return path


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
    save(ana, FIRST_SNOW)
    sync(ben)
    result = run(ana, "sync")
    assert result.exit_code == 1, result.output
    (first,) = result.stdout.splitlines()
    conflict, settle = result.stderr.splitlines()
    assert first == "Sent 1 game, received 0 and 1 other change; 2 games in the history."
    commit = git(ana, "log", "--format=%h", "-1", "--all", "--grep=^Edit").strip()
    branch = f"conflict/{game.removesuffix('.toml')}-{commit}"
    file = f"sessions/{game}"
    assert conflict == (
        f"Conflict: {file} changed here and in the group. The group's version is in place; "
        f"yours is kept as commit {commit} on branch {branch}."
    )
    assert settle == (
        f"  To settle: compare with `git -C {ana} diff HEAD {branch} -- {file}`; edit the file "
        f"to what it should be (or take yours with `git -C {ana} checkout {branch} -- {file}`), "
        f"run `scorekeeper sync`, then `git -C {ana} branch -D {branch}`."
    )
    assert git(ana, "status", "--porcelain") == ""  # clean: no conflict markers, no rebase
    assert 'name = "Cyrus"' in (ana / file).read_text(encoding="utf-8")
    assert 'name = "Cyd"' in git(ana, "show", f"{branch}:{file}")
    assert "Cyrus" in stats(ana)
    # Settled the way the report says: Ana's version wins, and reaches Ben.
    git(ana, "checkout", branch, "--", file)
    result = run(ana, "sync")
    assert (result.exit_code, result.stdout) == (
        0,
        "Sent 0 games and 1 other change, received 0; 2 games in the history.\n",
    )
    assert result.stderr == (
        f"Still to settle from an earlier sync: {branch} (delete a branch once settled: "
        f"`git -C {ana} branch -D BRANCH`).\n"
    )
    git(ana, "branch", "-D", branch)
    assert sync(ana) == "Sent 0 games, received 0; 2 games in the history.\n"
    sync(ben)
    assert history(ana) == history(ben)
    assert 'name = "Cyd"' in (ben / file).read_text(encoding="utf-8")


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
