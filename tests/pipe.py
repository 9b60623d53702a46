"""Drive the walk-through in process: keys through prompt_toolkit's pipe input, output to a
string. Fast enough to run every title, every interruption point and many random key runs."""

from __future__ import annotations

import io
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from scorekeeper.core.breakdown import Outcome
from scorekeeper.core.rulings import Rulings
from scorekeeper.games.base import Game
from scorekeeper.prompts.walk import walk_through
from scorekeeper.session import Session, to_dict
from scorekeeper.storage.files import dumps
from scorekeeper.walkthrough.draft import Draft

DOWN = "\x1b[B"
UP = "\x1b[A"
ENTER = "\r"
ESC_ENTER = "\x1b\r"
CTRL_D = "\x04"
SPACE = " "
STARTED = datetime(2026, 11, 30, 20, 15)


@dataclass
class Run:
    """What one walk-through did: its end, the screen, every kept draft, the saved session."""

    stopped: bool
    screen: str
    draft: Draft
    kept: list[dict[str, Any]] = field(default_factory=list)
    saved: list[tuple[Session, Outcome]] = field(default_factory=list)

    @property
    def session(self) -> dict[str, Any]:
        assert self.saved, f"nothing was saved; screen:\n{self.screen[-3000:]}"
        return to_dict(self.saved[-1][0])

    def resumed(self) -> Draft:
        """The last kept draft, through the TOML text it is stored as."""
        assert self.kept, "no draft was kept"
        return Draft.from_dict(tomllib.loads(dumps(self.kept[-1])))


def new_draft(game: str | None, live: bool = False) -> Draft:
    answers: dict[str, Any] = {"walk": {"menu": True}} if game is None else {"game": game}
    if live:
        answers["walk"] = {"live": True, "entry": "rounds"}
    return Draft(STARTED, answers)


def drive(
    draft: Draft,
    keys: str | Sequence[str],
    known: Sequence[str] = (),
    remembered: dict[str, Any] | None = None,
    width: int = 80,
    duplicate: str | None = None,
    rulings: Callable[[Game[Any, Any]], Rulings] | None = None,
    home: Path | None = None,
) -> Run:
    """Type `keys` (one string, or one string per answer) into a walk-through of `draft`; when
    they run out the input closes, which stops the walk-through as Ctrl-D does."""
    screen = io.StringIO()
    console = Console(file=screen, width=width, color_system=None)
    run = Run(False, "", draft)

    table = PipeTable(draft, run, known, remembered or {}, duplicate, home, rulings=rulings)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys if isinstance(keys, str) else "".join(keys))
        pipe.close()
        try:
            walk_through(console, table)
        except KeyboardInterrupt:
            run.stopped = True
    run.screen = screen.getvalue()
    return run


@dataclass
class PipeTable:
    """A table that keeps drafts and saved sessions in a Run instead of a data directory."""

    draft: Draft
    run: Run
    known_names: Sequence[str] = ()
    remembered: dict[str, Any] = field(default_factory=dict)
    same: str | None = None
    home: Path | None = None
    saved_as: Path | None = None
    kept: Path | None = None
    rulings: Callable[[Game[Any, Any]], Rulings] | None = None  # None: as for a correction

    def keep(self, draft: Draft) -> None:
        self.run.kept.append(draft.to_dict())

    def recall(self, game: str) -> dict[str, Any]:
        return self.remembered

    def open_series(self, game: Any) -> Sequence[tuple[str, str]]:
        return ()

    def duplicate(self, session: Session) -> str | None:
        return self.same

    def save(self, session: Session, outcome: Outcome) -> Path:
        self.run.saved.append((session, outcome))
        self.saved_as = Path("saved.toml")
        return self.saved_as

    def sharing(self) -> bool | None:
        return None

    def remember_sharing(self, wanted: bool) -> None:
        raise AssertionError("never offered here")

    def play_link(self, path: Path, session: Session, outcome: Outcome) -> str:
        raise AssertionError("never offered here")

    def ruled(self, session: Session) -> Session:
        return session if self.rulings is None else session.ruled_by(self.rulings(session.game))


class Recorder:
    """Wraps an asker and notes every answer it returns, to be replayed without prompts."""

    def __init__(self, asker: Any) -> None:
        self.asker = asker
        self.answers: list[Any] = []

    def ask(self, step: Any, current: Any, prefix: str, group: Any) -> Any:
        result = self.asker.ask(step, current, prefix, group)
        self.answers.append(result)
        return result

    def show(self, messages: Any) -> None:
        self.asker.show(messages)

    def review(self, summary: Any) -> Any:
        result = self.asker.review(summary)
        self.answers.append(("review", None if result is None else result.key))
        return result


class Replay:
    """An asker that gives recorded answers in order, then stops as Ctrl-D does."""

    def __init__(self, answers: Sequence[Any]) -> None:
        self.answers = list(answers)

    def _next(self) -> Any:
        if not self.answers:
            raise KeyboardInterrupt
        return self.answers.pop(0)

    def ask(self, step: Any, current: Any, prefix: str, group: Any) -> Any:
        return self._next()

    def show(self, messages: Any) -> None:
        pass

    def review(self, summary: Any) -> Any:
        kind, key = self._next()
        assert kind == "review"
        if key is None:
            return None
        steps = [step for step, _ in summary.settings] + [
            step for _, rows in summary.players for step, _ in rows
        ]
        return next(step for step in steps if step.key == key)


def navigate(draft: Draft, asker: Any) -> bool:
    """Run the navigator alone over `draft`; True when the review was accepted."""
    from scorekeeper.walkthrough import flow
    from scorekeeper.walkthrough.navigator import Navigator

    plan, check = flow.planner(draft, (), lambda game: {})
    try:
        Navigator(draft, plan, asker, lambda kept: None, check).run()
    except KeyboardInterrupt:
        return False
    return True


def record(draft: Draft, keys: Sequence[str]) -> list[Any]:
    """The answers a run of `keys` through the real prompts gives, up to the accepted review."""
    from scorekeeper.prompts.asker import TableAsker

    recorder = Recorder(TableAsker(Console(file=io.StringIO(), width=80)))
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("".join(keys))
        pipe.close()
        assert navigate(draft, recorder), "the keys did not reach an accepted review"
    return recorder.answers
