"""The one component that moves through a walk-through: next, back, review, resume.

It asks the steps of a plan in order through an `Asker` (the prompt layer), keeps the draft
after every answer, goes back one step on `<`, fills a group of counts typed on one line, and
runs the review until the answers are accepted. It knows no prompt library and no title:
Ctrl-C and Ctrl-D are the asker's to raise (KeyboardInterrupt), and end the walk with the
draft kept exactly as it was after the last answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scorekeeper.games.steps import Message, Step
from scorekeeper.walkthrough.draft import Draft


class _Back:
    """The answer `<`: go back one question."""

    def __repr__(self) -> str:
        return "BACK"


BACK = _Back()


@dataclass(frozen=True)
class Fill:
    """Answers for a whole group, typed on one line at its first step."""

    values: tuple[Any, ...]


@dataclass(frozen=True)
class Review:
    """Everything entered, for the review: rows per owner, warnings and what blocks scoring."""

    settings: tuple[tuple[Step, str], ...]
    players: tuple[tuple[str, tuple[tuple[Step, str], ...]], ...]
    warnings: tuple[str, ...]
    problem: str | None
    actions: tuple[Step, ...] = ()  # steps offered in the first menu (adding a player)


class Asker(Protocol):
    """The prompt layer: asks one step, shows messages and the review."""

    def ask(self, step: Step, current: Any, prefix: str, group: Sequence[Step]) -> Any:
        """The raw answer, a Fill for `group`, or BACK."""

    def show(self, messages: Sequence[Message]) -> None: ...

    def review(self, review: Review) -> Step | None:
        """The step to change, or None when everything is right."""


Plan = Callable[[dict[str, Any]], list[Step]]
Check = Callable[[dict[str, Any], Sequence[Step]], tuple[tuple[str, ...], str | None]]


class Navigator:
    """Walks one draft through its plan; `keep` receives the draft after every change."""

    def __init__(
        self, draft: Draft, plan: Plan, asker: Asker, keep: Callable[[Draft], None], check: Check
    ) -> None:
        self.draft = draft
        self.plan = plan
        self.asker = asker
        self.keep = keep
        self.check = check  # (warnings, problem) of the answers and their plan as they stand

    @property
    def answers(self) -> dict[str, Any]:
        return self.draft.answers

    def run(self) -> None:
        """Ask until the review is accepted."""
        if self.draft.stage == "questions":
            self.walk()
        self.fill_gaps()  # a draft kept at the review by an older version may lack some
        while True:
            self._stage("review", "")
            step = self.asker.review(self.summary())
            if step is None:
                return
            self.change(step)

    def change(self, chosen: Step) -> None:
        """From the review: the answer chosen and the rest of its row (a card list's other
        cards, a custom card's numbers), `<` going back within them; then what the change
        made necessary."""
        steps = self._asked()
        start = next((i for i, s in enumerate(steps) if s.key == chosen.key), None)
        row = [chosen] if start is None else _row(steps, start)
        self._ask_in_turn(row, with_groups=True)
        self.fill_gaps()

    def fill_gaps(self) -> None:
        """Ask every question the plan now needs and nobody answered (after a change in the
        review: a player added, a mode switched), in asking order and as on the first way
        through (a group still typed on one line); `<` goes back to the one asked before, and
        `<` at the first returns to the review."""
        asked: list[str] = []
        step = self._first_gap()
        while step is not None:
            result = self._ask(step, self._group_of(step))
            if result is BACK:
                if not asked:
                    return
                step = self._fresh(asked.pop()) or step
                continue
            self.keep(self.draft)
            asked.append(step.key)
            step = self._first_gap()

    def _first_gap(self) -> Step | None:
        return next((s for s in self.plan(self.answers) if s.is_needed(self.answers)), None)

    def _group_of(self, step: Step) -> tuple[Step, ...]:
        """The group a line of numbers fills from `step`, when it starts one."""
        steps = self._asked()
        index = next((i for i, s in enumerate(steps) if s.key == step.key), None)
        return () if index is None else _group(steps, index)

    def _ask_in_turn(self, row: Sequence[Step], with_groups: bool = False) -> None:
        """Ask each step of `row` in order (as they stand after each answer), `<` going back
        one; `<` at the first ends it."""
        index = 0
        while index < len(row):
            step = self._fresh(row[index].key)
            if step is None:  # gone with an earlier answer (a card removed)
                index += 1
                continue
            group = self._group_of(step) if with_groups else ()
            result = self._ask(step, group)
            if result is BACK:
                if index == 0:
                    return
                index -= 1
                continue
            self.keep(self.draft)
            index += len(result.values) if isinstance(result, Fill) else 1

    def _fresh(self, key: str) -> Step | None:
        """The step with `key` in the plan as it is now."""
        return next((s for s in self.plan(self.answers) if s.key == key), None)

    def walk(self) -> None:
        """Every step from the kept position (or the first unanswered) to the end of the plan."""
        steps = self._asked()
        index = self._index(steps, self.draft.position)
        resumed = steps[index].resumed if 0 < index < len(steps) else None
        if resumed is not None:
            self.asker.show(resumed(self.answers))
        while index < len(steps):
            step = steps[index]
            result = self._ask(step, _group(steps, index))
            steps = self._asked()
            # where the step answered is now (an answer can add or remove steps before it;
            # one that removed the step itself, like `-` on a card, leaves its place)
            here = next((i for i, s in enumerate(steps) if s.key == step.key), index)
            if result is BACK:
                if here == 0:
                    self.asker.show([Message("Nothing comes before this question.", "dim")])
                index = max(here - 1, 0)
            else:
                count = len(result.values) if isinstance(result, Fill) else 1
                found = any(s.key == step.key for s in steps)
                if found and not steps[here].is_answered(self.answers):
                    count = 0  # the answer emptied its own place (a card removed): ask it again
                index = min(here + count if found else here, len(steps))
            self._stage("questions", steps[index].key if index < len(steps) else "")

    def _asked(self) -> list[Step]:
        """The steps asked on the way through (some are only changed from the review)."""
        return [step for step in self.plan(self.answers) if step.asked]

    def summary(self) -> Review:
        planned = self.plan(self.answers)
        steps = [s for s in planned if s.reviewed]
        rows = [(s, s.show(v) if (v := s.get(self.answers)) is not None else "?") for s in steps]
        players = self.answers.get("players", [])
        warnings, problem = self.check(self.answers, planned)
        missing = [s for s in planned if s.is_needed(self.answers)]
        actions = tuple(s for s in planned if s.menu)
        if missing:  # before anything the session itself would say
            named = ", ".join(f"{self.prefix(s)}{s.label}" for s in missing[:3])
            more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
            problem = f"not answered yet: {named}{more}"
        elif problem is not None:  # a limit the answers break: say the way out
            ways = ["change an answer", *(s.menu.lower() for s in actions if s.asked is False)]
            problem = f"{problem}. To go on, {' or '.join(ways)}"
        return Review(
            settings=tuple(r for r in rows if r[0].seat is None and r[0].path[0] != "players"),
            players=tuple(
                (
                    str(player.get("name", "")),
                    tuple(r for r in rows if r[0].path[:2] == ("players", seat)),
                )
                for seat, player in enumerate(players)
            ),
            warnings=warnings,
            problem=problem,
            actions=actions,
        )

    def _ask(self, step: Step, group: Sequence[Step]) -> Any:
        """Ask one step and put its answer (or a whole group's) in the draft; BACK changes
        nothing. The caller keeps the draft once it knows where the walk goes next."""
        result = self.asker.ask(step, step.get(self.answers), self.prefix(step), group)
        if result is BACK:
            return BACK
        if isinstance(result, Fill):
            for member, value in zip(group, result.values, strict=True):
                member.put(self.answers, value)
            answered = group[len(result.values) - 1]
        else:
            step.put(self.answers, result)
            answered = step
        if answered.after is not None:
            self.asker.show(answered.after(self.answers))
        return result

    def prefix(self, step: Step) -> str:
        if step.seat is None:
            return ""
        players = self.answers.get("players", [])
        return f"{players[step.seat].get('name', '')}: " if step.seat < len(players) else ""

    def _index(self, steps: Sequence[Step], key: str) -> int:
        """The index of the step with `key`; else the first unanswered one (or the end)."""
        for index, step in enumerate(steps):
            if key and step.key == key:
                return index
        return next((i for i, s in enumerate(steps) if not s.is_answered(self.answers)), len(steps))

    def _stage(self, stage: str, position: str) -> None:
        self.draft.stage, self.draft.position = stage, position
        self.keep(self.draft)


def _row(steps: Sequence[Step], start: int) -> list[Step]:
    """The step at `start` and those that belong to its review row: the same row's steps
    (a list's other items) and the unlisted steps that follow them (a custom card's numbers)."""
    first = steps[start]
    name = (first.seat, first.column or first.label)
    row = [first]
    for step in steps[start + 1 :]:
        if step.reviewed and (step.seat, step.column or step.label) != name:
            break
        if step.seat != first.seat:
            break
        row.append(step)
    return row


def _group(steps: Sequence[Step], index: int) -> tuple[Step, ...]:
    """The steps a line of several numbers fills, when `index` starts a group of them."""
    step = steps[index]
    if step.group is None:
        return ()
    if index > 0 and (steps[index - 1].group, steps[index - 1].seat) == (step.group, step.seat):
        return ()
    members = [step]
    for other in steps[index + 1 :]:
        if (other.group, other.seat) != (step.group, step.seat):
            break
        members.append(other)
    return tuple(members) if len(members) > 1 else ()
