"""Corrections at the review, one path each: whatever is corrected, the walk-through asks
exactly the questions now unanswered (as the first time: groups on one line), keeps every
answer still meaningful, and never offers to score with one missing."""

from __future__ import annotations

import contextlib
import io
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest.mock import patch

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from scorekeeper.core.breakdown import Outcome
from scorekeeper.games import GAMES, find_game
from scorekeeper.games.context import Context
from scorekeeper.games.steps import Step
from scorekeeper.prompts.asker import TableAsker
from scorekeeper.prompts.walk import walk_through
from scorekeeper.session import Session, from_dict, to_dict
from scorekeeper.walkthrough.plan import answers_from_session, plan
from scorekeeper.walkthrough.table import Correction
from tests.pipe import DOWN, ENTER, drive, new_draft

E = ENTER
SCORE_IT = "Looks right: score it"
TWO_HUNGRY = ["Ana\r", "Ben\r", E, "2 1 0 3 1\r", "1 0 2 0 2\r", "0 2 1 0 0\r", "3 0 0 1 2\r", E, E]


def reviews(screen: str) -> list[str]:
    """Each review drawn, with the menu that followed it."""
    return screen.split("Please check")[1:]


def test_a_player_added_at_the_review_is_asked_every_count_in_groups() -> None:
    keys = [
        *TWO_HUNGRY,
        DOWN * 2 + E,  # Add a player
        "Cy\r",
        E,  # and nobody else
        "1 1 1 1 1\r",
        "2 0 2 0 2\r",  # a line of five at the first home and the first hotel
        E,
        E,  # score it, save it
    ]
    run = drive(new_draft("hungry"), keys)
    cy = run.session["players"][2]
    assert cy == {
        "name": "Cy",
        "homes": [1, 1, 1, 1, 1],
        "hotels": {"red": 2, "yellow": 0, "green": 2, "blue": 0, "purple": 2},
    }


def test_scoring_is_not_offered_while_the_added_players_answers_are_missing() -> None:
    keys = [*TWO_HUNGRY, DOWN * 2 + E, "Cy\r", E, "<\r", "<\r"]  # back to the review
    run = drive(new_draft("hungry"), keys)
    last = " ".join(reviews(run.screen)[-1].split())
    assert "Cannot score yet: not answered yet: Cy: 1-star holiday home" in last
    assert SCORE_IT not in last


def test_remove_a_player_is_offered_at_the_most_players_and_its_way_out_is_said() -> None:
    four = ["Ana\r", "Ben\r", "Cy\r", "Di\r", *["2 2 2 2 2\r", "0 0 0 0 2\r"] * 4, E, E]
    run = drive(new_draft("hungry"), [*four, DOWN * 2 + E, DOWN * 3 + E, E, E])
    assert len(reviews(run.screen)) == 2  # the share of 12 holds: scored after the removal
    assert [p["name"] for p in run.session["players"]] == ["Ana", "Ben", "Cy"]


def test_a_share_broken_by_an_added_player_names_the_way_out() -> None:
    three = ["Ana\r", "Ben\r", "Cy\r", E, *["2 2 2 2 2\r", "2 2 2 0 0\r"] * 3, E, E]
    keys = [*three, DOWN * 2 + E, "Di\r", "0 0 0 0 0\r", "0 0 0 0 0\r"]
    run = drive(new_draft("hungry"), keys)
    last = " ".join(reviews(run.screen)[-1].split())
    assert "Cannot score yet: Ana: 16 tourists; each player places at most 12" in last
    assert "tourists at the holiday homes: 16" not in last
    assert "change an answer or remove a player" in last
    assert SCORE_IT not in last


def test_first_snow_score_card_values_survive_a_mode_switch_and_back() -> None:
    card = ["Ana\r", "Ben\r", E, "48\r", "3\r", "45\r", "2\r", E, E]
    mode = [DOWN * 2 + E, E]  # after "Change an answer": game settings, the entry mode
    keys = [
        *card,
        DOWN + E,
        *mode,
        DOWN + E,  # round by round
        "<\r",  # at Ana's first round: back to the review, where scoring is not offered
        E,
        *mode,
        "\x1b[A" + E,  # "Change an answer" comes first now; the score card
        E,
        E,
    ]
    run = drive(new_draft("first-snow"), keys)
    assert [p.get("track") for p in run.session["players"]] == [48, 45]
    assert all("rounds" not in p for p in run.session["players"])
    assert "[[players.rounds]]" not in run.screen and "give `track`" not in run.screen


def test_first_snow_rounds_come_back_after_switching_to_the_score_card_and_back() -> None:
    from tests.test_walkthrough_flow import FIRST_SNOW_ROUNDS

    to_review = FIRST_SNOW_ROUNDS[:-2]
    mode = [DOWN + E, DOWN * 2 + E, E]
    up = "\x1b[A"
    keys = [*to_review, *mode, up + E, "40\r", "35\r", *mode, DOWN + E, E, E]
    run = drive(new_draft("first-snow"), keys)
    straight = drive(new_draft("first-snow"), FIRST_SNOW_ROUNDS)
    assert run.session["players"] == straight.session["players"]


def test_happy_home_counts_come_back_with_their_objective() -> None:
    from tests.test_walkthrough_flow import HAPPY_HOME

    design = [DOWN + E, DOWN * 2 + E, E]  # Change an answer, game settings, the objective
    up = "\x1b[A"
    keys = [*HAPPY_HOME[:-2], *design, DOWN * 3 + E, *["1\r"] * 8, *design, up * 3 + E, E, E]
    run = drive(new_draft("happy-home"), keys)
    straight = drive(new_draft("happy-home"), HAPPY_HOME)
    assert run.session["players"] == straight.session["players"]


def test_a_pot_plant_taken_away_under_finishing_touches_sets_the_rooms_rugs_aside() -> None:
    from tests.test_walkthrough_flow import FINISHING_TOUCHES

    kitchen_plants = [DOWN + E, E, DOWN * 11 + E]  # Change an answer, Ana, kitchen plants
    to_review = [*FINISHING_TOUCHES[:-2]]
    run = drive(new_draft("happy-home"), [*to_review, *kitchen_plants, "-\r", E, E])
    kitchen = run.session["players"][0]["rooms"]["kitchen"]
    assert kitchen["plants"] == [] and "rugs" not in kitchen
    keys = [*to_review, *kitchen_plants, "-\r", *kitchen_plants, "2\r", E, E]
    again = drive(new_draft("happy-home"), keys)  # the plant back: its rug comes back unasked
    assert again.session == drive(new_draft("happy-home"), FINISHING_TOUCHES).session


def test_nooks_and_crannies_empty_corners_have_no_enter_default() -> None:
    keys = [
        "Ana\r",
        "Ben\r",
        E,
        DOWN * 3 + E,
        "a, b, c, d, e\r",
        "5 0\r",
        "2 2 2 2\r",
        "- - - -\r",
        "- - - -\r",
        E,
    ]  # Enter at the empty corners
    run = drive(new_draft("happy-home"), keys)
    kitchen = run.draft.answers["players"][0]["rooms"]["kitchen"]
    assert kitchen["plants"] == []  # the empty corners were reached
    assert "empty_corners" not in kitchen


def test_scratches_have_no_enter_default() -> None:
    keys = ["Ana\r", "Ben\r", E, E, "a, b, c, d, e\r", "5\r", E]  # Enter at the scratches
    run = drive(new_draft("happy-home"), keys)
    ana = run.draft.answers["players"][0]
    assert ana["mat"] == 5
    assert "scratches" not in ana


def test_a_tie_made_by_the_rulings_a_game_is_scored_under_asks_its_tie_breaker() -> None:
    """The walk-through plans with the game as it will be scored (`ruled`, which applies the
    table's house rulings): a tie that exists only then still asks its tie-breaker (First
    Snow, End of the game: the lower camp die wins a tie), before the review, not after."""
    from dataclasses import replace
    from datetime import datetime

    from scorekeeper.games import GAMES, find_game
    from scorekeeper.walkthrough.plan import plan

    answers = {
        "game": "first-snow",
        "walk": {"closed": ["players"], "entry": "card"},
        "players": [
            {"name": "Ana", "track": 40, "tools": 3},
            {"name": "Ben", "track": 35, "tools": 2},
        ],
    }

    def needed(ruled: Callable[[Session], Session]) -> list[str]:
        steps = plan(answers, GAMES, find_game, {}, (), datetime(2026, 12, 1), ruled)
        return [step.key for step in steps if step.is_needed(answers)]

    def tied(session: Session) -> Session:  # as if a ruling gave Ben Ana's points
        same = session.seats[0].inputs
        return replace(session, seats=tuple(replace(s, inputs=same) for s in session.seats))

    assert needed(lambda session: session) == ["notes", "location"]  # Ana ahead: no tie
    assert needed(tied) == ["players.0.lowest_die", "notes", "location"]


def test_a_saved_game_corrected_down_to_one_player_asks_the_solo_title_word() -> None:
    """Solo Play: Sol crafted as many Clothing as Food, so the title's first word is asked. A
    game saved with two players never asked it, and removing Ben at the review must ask it, as
    typing the solo game straight does; a saved solo game that left it out keeps it open."""
    sol = {"name": "Sol", "comforts": ["Socks", "Soup"]}

    def asks_the_word(players: list[dict[str, Any]], remove: int | None) -> bool:
        document = {"format": 1, "game": "creature-comforts", "players": players}
        answers = answers_from_session(from_dict(document))
        if remove is not None:
            Context(find_game("creature-comforts"), answers).remove_player(remove)
        steps = plan(answers, GAMES, find_game, {})
        (word,) = (step for step in steps if step.key == "players.0.solo_type")
        return not word.is_answered(answers)

    assert asks_the_word([sol, {"name": "Ben", "comforts": ["Hearth"]}], remove=1)
    assert not asks_the_word([sol], remove=None)


# -- history edit: a saved game opened at its review (Correction.of, as the command opens it) --
ROOT = Path(__file__).parent.parent
BY_ROUNDS = ROOT / "sample_sessions" / "first-snow-by-rounds.toml"
CASES = ROOT / "tests" / "cases" / "first-snow"
BY_CARD = CASES / "track-no-tie.toml"  # Ana 38, Ben 36 on the score card
IN_PROGRESS = CASES / "game-in-progress.toml"  # two rounds of six entered
MIXED = CASES / "rounds-vs-track-lower-die-wins.toml"  # Ana round by round, Ben's score card
CHANGE_MODE = [DOWN + E, DOWN * 2 + E, E]  # Change an answer, game settings, the entry mode
UP = "\x1b[A"
SAVE = [E, E]  # Looks right: score it; save it


def edit(path: Path, keys: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """`history edit` of the saved game at `path` (a sample or a known-answer case), typed
    through the real prompts: the sessions its save would write, and the questions asked
    (the review's choices as "review")."""
    saved: list[dict[str, Any]] = []
    asked: list[str] = []

    def replace_file(session: Session, outcome: Outcome) -> Path:
        saved.append(to_dict(session))
        return Path("replaced.toml")

    def ask(asker: TableAsker, step: Step, *args: Any) -> Any:
        asked.append(step.key)
        return real_ask(asker, step, *args)

    def review(asker: TableAsker, summary: Any) -> Any:
        asked.append("review")
        return real_review(asker, summary)

    real_ask, real_review = TableAsker.ask, TableAsker.review
    correction = Correction.of(from_dict(_document(path)), None, replace_file)
    with (
        create_pipe_input() as pipe,
        create_app_session(input=pipe, output=DummyOutput()),
        patch.object(TableAsker, "ask", ask),
        patch.object(TableAsker, "review", review),
    ):
        pipe.send_text("".join(keys))
        pipe.close()
        with contextlib.suppress(KeyboardInterrupt):  # the keys ran out: nothing more saved
            walk_through(Console(file=io.StringIO(), width=80), correction)
    return saved, asked


def _document(path: Path) -> dict[str, Any]:
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    session: dict[str, Any] = document.get("session", document)
    return session


def saved_as(path: Path) -> dict[str, Any]:
    """The session file at `path` as `history edit` would write it unchanged."""
    return to_dict(from_dict(_document(path)))


def _to_the_card_and_back(path: Path, ana: str, ben: str) -> None:
    """Switch a First Snow game kept by rounds to the score card (typing the two scores) and
    back: only the card is asked, and the rounds come back as they were saved."""
    keys = [*CHANGE_MODE, UP + E, f"{ana}\r", f"{ben}\r", *CHANGE_MODE, DOWN + E, *SAVE]
    saved, asked = edit(path, keys)
    assert saved == [saved_as(path)]
    assert asked == [
        "review",
        "walk.entry",
        "players.0.track",
        "players.1.track",
        "review",
        "walk.entry",
        "review",
    ]


def test_edit_of_a_game_by_rounds_switched_to_the_score_card_and_back_asks_only_the_card() -> None:
    _to_the_card_and_back(BY_ROUNDS, "48", "45")  # the 36 round answers come back


def test_edit_of_a_game_by_score_card_switched_to_rounds_and_back_keeps_the_card() -> None:
    """The issue's own path, in `history edit`: round by round, `<` at Ana's first round
    (back to the review, where scoring is not offered), the score card again: 38 and 36."""
    keys = [*CHANGE_MODE, DOWN + E, "<\r", E, DOWN * 2 + E, E, UP + E, *SAVE]
    saved, asked = edit(BY_CARD, keys)
    assert saved == [saved_as(BY_CARD)]
    assert asked == [
        "review",
        "walk.entry",
        "players.0.rounds.0.food",
        "review",
        "walk.entry",
        "review",
    ]


def test_edit_switched_to_rounds_asks_each_round_as_the_first_walk_through_does() -> None:
    """The keys of a round on the first way through (food on one line, the diet offered,
    warmth) answer each round here too; the score card values go aside, not into the file."""
    from tests.test_walkthrough_flow import ROUND

    keys = [*CHANGE_MODE, DOWN + E, *ROUND * 12, *SAVE]  # Ana's six rounds, then Ben's
    saved, asked = edit(BY_CARD, keys)
    typed = {
        "food": {"berry": 1, "fish": 2, "bird": 0, "caribou": 3},
        "diet": "balanced",
        "warm": True,
    }
    assert [session["players"] for session in saved] == [
        [
            {"name": "Ana", "tools": 1, "rounds": [typed] * 6},
            {"name": "Ben", "tools": 2, "rounds": [typed] * 6},
        ]
    ]
    rounds = [
        f"players.{seat}.rounds.{number}.{what}"
        for seat in (0, 1)
        for number in range(6)
        for what in ("food", "diet", "warm")
    ]
    assert asked == ["review", "walk.entry", *rounds, "review"]


def test_edit_choosing_the_same_way_again_asks_nothing() -> None:
    """A game in progress (two rounds of six): round by round again changes nothing, and
    the score card and back brings its two rounds back, not six to fill."""
    saved, asked = edit(IN_PROGRESS, [*CHANGE_MODE, E, *SAVE])
    assert (saved, asked) == ([saved_as(IN_PROGRESS)], ["review", "walk.entry", "review"])
    _to_the_card_and_back(IN_PROGRESS, "40", "35")


def test_edit_of_a_game_entered_both_ways_can_switch_back_to_each_as_saved() -> None:
    """Ana's rounds and Ben's score card: all by score card asks Ana's card value only; "Each
    player as saved" (the third way, offered for such a game) brings Ana's rounds back."""
    keys = [*CHANGE_MODE, UP * 2 + E, "44\r", *CHANGE_MODE, DOWN * 2 + E, *SAVE]
    saved, asked = edit(MIXED, keys)
    assert saved == [saved_as(MIXED)]
    assert asked == ["review", "walk.entry", "players.0.track", "review", "walk.entry", "review"]
