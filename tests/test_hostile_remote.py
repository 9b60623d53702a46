"""A hostile group remote: each attack of issue #28, staged with plain git, fails safely.

Mallory can push anything to the group's bare repository. Whatever she pushes, a member's
`scorekeeper sync` runs no command, leaves `.git/config` as it was, reads and writes nothing
outside the data directory, sends nothing private, and loses no game. docs/sync.md's threat
model points at these tests.
"""

from __future__ import annotations

import hashlib
import json
import os
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
SHARES = "sessions/*.toml, series/*.toml, catalogue.toml, rulings.toml, renames.toml"


pytestmark = pytest.mark.usefixtures("fresh_git")  # conftest: git as on a fresh machine


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the data directories that no sync may read or write."""
    path = tmp_path / "outside"
    path.mkdir()
    (path / "secret.txt").write_text("not the group's\n", encoding="utf-8")
    return path


@pytest.fixture
def ana(tmp_path: Path, remote: Path) -> Path:
    """A member with one game, shared with the group."""
    home = tmp_path / "ana"
    save(home, HUNGRY)
    assert (
        sync(home, "--remote", str(remote)) == "Sent 1 game, received 0; 1 game in the history.\n"
    )
    return home


def git(where: Path, *args: str, stdin: str | None = None) -> str:
    identity = ("-c", "user.name=Mallory", "-c", "user.email=mallory@example.org")
    return subprocess.run(
        ["git", "-C", str(where), *identity, *args],
        capture_output=True,
        text=True,
        check=True,
        input=stdin,
    ).stdout


def run(home: Path, *args: str) -> Result:
    return CliRunner().invoke(app, ["--home", str(home), *args], env={"COLUMNS": "200"})


def save(home: Path, sample: Path) -> Path:
    before = set(home.glob("sessions/*.toml"))
    result = run(home, "score", "--from", str(sample), "--save")
    assert result.exit_code == 0, result.output
    (saved,) = set(home.glob("sessions/*.toml")) - before
    return saved


def sync(home: Path, *args: str) -> str:
    result = run(home, "sync", *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def mallory(tmp_path: Path, remote: Path) -> Path:
    """Mallory's own clone of the group's repository, where she stages her attack."""
    clone = tmp_path / "mallory"
    if not clone.exists():
        git(tmp_path, "clone", "-q", "-b", "main", str(remote), str(clone))
    return clone


def push(clone: Path, message: str = "nothing to see") -> None:
    git(clone, "add", "-A", "--force")
    git(clone, "commit", "-q", "--no-verify", "-m", message)
    git(clone, "push", "-q", "origin", "HEAD:main")


def refused(remote: Path, path: str, why: str) -> str:
    return (
        f"error: {remote}: refused the group's latest change: {path!r} is {why}; nothing of it "
        f"was taken (a group shares only {SHARES})\n"
    )


def snapshot(home: Path) -> dict[str, bytes]:
    """Every regular file and link under a folder, by name (links as their target)."""
    found: dict[str, bytes] = {}
    for path in sorted(home.rglob("*")):
        name = path.relative_to(home).as_posix()
        if name.startswith(".git/") and not name.startswith(".git/config"):
            continue
        if path.is_symlink():
            found[name] = b"-> " + str(path.readlink()).encode()
        elif path.is_file():
            found[name] = path.read_bytes()
    return found


def shared_names(remote: Path) -> list[str]:
    return git(remote, "ls-tree", "-r", "--name-only", "main").split("\n")[:-1]


# 1. Run a command ------------------------------------------------------------------------


def test_a_journal_from_the_remote_never_rewrites_git_config(
    tmp_path: Path, remote: Path, ana: Path
) -> None:
    """The attack: a journal that 'completes an interrupted change' by replacing .git/config
    with one whose core.fsmonitor runs a command on the next sync."""
    marker = tmp_path / "pwned"
    evil_config = f'[core]\n\tfsmonitor = "touch {marker}"\n'.encode()
    clone = mallory(tmp_path, remote)
    (clone / "sessions" / ".saving-aaaa.tmp").write_bytes(evil_config)
    step = {
        "op": "replace",
        "path": ".git/config",
        "new": "sessions/.saving-aaaa.tmp",
        "sha256": hashlib.sha256(evil_config).hexdigest(),
    }
    (clone / "journal.json").write_text(json.dumps({"journal": 1, "change": "x", "steps": [step]}))
    push(clone)
    config = (ana / ".git" / "config").read_bytes()
    before = snapshot(ana)

    result = run(ana, "sync")

    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == refused(remote, "journal.json", "not a file the group shares")
    assert snapshot(ana) == before
    save(ana, FIRST_SNOW)  # a writing command runs crash recovery: nothing to recover
    assert run(ana, "sync").exit_code == 1
    assert (ana / ".git" / "config").read_bytes() == config
    assert not marker.exists()


def test_a_journal_that_names_git_config_is_set_aside_not_followed(
    tmp_path: Path, ana: Path
) -> None:
    """The same journal planted in the data directory by any means: refused and set aside."""
    marker = tmp_path / "pwned"
    evil = f'[core]\n\tfsmonitor = "touch {marker}"\n'.encode()
    (ana / "sessions" / ".saving-aaaa.tmp").write_bytes(evil)
    step = {
        "op": "replace",
        "path": ".git/config",
        "new": "sessions/.saving-aaaa.tmp",
        "sha256": hashlib.sha256(evil).hexdigest(),
    }
    (ana / "journal.json").write_text(json.dumps({"journal": 1, "change": "x", "steps": [step]}))
    config = (ana / ".git" / "config").read_bytes()

    result = run(ana, "score", "--from", str(FIRST_SNOW), "--save")

    assert result.exit_code == 0, result.output
    (aside,) = ana.glob("journal.json.damaged-*")
    assert result.stderr.startswith(
        f"note: {ana / 'journal.json'}: an interrupted change could not be read (not a file a "
        f"change may touch: '.git/config'); it was moved to {aside}"
    )
    assert (ana / ".git" / "config").read_bytes() == config
    assert sync(ana) == "Sent 1 game, received 0; 2 games in the history.\n"
    assert not marker.exists()


@pytest.mark.parametrize(
    "step",
    [
        {"op": "remove", "path": "cache/plays.json"},
        {"op": "remove", "path": "drafts/score.toml"},
        {"op": "remove", "path": ".lock"},
        {"op": "remove", "path": "sessions/../journal.json"},
        {"op": "replace", "path": "sessions/a.toml", "new": "series/.saving-a.tmp"},
        {"op": "replace", "path": "sessions/a.toml", "new": "sessions/evil.toml"},
    ],
    ids=["cache", "drafts", "lock", "dot-dot", "staged-elsewhere", "staged-not-temporary"],
)
def test_a_journal_names_only_files_a_change_may_touch(
    tmp_path: Path, step: dict[str, str]
) -> None:
    home = tmp_path / "home"
    save(home, HUNGRY)
    (home / "drafts").mkdir()
    (home / "drafts" / "score.toml").write_text("x = 1\n", encoding="utf-8")
    (home / "sessions" / "a.toml").write_bytes(HUNGRY.read_bytes())
    (home / "journal.json").write_text(json.dumps({"journal": 1, "change": "x", "steps": [step]}))
    result = run(home, "score", "--from", str(FIRST_SNOW), "--save")
    assert result.exit_code == 0, result.output
    assert "an interrupted change could not be read" in result.stderr
    assert list(home.glob("journal.json.damaged-*"))
    assert (home / "drafts" / "score.toml").read_text(encoding="utf-8") == "x = 1\n"
    assert (home / "sessions" / "a.toml").read_bytes() == HUNGRY.read_bytes()
    assert (home / "cache" / "plays.json").exists() and (home / ".lock").exists()


def test_a_journal_that_acts_through_a_linked_folder_is_set_aside(
    tmp_path: Path, outside: Path
) -> None:
    """The lock already refuses linked folders; the journal checks every folder on its own."""
    home = tmp_path / "home"
    save(home, HUNGRY)
    (home / "kept").symlink_to(outside)
    step = {"op": "remove", "path": "kept/secret.txt"}
    (home / "journal.json").write_text(json.dumps({"journal": 1, "change": "x", "steps": [step]}))
    from scorekeeper.storage.journal import recover

    recover(home)
    assert (outside / "secret.txt").read_text(encoding="utf-8") == "not the group's\n"
    assert list(home.glob("journal.json.damaged-*"))


@pytest.mark.parametrize("kind", ["fifo", "directory", "link"])
def test_a_journal_that_is_not_a_regular_file_is_set_aside_and_writers_go_on(
    tmp_path: Path, outside: Path, kind: str
) -> None:
    home = tmp_path / "home"
    save(home, HUNGRY)
    journal = home / "journal.json"
    if kind == "fifo":
        os.mkfifo(journal)
    elif kind == "directory":
        journal.mkdir()
    else:
        journal.symlink_to(outside / "secret.txt")
    result = run(home, "score", "--from", str(FIRST_SNOW), "--save")
    assert result.exit_code == 0, result.output
    (aside,) = home.glob("journal.json.damaged-*")
    assert result.stderr.startswith(
        f"note: {journal}: an interrupted change could not be read (not a regular file); it "
        f"was moved to {aside}"
    )
    assert len(list(home.glob("sessions/*.toml"))) == 2
    assert (outside / "secret.txt").read_text(encoding="utf-8") == "not the group's\n"


def test_sync_runs_no_hook_and_no_fsmonitor_even_when_configured(
    tmp_path: Path, remote: Path, ana: Path
) -> None:
    """Defence in depth: were .git/config or .git/hooks ever changed, sync still runs none."""
    marker = tmp_path / "pwned"
    git(ana, "config", "core.fsmonitor", f"touch {marker}-fsmonitor")
    hooks = ana / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    for hook in ("pre-commit", "post-commit", "post-checkout", "pre-push", "post-rewrite",
                 "reference-transaction", "pre-rebase", "post-merge"):  # fmt: skip
        (hooks / hook).write_text(f"#!/bin/sh\ntouch {marker}-{hook}\n")
        (hooks / hook).chmod(0o755)
    clone = mallory(tmp_path, remote)
    (clone / "sessions" / "ben.toml").write_bytes(HAPPY_HOME.read_bytes())
    push(clone)
    save(ana, FIRST_SNOW)
    assert sync(ana) == "Sent 1 game, received 1; 3 games in the history.\n"
    assert list(tmp_path.glob("pwned*")) == []


def test_an_ext_url_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    home = tmp_path / "home"
    save(home, HUNGRY)
    result = run(home, "sync", "--remote", f"ext::sh -c touch% {marker}")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.startswith(f"error: cannot reach ext::sh -c touch% {marker}: ")
    assert not marker.exists()


# 2. Read and write outside the data directory --------------------------------------------


@pytest.mark.parametrize("name", ["sessions", "cache", "trash", ".lock", "series"])
def test_a_linked_folder_from_the_remote_is_refused(
    tmp_path: Path, remote: Path, ana: Path, outside: Path, name: str
) -> None:
    clone = mallory(tmp_path, remote)
    if name == "sessions":
        git(clone, "rm", "-q", "-r", "sessions")
    (clone / name).symlink_to(outside)
    push(clone)
    before = snapshot(ana)
    result = run(ana, "sync")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == refused(remote, name, "a symbolic link")
    assert snapshot(ana) == before
    save(ana, FIRST_SNOW)
    assert snapshot(outside) == {"secret.txt": b"not the group's\n"}


def test_a_session_file_that_links_outside_is_refused(
    tmp_path: Path, remote: Path, ana: Path, outside: Path
) -> None:
    clone = mallory(tmp_path, remote)
    (clone / "sessions" / "zz.toml").symlink_to(outside / "secret.txt")
    push(clone)
    result = run(ana, "sync")
    assert result.stderr == refused(remote, "sessions/zz.toml", "a symbolic link")
    assert not os.path.lexists(ana / "sessions" / "zz.toml")


def test_a_submodule_and_other_paths_are_refused(tmp_path: Path, remote: Path, ana: Path) -> None:
    clone = mallory(tmp_path, remote)
    head = git(clone, "rev-parse", "HEAD").strip()
    git(clone, "update-index", "--add", "--cacheinfo", f"160000,{head},sessions/sub")
    git(clone, "commit", "-q", "-m", "a submodule")
    git(clone, "push", "-q", "origin", "HEAD:main")
    result = run(ana, "sync")
    assert result.stderr == refused(remote, "sessions/sub", "a submodule")
    git(clone, "rm", "-q", "--cached", "sessions/sub")
    (clone / ".gitattributes").write_text("*.toml filter=evil\n")
    push(clone)
    result = run(ana, "sync")
    assert result.stderr == refused(remote, ".gitattributes", "not a file the group shares")


def test_a_huge_file_is_refused_before_it_is_checked_out(
    tmp_path: Path, remote: Path, ana: Path
) -> None:
    clone = mallory(tmp_path, remote)
    (clone / "sessions" / "huge.toml").write_bytes(b"#" * (1 << 20 | 1))
    push(clone)
    result = run(ana, "sync")
    assert result.stderr == refused(remote, "sessions/huge.toml", "larger than 1 MB")
    assert not (ana / "sessions" / "huge.toml").exists()


def test_a_data_folder_that_is_a_link_is_never_written_through(
    tmp_path: Path, outside: Path
) -> None:
    """What an older sync may have left behind: the lock refuses to change anything."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "sessions").symlink_to(outside)
    result = run(home, "score", "--from", str(HUNGRY), "--save")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: {home / 'sessions'}: a link to {str(outside)!r}, not a folder; scorekeeper "
        "changes nothing through a link: put the folder itself in the data directory\n"
    )
    assert snapshot(outside) == {"secret.txt": b"not the group's\n"}


def test_a_lock_file_that_is_a_link_is_set_aside(tmp_path: Path, outside: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / ".lock").symlink_to(outside / "made-by-lock")
    result = run(home, "score", "--from", str(HUNGRY), "--save")
    assert result.exit_code == 0, result.output
    assert "was a link, not scorekeeper's lock file" in result.stderr
    assert snapshot(outside) == {"secret.txt": b"not the group's\n"}


# 3. Pull private files out ---------------------------------------------------------------


def test_a_gitignore_from_the_remote_is_refused_unless_it_is_ours(
    tmp_path: Path, remote: Path, ana: Path
) -> None:
    clone = mallory(tmp_path, remote)
    (clone / ".gitignore").write_text("!*\n", encoding="utf-8")
    push(clone)
    before = snapshot(ana)
    result = run(ana, "sync")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == refused(remote, ".gitignore", "a .gitignore scorekeeper did not write")
    assert snapshot(ana) == before


def test_private_files_are_never_sent_whatever_any_gitignore_says(
    tmp_path: Path, remote: Path, ana: Path
) -> None:
    (ana / ".git" / "info").mkdir(exist_ok=True)
    (ana / ".git" / "info" / "exclude").write_text("!*\n!.*\n", encoding="utf-8")
    (ana / "sessions" / ".gitignore").write_text("!*\n", encoding="utf-8")
    private = [
        "cache/plays.json",
        "drafts/score.toml",
        "remembered/colours.toml",
        "trash/2026-11-01-hungry-abcdef.toml",
        "kept/1-x.toml",
        "changes.jsonl",
        "journal.json.damaged-x",
        "sessions/.saving-x1y2.tmp",
        "sessions/notes.txt",
        "sessions/sub/deep.toml",
        "secret.env",
    ]
    for name in private:
        (ana / name).parent.mkdir(parents=True, exist_ok=True)
        (ana / name).write_text("x = 1\n", encoding="utf-8")
    snow = save(ana, FIRST_SNOW)
    assert sync(ana) == "Sent 1 game, received 0; 2 games in the history.\n"
    (hungry,) = {p.name for p in (ana / "sessions").glob("*.toml")} - {snow.name}
    assert shared_names(remote) == [
        ".gitignore",
        f"sessions/{hungry}",
        f"sessions/{snow.name}",
    ]


def test_a_gitignore_edited_by_hand_is_never_shared(remote: Path, ana: Path) -> None:
    ignore = ana / ".gitignore"
    ignore.write_text("!*\n", encoding="utf-8")
    save(ana, FIRST_SNOW)
    result = run(ana, "sync")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"error: {ignore}: not the .gitignore scorekeeper wrote, which the group shares; put "
        "your own patterns in .git/info/exclude, remove the file and run `scorekeeper sync` "
        "again\n"
    )
    assert len(shared_names(remote)) == 2
    ignore.unlink()
    assert sync(ana) == "Sent 1 game, received 0; 2 games in the history.\n"
    assert len(shared_names(remote)) == 3


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_gitignore_that_is_not_a_file_is_one_line_not_a_hang(
    tmp_path: Path, ana: Path, kind: str
) -> None:
    ignore = ana / ".gitignore"
    ignore.unlink()
    if kind == "fifo":
        os.mkfifo(ignore)
    else:
        ignore.symlink_to("/dev/zero")
    result = run(ana, "sync")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"error: {ignore}: not a regular file, and git would read it; remove it and run "
        "`scorekeeper sync` again\n"
    )


def test_someone_elses_repository_is_never_taken_over(tmp_path: Path, remote: Path) -> None:
    theirs = tmp_path / "theirs.git"
    git(tmp_path, "init", "-q", "--bare", str(theirs))
    project = tmp_path / "project"
    git(tmp_path, "init", "-q", str(project))
    (project / "code.py").write_text("print('hello')\n")
    git(project, "add", "code.py")
    git(project, "commit", "-q", "-m", "start")
    git(project, "remote", "add", "origin", str(theirs))
    (project / "code.py").write_text("print('changed')\n")
    (project / "secret.env").write_text("TOKEN=x\n")
    save(project, HUNGRY)
    config = (project / ".git" / "config").read_bytes()

    result = run(project, "sync", "--remote", str(remote))

    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"error: {project} is a git repository that `scorekeeper sync` did not make: sync "
        "never shares another's repository or changes its remote; use a data directory of "
        "its own (--home)\n"
    )
    assert (project / ".git" / "config").read_bytes() == config
    assert git(remote, "for-each-ref") == ""
    assert git(project, "log", "--format=%s") == "start\n"


def test_a_data_directory_inside_someone_elses_repository_is_refused(
    tmp_path: Path, remote: Path
) -> None:
    project = tmp_path / "project"
    git(tmp_path, "init", "-q", str(project))
    home = project / "data"
    save(home, HUNGRY)
    result = run(home, "sync", "--remote", str(remote))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"error: {home} is inside the git repository {project}: `scorekeeper sync` keeps a "
        "repository of its own and never shares another's; choose a data directory outside "
        "it (--home)\n"
    )
    assert not (home / ".git").exists()
    assert git(remote, "for-each-ref") == ""


# 4. Hide games ---------------------------------------------------------------------------


def hand_named(home: Path, name: str, sample: Path, note: str) -> Path:
    """A session file saved under a name of the user's choosing (by hand, or by a tool)."""
    path = home / "sessions" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = sample.read_text(encoding="utf-8")
    path.write_text(text.replace('notes = "', f'notes = "{note} ', 1), encoding="utf-8")
    return path


def test_a_conflict_on_one_new_file_keeps_every_other_new_game(
    tmp_path: Path, remote: Path, ana: Path
) -> None:
    ben = tmp_path / "ben"
    sync(ben, "--remote", str(remote))
    hand_named(ben, "friday.toml", HUNGRY, "Ben's")
    assert sync(ben) == "Sent 1 game, received 0; 2 games in the history.\n"
    hand_named(ana, "friday.toml", HUNGRY, "Ana's")
    snow, btga = save(ana, FIRST_SNOW), save(ana, BTGA)

    result = run(ana, "sync")

    assert result.exit_code == 1, result.output
    assert result.stdout == "Sent 2 games, received 0 and 1 other change; 4 games in the history.\n"
    assert result.stderr.startswith("Conflict: sessions/friday.toml changed here and in the group.")
    names = shared_names(remote)
    assert f"sessions/{snow.name}" in names and f"sessions/{btga.name}" in names
    assert "Ben's" in (ana / "sessions" / "friday.toml").read_text(encoding="utf-8")
    assert git(ana, "status", "--porcelain") == ""
    (branch,) = git(ana, "for-each-ref", "--format=%(refname:short)", "refs/heads/conflict").split()
    assert "Ana's" in git(ana, "show", f"{branch}:sessions/friday.toml")
    listed = run(ana, "sync", "--conflicts")
    assert listed.stdout == (
        f"sessions/friday.toml (yours on branch {branch}):\n"
        f"  the whole file: compare with `git -C {ana} diff HEAD {branch} -- "
        "sessions/friday.toml`\n"
    )


def test_a_conflict_inside_a_batch_of_new_games_costs_only_that_file(
    tmp_path: Path, remote: Path, ana: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ben sends friday.toml between Ana's fetch and her push: her commit of three new games
    was made before she could know, and only friday.toml of it steps aside."""
    from scorekeeper.sync import Git

    ben = tmp_path / "ben"
    sync(ben, "--remote", str(remote))
    hand_named(ana, "friday.toml", HUNGRY, "Ana's")
    snow, btga = save(ana, FIRST_SNOW), save(ana, BTGA)
    real_run = Git.run
    raced: list[bool] = []

    def ben_first(self: Git, *args: str, **options: Any) -> Any:
        if args[0] == "push" and self.home == ana and not raced:
            raced.append(True)
            hand_named(ben, "friday.toml", HUNGRY, "Ben's")
            assert sync(ben) == "Sent 1 game, received 0; 2 games in the history.\n"
        return real_run(self, *args, **options)

    monkeypatch.setattr(Git, "run", ben_first)
    result = run(ana, "sync")
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Conflict: sessions/friday.toml changed here and in the group.")
    names = shared_names(remote)
    assert {f"sessions/{snow.name}", f"sessions/{btga.name}"} <= set(names)
    assert "Ben's" in git(remote, "show", "main:sessions/friday.toml")
    assert git(ana, "status", "--porcelain") == ""


# 5. Break sync for good ------------------------------------------------------------------


def test_a_conflict_on_a_name_with_a_space_is_clean_and_the_next_sync_runs(
    tmp_path: Path, remote: Path, ana: Path
) -> None:
    ben = tmp_path / "ben"
    sync(ben, "--remote", str(remote))
    hand_named(ben, "friday night.toml", HUNGRY, "Ben's")
    sync(ben)
    mine = hand_named(ana, "friday night.toml", HUNGRY, "Ana's")
    result = run(ana, "sync")
    assert result.exit_code == 1, result.output
    (branch,) = git(ana, "for-each-ref", "--format=%(refname:short)", "refs/heads/conflict").split()
    assert branch == "conflict/friday-night-" + git(ana, "rev-parse", "--short=7", branch).strip()
    assert "<<<<<<<" not in mine.read_text(encoding="utf-8")
    assert "Ben's" in mine.read_text(encoding="utf-8")
    assert not (ana / ".git" / "rebase-merge").exists()
    assert git(ana, "status", "--porcelain") == ""
    again = run(ana, "sync")
    assert (again.exit_code, again.stdout) == (
        0,
        "Sent 0 games, received 0; 2 games in the history.\n",
    )


def test_a_nul_in_a_name_is_escaped_in_the_commit_and_the_games_are_sent(
    tmp_path: Path, remote: Path, ana: Path
) -> None:
    text = HUNGRY.read_text(encoding="utf-8").replace('name = "Cy"', 'name = "C\\u0000y\\nZ"')
    (ana / "sessions" / "nul.toml").write_text(text, encoding="utf-8")
    save(ana, FIRST_SNOW)
    assert sync(ana) == "Sent 2 games, received 0; 3 games in the history.\n"
    message = git(remote, "log", "-1", "--format=%B", "main")
    assert "Hungry 2026-11-27: Ana 16, Ben 16, C\\x00y\\x0aZ 15\n" in message
    assert "sessions/nul.toml" in shared_names(remote)


def test_a_git_that_hangs_is_stopped(
    tmp_path: Path, ana: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from scorekeeper.sync import git as runner

    real = shutil.which("git")
    fake = tmp_path / "bin" / "git"
    fake.parent.mkdir()
    fake.write_text(
        f'#!/bin/sh\nfor a in "$@"; do [ "$a" = fetch ] && exec sleep 30; done\nexec {real} "$@"\n'
    )
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(runner, "TIMEOUT", 0.5)
    save(ana, FIRST_SNOW)
    result = run(ana, "sync")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        "error: git fetch did not finish within 0.5 seconds and was stopped; run "
        "`scorekeeper sync` again\n"
    )


def test_a_replay_that_fails_part_way_leaves_the_repository_as_it_was(
    tmp_path: Path, remote: Path, ana: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.sync import Git, SyncError

    ben = tmp_path / "ben"
    sync(ben, "--remote", str(remote))
    hand_named(ben, "friday.toml", HUNGRY, "Ben's")
    sync(ben)
    mine = hand_named(ana, "friday.toml", HUNGRY, "Ana's")
    real_run = Git.run

    def fails_mid_replay(self: Git, *args: str, **options: Any) -> Any:
        if args[0] == "branch":  # the conflict is being kept: git dies here
            raise SyncError("git branch did not finish")
        return real_run(self, *args, **options)

    monkeypatch.setattr(Git, "run", fails_mid_replay)
    result = run(ana, "sync")
    assert (result.exit_code, result.stderr) == (1, "error: git branch did not finish\n")
    assert not (ana / ".git" / "rebase-merge").exists()
    assert "Ana's" in mine.read_text(encoding="utf-8")
    assert git(ana, "status", "--porcelain") == ""
    monkeypatch.setattr(Git, "run", real_run)
    assert run(ana, "sync").exit_code == 1  # the conflict, now kept as it should be
    assert "Ben's" in mine.read_text(encoding="utf-8")


# Names and sizes (item 5): what the same probe found, through the remote or locally -------


def test_a_long_file_name_from_the_remote_does_not_squeeze_the_history_list(
    tmp_path: Path, remote: Path, ana: Path
) -> None:
    clone = mallory(tmp_path, remote)
    (clone / "sessions" / f"{'x' * 240}.toml").write_bytes(FIRST_SNOW.read_bytes())
    push(clone)
    assert sync(ana) == "Sent 0 games, received 1; 2 games in the history.\n"
    result = CliRunner().invoke(app, ["--home", str(ana), "history", "list"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    rows = result.stdout.splitlines()
    (hungry,) = [row for row in rows if "Hungry" in row]
    assert "│ 2026-11-27 20:15 │ Hungry     │ Ana    │ Ana 16, Ben 16," in hungry
    assert sum("x" * 16 in row for row in rows) == 15  # the long id folds, whole


def test_a_rename_refuses_invisible_characters(tmp_path: Path) -> None:
    home = tmp_path / "home"
    save(home, HUNGRY)
    for new, shown in (("B\x01en", "B\\x01en"), ("Be\u202en", "Be\\u202en")):
        result = run(home, "players", "rename", "Ben", new)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == (
            "error: key 'name': expected visible characters only (no control or format "
            f"characters), got '{shown}'\n"
        )
    assert "Ben" in run(home, "players").stdout


def test_a_restore_never_overfills_a_series(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "series", "new", "duo", "--games", "2").exit_code == 0
    for sample in (HUNGRY, FIRST_SNOW):
        result = run(home, "score", "--from", str(sample), "--save", "--series", "duo")
        assert result.exit_code == 0, result.output
    (hungry,) = home.glob("sessions/*hungry*.toml")
    game = hungry.stem.rsplit("-", 1)[1]
    assert run(home, "history", "delete", game).exit_code == 0
    result = run(home, "score", "--from", str(HAPPY_HOME), "--save", "--series", "duo")
    assert result.exit_code == 0, result.output
    result = run(home, "history", "restore", game)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: cannot restore {game}: series 'duo' is complete (2 games); start a new one "
        "with `scorekeeper series new`\n"
    )
    assert not hungry.exists()
    assert len(list(home.glob("trash/*.toml"))) == 1
