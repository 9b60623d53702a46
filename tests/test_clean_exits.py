"""Every way a command can end badly ends with one line and a non-zero exit, no traceback
(a closed pipe, which is no error, with the exit status alone)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "sample_sessions" / "hungry-family-night.toml"


def scorekeeper(*args: str, **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "scorekeeper", *args],
        capture_output="stdout" not in options,
        stderr=subprocess.PIPE if "stdout" in options else None,
        text=True,
        timeout=60,
        **options,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["games"], ["score", "--from", str(SAMPLE)]])
def test_a_full_output_device_is_one_error_line(args: list[str]) -> None:
    with Path("/dev/full").open("w") as full:
        result = scorekeeper(*args, stdout=full)
    assert result.returncode == 1
    assert result.stderr == "error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("args", [["games"], ["score", "--from", str(SAMPLE)]])
def test_a_closed_pipe_ends_quietly_with_status_1(args: list[str]) -> None:
    """`scorekeeper history list | head` : the reader stopped reading, which is no error to
    report, as for any command; the status still tells a script the output was cut."""
    reading, writing = os.pipe()
    os.close(reading)
    try:
        result = scorekeeper(*args, stdout=writing)
    finally:
        os.close(writing)
    assert (result.returncode, result.stderr) == (1, "")


def test_a_closed_stdout_is_one_error_line_before_anything_is_done(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--home", str(tmp_path), "score", "--from",
         str(SAMPLE), "--save"],
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        pass_fds=(),
        preexec_fn=lambda: os.close(1),
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr == "error: cannot write the output: standard output is closed\n"
    assert not (tmp_path / "sessions").exists()


@pytest.mark.parametrize(
    ("args", "opening", "help_of"),
    [
        (
            ["--home", str(SAMPLE), "games"],
            f"Invalid value for '--home' (env var: 'SCOREKEEPER_HOME'): dir '{SAMPLE}' is a file.",
            "scorekeeper",
        ),
        (["histroy"], "No such command 'histroy'. Did you mean 'history'?", "scorekeeper"),
        (["history", "list", "--limit", "x"], "Invalid value for '--limit': ", "history list"),
        (["players", "rename", "Ana"], "Missing argument 'NEW'.", "players rename"),
    ],
)
def test_every_usage_error_is_one_line(args: list[str], opening: str, help_of: str) -> None:
    result = scorekeeper(*args)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith(f"error: {opening}")
    command = help_of if help_of == "scorekeeper" else f"scorekeeper {help_of}"
    assert result.stderr.endswith(f" (see `{command} -h`)\n")
    assert result.stderr.count("\n") == 1


def test_a_bare_group_still_shows_its_help() -> None:
    result = scorekeeper("history")
    assert result.returncode == 2
    assert "Commands" in result.stdout + result.stderr


def test_names_with_control_characters_are_not_offered_for_completion() -> None:
    from scorekeeper.history.players import known_names
    from scorekeeper.history.plays import Play, Result

    results = tuple(
        Result(name=name, seat=seat, total=1, rank=seat, points=())
        for seat, name in enumerate(["Ana", "Esc\x1b[2J", "Bidi\u202e", "Ben"], start=1)
    )
    play = Play("000001", "s-000001", "s-000001.toml", "hungry", "Hungry", results, ("Ana",))
    assert known_names([play]) == ["Ana", "Ben"]


def test_ctrl_c_between_prompts_is_held_until_a_safe_point() -> None:
    """SIGINT while drawing or saving raises nothing there (a garbage collector's callback
    would print "Exception ignored" and lose it); the next checkpoint stops cleanly."""
    import signal

    from scorekeeper.prompts.interrupts import HeldInterrupts

    held = HeldInterrupts()
    before = signal.getsignal(signal.SIGINT)
    with held.held():
        os.kill(os.getpid(), signal.SIGINT)
        done = "the save went on to its end"
        with pytest.raises(KeyboardInterrupt):
            held.checkpoint()
        held.checkpoint()  # said once: a second checkpoint goes on
    assert done and signal.getsignal(signal.SIGINT) is before


def test_the_walk_through_with_stdout_redirected_refuses_in_one_line(tmp_path: Path) -> None:
    """Its questions would vanish into the file: it points at --from instead."""
    import pty

    leader, follower = pty.openpty()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--home", str(tmp_path), "score", "hungry"],
            stdin=follower,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        os.close(leader)
        os.close(follower)
    assert result.returncode == 2
    assert result.stderr == (
        "error: the walk-through draws its questions on the terminal, not into a redirected "
        "output; to score a file use --from FILE (with --json for a result to redirect)\n"
    )
    assert not (tmp_path / "drafts" / "score.toml").exists()
