"""Every correction at the review, as a property: whatever the table does there (add, remove or
rename a player, change any answer, switch a mode or objective and back, go back, stop and
resume), the saved session is the one typed straight through with the same final answers,
only unanswered questions are asked after a correction, and scoring is never offered while
an answer is missing.

The navigator is driven without prompts by an oracle that answers each question from the
table's intended answers (drawn once per question, kept by player name), so the walk typed
straight through can be replayed with exactly the final answers.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from scorekeeper.errors import InputError
from scorekeeper.games import find_game
from scorekeeper.games.steps import Choice, Step, Text
from scorekeeper.session import from_dict, to_dict
from scorekeeper.storage.files import dumps
from scorekeeper.walkthrough import flow
from scorekeeper.walkthrough.draft import Draft, _without_none
from scorekeeper.walkthrough.navigator import BACK, Fill, Navigator
from scorekeeper.walkthrough.plan import session_document
from scorekeeper.walkthrough.table import Correction
from tests.pipe import STARTED, new_draft

TITLES = ("hungry", "before-the-guests-arrive", "first-snow", "happy-home", "creature-comforts")
SWITCHES = {"first-snow": ("walk", "entry"), "happy-home": ("settings", "design")}
NUMBERS = ("0", "1")  # small: no box limit or share is broken by the oracle's own answers
OTHER_TEXT = ("3", "12", "40", "a, b, c, d, e", "Zed")


class Oracle:
    """An asker answering from the table's intended answers, kept per (player name, path)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.names: list[str] = []  # the table's final names, in seat order
        self.intended: dict[tuple[Any, ...], Any] = {}  # what the table means to answer
        self.replaying = False  # the straight walk: draw nothing new
        self.answers: dict[str, Any] = {}
        self.changing: Step | None = None  # the review's answer being changed, if any
        self.back_at_first = False
        self.removing: int | None = None  # the seat "Remove a player" takes out
        self.asked: list[str] = []

    def ident(self, step: Step) -> tuple[Any, ...]:
        path = step.path
        if path[0] == "players" and len(path) > 2 and isinstance(path[1], int):
            players = self.answers.get("players", [])
            name = players[path[1]].get("name") if path[1] < len(players) else None
            return (name, *path[2:])
        return path

    # -- Asker -------------------------------------------------------------------------------
    def ask(self, step: Step, current: Any, prefix: str, group: Any) -> Any:
        self.asked.append(step.key)
        if self.back_at_first:
            self.back_at_first = False
            return BACK
        if step.menu == "Remove a player":
            return self.removing
        if current is not None and not self._in_change(step):
            raise AssertionError(f"{step.key} was asked again though answered ({current!r})")
        if step.path[0] == "players" and step.path[-1] == "name" and len(step.path) == 3:
            seat = step.path[1]
            assert isinstance(seat, int)
            text = self.names[seat] if seat < len(self.names) else ""
            assert isinstance(step.ask, Text)
            return step.ask.parse(text) if text else step.ask.blank
        value = self._value(step)
        if group and not self.replaying and self.rng.random() < 0.5:
            values = [value, *(self._value(member) for member in group[1:])]
            return Fill(tuple(values))
        return value

    def show(self, messages: Any) -> None:
        pass

    def review(self, summary: Any) -> Any:
        raise AssertionError("the machine drives the review itself")

    def _in_change(self, step: Step) -> bool:
        chosen = self.changing
        return chosen is not None and step.seat == chosen.seat

    def _value(self, step: Step) -> Any:
        ident = self.ident(step)
        kept = self.intended.get(ident)
        value = None if kept is None else _valid(step, kept)
        if value is None:
            assert not self.replaying, f"the straight walk asked {ident}, never answered"
            kept, value = self._draw(step)
            self.intended[ident] = kept
        return value

    def _draw(self, step: Step) -> tuple[Any, Any]:
        """A valid answer (kept as typed) for `step`."""
        ask = step.ask
        if isinstance(ask, Choice):
            option = self.rng.choice(ask.options)[1]
            return ("choice", option), option
        if ask.blank == "" and (not ask.suggestions or self.rng.random() < 0.6):
            return ("text", ""), ""  # a list closed, notes left blank
        candidates = [*ask.suggestions[:40]]
        self.rng.shuffle(candidates)
        for text in [self.rng.choice(NUMBERS), *candidates, *OTHER_TEXT]:
            value = _valid(step, ("text", text))
            if value is not None:
                return ("text", text), value
        raise AssertionError(f"no answer found for {step.key}")


def _valid(step: Step, kept: tuple[str, Any]) -> Any:
    """The answer `kept` gives at `step` as it stands now; None when it no longer fits (a diet
    for food no longer on offer, a card name already listed)."""
    kind, raw = kept
    ask = step.ask
    if kind == "choice":
        return raw if isinstance(ask, Choice) and raw in [v for _, v in ask.options] else None
    if not isinstance(ask, Text):
        return None
    if raw == "":
        return ask.blank
    try:
        return ask.parse(raw)
    except ValueError:
        return None


class Corrections(RuleBasedStateMachine):
    """The review's operations over one title's walk-through; with `saved`, over the game
    typed straight, saved and opened again as `history edit` opens it."""

    title = "hungry"
    saved = False

    def __init__(self) -> None:
        super().__init__()
        self.game = find_game(self.title)
        self.draft = new_draft(self.title)
        self.oracle = Oracle(0)
        self.fresh = 0

    def _navigator(self) -> Navigator:
        plan, check = flow.planner(self.draft, (), lambda game: {})
        self.oracle.answers = self.draft.answers
        return Navigator(self.draft, plan, self.oracle, lambda kept: None, check)

    def _name(self) -> str:
        self.fresh += 1
        return f"P{self.fresh}"

    @initialize(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 5))
    def start(self, seed: int, players: int) -> None:
        self.oracle = Oracle(seed)
        count = min(max(players, self.game.min_players), self.game.max_players)
        self.oracle.names = [self._name() for _ in range(count)]
        self.nav = self._navigator()
        self.nav.walk()
        self.nav.fill_gaps()
        if self.saved:
            try:
                session = flow.finished(self.draft)
            except InputError:
                return  # not a game yet (a limit broken): corrected before it can be saved
            self.draft = Correction.of(session, None, lambda s, o: Path("saved.toml")).draft
            self.draft.started = STARTED
            self.nav = self._navigator()
            self.nav.fill_gaps()

    # -- the review's operations ------------------------------------------------------------
    def _action(self, menu: str) -> Step | None:
        return next((s for s in self.nav.summary().actions if s.menu == menu), None)

    def _change(self, step: Step) -> None:
        self.oracle.changing = step
        try:
            self.nav.change(step)
        finally:
            self.oracle.changing = None

    @rule()
    def add_a_player(self) -> None:
        step = self._action("Add a player")
        if step is None:
            assert len(self.oracle.names) == self.game.max_players
            return
        self.oracle.names.append(self._name())
        self._change(step)

    @rule(which=st.integers(0, 4))
    def remove_a_player(self, which: int) -> None:
        step = self._action("Remove a player")
        names = self.oracle.names
        if step is None:
            assert len(names) == self.game.min_players
            return
        seat = which % len(names)
        del names[seat]
        self.oracle.removing = seat
        self._change(step)

    @rule(which=st.integers(0, 4))
    def rename_a_player(self, which: int) -> None:
        seat = which % len(self.oracle.names)
        old = self.oracle.names[seat]
        new = self._name()
        self.oracle.names[seat] = new
        self.oracle.intended = {
            ((new, *key[1:]) if key and key[0] == old else key): value
            for key, value in self.oracle.intended.items()
        }
        step = next(s for s in self.nav.plan(self.draft.answers) if s.key == f"players.{seat}.name")
        self._change(step)

    @rule(which=st.integers(0, 10**6))
    def change_an_answer(self, which: int) -> None:
        summary = self.nav.summary()
        rows = [s for s, _ in summary.settings] + [s for _, r in summary.players for s, _ in r]
        rows = [s for s in rows if s.path[-1] != "name" and not s.key.startswith("played")]
        if not rows:
            return
        step = rows[which % len(rows)]
        self.oracle.intended.pop(self.oracle.ident(step), None)  # a new answer is drawn
        self._change(step)

    @precondition(lambda self: self.title in SWITCHES)
    @rule(back=st.booleans())
    def switch_and_back(self, back: bool) -> None:
        """Another mode or objective, `<` at its first question, then the first one again:
        every answer of the first comes back, nothing is asked."""
        path = SWITCHES[self.title]
        step = next(s for s in self.nav.plan(self.draft.answers) if s.path == path)
        ident = self.oracle.ident(step)
        before = self.oracle.intended.get(ident)
        current = step.get(self.draft.answers)
        assert isinstance(step.ask, Choice)
        others = [v for _, v in step.ask.options if v != current]
        self.oracle.intended[ident] = ("choice", others[0])
        self.oracle.back_at_first = back
        self._change(step)
        if not back:
            return
        self.oracle.intended[ident] = before if before is not None else ("choice", current)
        self.oracle.asked = []
        self._change(step)
        assert self.oracle.asked == [step.key], self.oracle.asked  # the switch alone

    @rule()
    def go_back_at_a_gap(self) -> None:
        """`<` at the first question a correction asks returns to the review, changing nothing
        (as `<` at the first round after a switch)."""
        self.oracle.back_at_first = True
        self.nav.fill_gaps()
        self.oracle.back_at_first = False

    @rule()
    def interrupt_and_resume(self) -> None:
        kept = Draft.from_dict(tomllib.loads(dumps(self.draft.to_dict())))
        self.draft = kept
        self.nav = self._navigator()
        self.nav.fill_gaps()

    # -- what always holds ------------------------------------------------------------------
    @invariant()
    def scoring_is_not_offered_with_an_answer_missing(self) -> None:
        if not hasattr(self, "nav"):
            return
        summary = self.nav.summary()
        shown = [v for _, v in summary.settings] + [v for _, r in summary.players for _, v in r]
        if "?" in shown or any(
            s.is_needed(self.draft.answers) for s in self.nav.plan(self.draft.answers)
        ):
            assert summary.problem is not None

    def teardown(self) -> None:
        if not hasattr(self, "nav"):
            return
        self.nav.fill_gaps()
        straight = new_draft(self.title)
        replay = self.oracle
        replay.replaying, replay.changing, replay.back_at_first = True, None, False
        plan, check = flow.planner(straight, (), lambda game: {})
        replay.answers = straight.answers
        walker = Navigator(straight, plan, replay, lambda kept: None, check)
        walker.walk()
        walker.fill_gaps()
        corrected, typed = _session(self.draft), _session(straight)
        if self.saved:  # as files: a saved game writes what typing leaves out (`custom = []`)
            corrected, typed = _as_saved(corrected), _as_saved(typed)
        for player, other in zip(corrected["players"], typed["players"], strict=True):
            for key in KEPT_ONCE_GIVEN:  # a tie-breaker given while the game tied stays
                if key not in other:
                    player.pop(key, None)
        assert corrected == typed


# Tie-breakers the plan asks only when a tie needs one, and keeps once given (a correction that
# ends the tie does not throw a true answer away; a walk typed straight never asks it).
KEPT_ONCE_GIVEN = ("lowest_die", "items")


def _session(draft: Draft) -> Any:
    document = _without_none(session_document(draft.answers, STARTED))
    return tomllib.loads(dumps(document))


def _as_saved(document: Any) -> Any:
    """The session file that `document` saves as, when it is a valid session."""
    try:
        return to_dict(from_dict(document))
    except InputError:
        return document


def _machine(title: str, examples: int, steps: int, saved: bool = False) -> Any:
    name = f"Corrections_{title.replace('-', '_')}{'_saved' if saved else ''}"
    machine = type(name, (Corrections,), {"title": title, "saved": saved})
    machine.TestCase.settings = settings(
        max_examples=examples, stateful_step_count=steps, deadline=None
    )
    return machine.TestCase


@pytest.mark.parametrize("title", TITLES)
def test_corrections_end_in_the_session_typed_straight(title: str) -> None:
    """The fast lane: a few examples a title."""
    _machine(title, 6, 8)("runTest").runTest()


@pytest.mark.parametrize("title", TITLES)
def test_corrections_of_a_saved_game_end_in_the_session_typed_straight(title: str) -> None:
    """`history edit`: the same operations on the game once saved and opened again."""
    _machine(title, 4, 8, saved=True)("runTest").runTest()


@pytest.mark.slow
@pytest.mark.parametrize("saved", [False, True])
@pytest.mark.parametrize("title", TITLES)
def test_corrections_end_in_the_session_typed_straight_in_full(title: str, saved: bool) -> None:
    """The slow lane: 35 runs of 25 operations a title, on a new game and on a saved one
    (about three minutes on two cores for the ten, which keeps CI within its ten)."""
    _machine(title, 35, 25, saved)("runTest").runTest()
