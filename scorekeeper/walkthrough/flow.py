"""Between a draft and a session: the plan for a draft's answers, the review's checks, and
the session a finished walk-through scores."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from scorekeeper.errors import InputError
from scorekeeper.fields import Field
from scorekeeper.games import GAMES, find_game
from scorekeeper.games.steps import Step, in_answer_terms
from scorekeeper.render.sentences import warnings_text
from scorekeeper.session import Session, from_dict
from scorekeeper.storage.userfiles import user_files
from scorekeeper.walkthrough.draft import Draft
from scorekeeper.walkthrough.navigator import Check, Plan
from scorekeeper.walkthrough.plan import plan, session_document


def planner(
    draft: Draft,
    known_names: Sequence[str],
    recall: Callable[[str], dict[str, Any]],
    home: Path | None = None,
    ruled: Callable[[Session], Session] = lambda session: session,
    renamed: Mapping[str, str] | None = None,
) -> tuple[Plan, Check]:
    """The plan and the review's check for one walk-through; titles come bound to the user
    data of `home` (a card catalogue), a game is scored under the house rulings `ruled`
    gives it (so a tie that only a house ruling makes asks its tie-breaker), and a name the
    group's renames took from a player (`renamed`: casefolded old name -> name now) is
    refused for a new answer."""

    remembered: dict[str, dict[str, Any]] = {}

    def recalled(game: str) -> dict[str, Any]:
        if game not in remembered:
            remembered[game] = recall(game)
        return remembered[game]

    def steps(answers: dict[str, Any]) -> list[Step]:
        game = answers.get("game")
        memory = recalled(game) if isinstance(game, str) else {}
        find = lambda name: find_game(name, user_files(home))  # noqa: E731
        return plan(answers, GAMES, find, memory, known_names, draft.started, ruled, renamed)

    def check(
        answers: dict[str, Any], planned: Sequence[Step]
    ) -> tuple[tuple[str, ...], str | None]:
        game = answers.get("game")
        found = find_game(game, user_files(home)) if isinstance(game, str) else None
        fields = () if found is None else (*found.settings_fields, *found.player_fields)
        return review_check(draft, home, planned, fields, ruled)

    return steps, check


def review_check(
    draft: Draft,
    home: Path | None = None,
    steps: Sequence[Step] = (),
    fields: Sequence[Field] = (),
    ruled: Callable[[Session], Session] = lambda session: session,
) -> tuple[tuple[str, ...], str | None]:
    """(warnings, problem): what the review shows before anything is scored; a problem is
    put in the review's words ("Ana: tourists at the holiday homes: ..."), not the file's."""
    try:
        session = ruled(finished(draft, home))
        outcome = session.score()
    except InputError as error:
        return (), in_answer_terms(error, steps, fields)
    return warnings_text(outcome), None


def finished(draft: Draft, home: Path | None = None) -> Session:
    """The session the draft's answers make; raise InputError naming what is wrong."""
    return from_dict(session_document(draft.answers, draft.started), user_files(home))
