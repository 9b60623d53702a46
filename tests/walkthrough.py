"""Drive `scorekeeper score` through a real pseudo-terminal, as a person at the table would."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
DOWN = "\x1b[B"
ENTER = "\r"


def spawn(home: Path, *args: str, columns: int = 120) -> pexpect.spawn:
    """`python -m scorekeeper ARGS` in a fresh pseudo-terminal with its own data directory."""
    env = {
        **os.environ,
        "SCOREKEEPER_HOME": str(home),
        "TERM": "xterm",
        "NO_COLOR": "1",
        "PROMPT_TOOLKIT_NO_CPR": "1",  # a pty answers no cursor-position requests
    }
    return pexpect.spawn(
        sys.executable,
        ["-m", "scorekeeper", *args],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(50, columns),
    )


class Terminal:
    """A running walk-through: wait for a prompt text, then type an answer."""

    def __init__(self, home: Path, *args: str, columns: int = 120, rows: int = 50) -> None:
        env = {
            **os.environ,
            "SCOREKEEPER_HOME": str(home),
            "TERM": "xterm",
            "NO_COLOR": "1",
            "PROMPT_TOOLKIT_NO_CPR": "1",
        }
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "scorekeeper", "score", *args],
            env=env,
            encoding="utf-8",
            timeout=15,
            dimensions=(rows, columns),
        )
        self.log = io.StringIO()  # everything the program printed, for failure messages
        self.child.logfile_read = self.log

    def answer(self, prompt: str, text: str) -> None:
        """Wait for `prompt`, then type `text` and Enter."""
        self.expect(prompt)
        self.child.send(text + ENTER)

    def choose(self, prompt: str, downs: int = 0) -> None:
        """Wait for a select prompt and pick the entry `downs` steps below the default."""
        self.expect(prompt)
        self.child.send(DOWN * downs + ENTER)

    def expect(self, text: str) -> str:
        try:
            self.child.expect_exact(text)
        except pexpect.ExceptionPexpect:
            screen = self.plain()[-3000:]
            raise AssertionError(f"never saw {text!r}; screen:\n{screen}") from None

        return str(self.child.before)

    def finish(self) -> str:
        """Wait for the program to end; return everything it printed, without styling."""
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.plain()

    def plain(self) -> str:
        return ANSI.sub("", self.log.getvalue())
