"""The walk-through in process for every title: whole games, `<`, the review, groups typed on
one line, tie-breakers before the review, interruption at every answer, and random keys."""

from __future__ import annotations

import random
import tomllib
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.games.steps import Text
from scorekeeper.session import Session, from_dict, to_dict
from scorekeeper.storage import renamelog
from scorekeeper.storage.files import dumps
from scorekeeper.walkthrough.draft import Draft
from scorekeeper.walkthrough.flow import finished
from scorekeeper.walkthrough.plan import answers_from_session
from tests.pipe import (
    CTRL_D,
    DOWN,
    ENTER,
    ESC_ENTER,
    STARTED,
    UP,
    Replay,
    drive,
    navigate,
    new_draft,
    record,
)

E = ENTER
CASES = Path(__file__).parent / "cases"
REVIEW_OK = [E]  # "Looks right: score it"
CLOSE = [E, E, *REVIEW_OK, E]  # notes, location, the review, "Save this session?"

HUNGRY = [
    "Ana\r",
    "Ben\r",
    "Cy\r",
    "Di\r",
    "2 1 0 3 1\r",
    "1 0 2 0 2\r",  # 12 tourists: a quarter of the 48
    "0 2 1 0 0\r",
    "3 0 0 1 2\r",
    "1 1 1 1 1\r",
    "0 1 1 1 0\r",
    "4 0 0 0 0\r",
    "\r",
    "\r",
    "\r",
    "\r",
    "\r",  # Di's hotels one by one: Enter is 0
    *CLOSE,
]
GUESTS = ["Ana\r", "Ben\r", "\r", "3 2 4\r", "1\r", "2\r", "12\r", "\r", "\r", *CLOSE]
FIRST_SNOW_CARD = ["Ana\r", "Ben\r", E, "40\r", "3\r", "35\r", "2\r", *CLOSE]
ROUND = ["1 2 0 3\r", E, E]  # food, diet (the first offer: balanced), warm: yes
FIRST_SNOW_ROUNDS = [
    "Ana\r",
    "Ben\r",
    DOWN + E,
    *ROUND * 6,
    "2\r",
    *ROUND * 6,
    "2\r",
    "3\r",
    "2\r",  # a tie on points: each lowest camp die, asked before the review
    *CLOSE,
]
HOME_GROUPED = ["5 1\r", "2 2 2 2\r", "rb rb rb rb\r", "2+0 - - -\r", "3 3 3 3\r"]
HOME_ONE_BY_ONE = [  # a room at a time; Enter is 0, or none
    "3\r",
    "0\r",  # welcome mat, scratches
    "1\r",
    E,
    E,
    "3\r",  # core pieces: kitchen bathroom bedroom lounge
    "r\r",
    "rb\r",
    "red+blue\r",
    E,  # colours
    E,
    "1\r",
    E,
    "-\r",  # pot plants
    "0\r",
    "4\r",
    "1\r",
    "2\r",  # most items touching one item (Perfect Fit)
]
HAPPY_HOME = [
    "Ana\r",
    "Ben\r",
    "\r",
    E,
    "red, blue, green, yellow, white\r",
    *HOME_GROUPED,
    *HOME_ONE_BY_ONE,
    *CLOSE,
]
COMFORTS = [
    "Ana\r",
    "Ben\r",
    "\r",
    "Hearth\r",
    "sock\r",
    "\r",
    "\r",
    "1 2 0 0 0 0\r",
    "3\r",
    "1\r",
    "\r",
    "Socks\r",
    "\r",
    "\r",
    "0 0 0 0 0 0\r",
    "0\r",
    "0\r",
    "Hot Cocoa\r",
    "2\r",
    "1\r",
    DOWN * 2 + E,
    "\r",
    *CLOSE,
]
SCRIPTS = {
    "hungry": HUNGRY,
    "before-the-guests-arrive": GUESTS,
    "first-snow": FIRST_SNOW_ROUNDS,
    "happy-home": HAPPY_HOME,
    "creature-comforts": COMFORTS,
}


def players(run_session: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in p.items() if k != "name"} for p in run_session["players"]]


def test_hungry_four_players_in_sixteen_enters() -> None:
    run = drive(new_draft("hungry"), HUNGRY)
    session = run.session
    assert [p["name"] for p in session["players"]] == ["Ana", "Ben", "Cy", "Di"]
    assert session["players"][0]["homes"] == [2, 1, 0, 3, 1]
    assert session["players"][0]["hotels"] == {
        "red": 1,
        "yellow": 0,
        "green": 2,
        "blue": 0,
        "purple": 2,
    }
    assert session["players"][3]["hotels"] == {
        "red": 0,
        "yellow": 0,
        "green": 0,
        "blue": 0,
        "purple": 0,
    }
    grouped = [*HUNGRY[:4], *HUNGRY[4:10], "4 0 0 0 0\r", "0 0 0 0 0\r", E, E, E]
    assert sum(key.count(E) for key in grouped) <= 16
    again = drive(new_draft("hungry"), [*grouped, E])
    assert again.session == session


def test_a_group_refuses_a_wrong_count_and_a_value_over_the_box() -> None:
    run = drive(new_draft("hungry"), ["Ana\r", "Ben\r", "\r", "2 1 0\r", "2 1 0 3 11\r"])
    assert run.stopped
    assert "Type one number, or all 5 in order" in run.screen or run.kept
    assert run.draft.answers["players"][0].get("homes") is None


def test_going_back_and_the_review_change_an_answer() -> None:
    keys = [
        "Ana\r",
        "Ben\r",
        "\r",
        "1\r",
        "<\r",
        "<\r",  # back past the first home to the names
        "\r",  # the blank name again: everyone is in
        "2 1 0 3 1\r",
        "0 0 0 0 0\r",
        "0 2 1 0 0\r",
        "3 0 0 1 2\r",
        E,
        E,
        DOWN + E,  # Change an answer
        DOWN + E,  # Ben
        DOWN * 2 + E,  # his 2-star holiday home
        "5\r",
        *REVIEW_OK,
        E,
    ]
    run = drive(new_draft("hungry"), keys)
    assert run.session["players"][1]["homes"] == [0, 5, 1, 0, 0]
    assert run.session["players"][0]["homes"] == [2, 1, 0, 3, 1]


@pytest.mark.parametrize("title", sorted(SCRIPTS))
def test_every_title_completes_its_script(title: str) -> None:
    run = drive(new_draft(title), SCRIPTS[title])
    assert not run.stopped, run.screen[-2000:]
    assert run.saved


def test_first_snow_tie_breaker_is_asked_before_the_review_and_listed_in_it() -> None:
    run = drive(new_draft("first-snow"), FIRST_SNOW_ROUNDS)
    first, second = run.session["players"]
    assert first["rounds"][0] == {
        "food": {"berry": 1, "fish": 2, "bird": 0, "caribou": 3},
        "diet": "balanced",
        "warm": True,
    }
    assert (first["lowest_die"], second["lowest_die"]) == (3, 2)
    review = run.screen[run.screen.rindex("Please check") : run.screen.rindex("final scores")]
    assert "lowest camp die" in review
    assert "Winner: Ben" in run.screen


def test_first_snow_card_mode() -> None:
    run = drive(new_draft("first-snow"), FIRST_SNOW_CARD)
    assert players(run.session) == [{"track": 40, "tools": 3}, {"track": 35, "tools": 2}]


def test_happy_home_colours_and_rooms() -> None:
    run = drive(new_draft("happy-home"), HAPPY_HOME)
    ana, ben = players(run.session)
    assert ana["rooms"]["kitchen"] == {
        "core": 2,
        "most_neighbours": 3,
        "colours": ["red", "blue"],
        "plants": [2, 0],
    }
    assert ben["rooms"]["bedroom"] == {
        "core": 0,
        "most_neighbours": 1,
        "colours": ["red", "blue"],
        "plants": [],
    }
    assert ben["rooms"]["lounge"] == {"core": 3, "most_neighbours": 2, "colours": [], "plants": []}
    assert run.draft.answers["walk"]["remember"] == {
        "colours": ["red", "blue", "green", "yellow", "white"]
    }
    legend = "Colours: r red, b blue, g green, y yellow, w white; rb = red and blue; - = none"
    assert legend in run.screen.splitlines()


# Three homes under Nooks & Crannies, every group on one line.
HAPPY_HOME_THREE = [
    "Ana\r",
    "Ben\r",
    "Cy\r",
    E,
    DOWN * 3 + E,
    "red, blue, green, yellow, white\r",
    "5 1\r",
    "2 3 1 0\r",
    "rb rbg b -\r",
    "2+0 - 3 -\r",
    "0 1 0 2\r",
    "7 0\r",
    "3 3 2 1\r",
    "ry rw y ryw\r",
    "- 1 - 4\r",
    "1 0 0 0\r",
    "4 2\r",
    "1 1 1 1\r",
    "- g g gb\r",
    "0 0 - -\r",
    "2 2 2 2\r",
    E,
    E,
    *REVIEW_OK,  # notes, location, the review
]


def test_happy_home_three_players_in_thirty_enters() -> None:
    assert sum(key.count(E) for key in HAPPY_HOME_THREE) <= 30
    run = drive(new_draft("happy-home"), [*HAPPY_HOME_THREE, E], width=100)
    ana = run.session["players"][0]
    assert ana["mat"] == 5 and ana["scratches"] == 1
    assert ana["rooms"]["bathroom"] == {
        "core": 3,
        "colours": ["red", "blue", "green"],
        "plants": [],
        "empty_corners": 1,
    }
    assert ana["rooms"]["kitchen"]["plants"] == [2, 0]
    # Ana: furniture 3+6+1, blue in 3 rooms 2, plants 3+1+4, mat 5, no empty corner in the
    # kitchen 4 and bedroom 6, one scratch -1. Ben: 6+6+3+1, red and yellow in 3 rooms 2+2,
    # plants 2+5, mat 7, bathroom 4, bedroom 6 and lounge 6. Cy: 4, green in 3 rooms 2,
    # plants 1+1, mat 4, every room an empty corner, two scratches -2.
    outcome = run.saved[-1][1]
    assert {s.name: s.total for s in outcome.standings} == {"Ben": 50, "Ana": 34, "Cy": 10}
    one_by_one = [
        *HAPPY_HOME_THREE[:6],
        *(f"{part}\r" for line in HAPPY_HOME_THREE[6:-3] for part in line.split()),
        *HAPPY_HOME_THREE[-3:],
    ]
    assert len(one_by_one) == len(HAPPY_HOME_THREE) + 3 * 13
    assert drive(new_draft("happy-home"), [*one_by_one, E]).session == run.session


def _prompt_lines(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text prompt's line as questionary draws it, recorded as the walk-through asks."""
    import questionary

    lines: list[str] = []
    text = questionary.text

    def recorded(message: str, instruction: str = "", **options: Any) -> Any:
        lines.append(f"? {message} " + (f" {instruction} " if instruction else ""))
        return text(message, instruction=instruction, **options)

    monkeypatch.setattr(questionary, "text", recorded)
    return lines


@pytest.mark.parametrize(("width", "moved"), [(80, 5), (100, 4)])
def test_a_room_prompt_leaves_room_to_type_and_says_the_order_above_when_it_would_wrap(
    width: int, moved: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = _prompt_lines(monkeypatch)
    run = drive(new_draft("happy-home"), [*HAPPY_HOME_THREE, E], width=width)
    # "? Ana: kitchen, pot plants' empty neighbours (Enter = none · or all 4 on one line: kitchen
    # bathroom bedroom lounge · < back)" took 124 columns: the answer went under it.
    assert max(map(len, lines)) + 8 <= width
    rooms = "Answer one at a time, or all 4 on one line: kitchen bathroom bedroom lounge"
    mat = "or all 2 on one line: mat scratches"
    # each of three players: core pieces, colours, pot plants and the objective's count, and at
    # 80 columns the mat and scratches too (83 columns)
    assert run.screen.count(rooms) == 3 * 4
    assert run.screen.count(f"Answer one at a time, {mat}") == 3 * (moved - 4)
    assert sum(mat in line for line in lines) == 3 * (5 - moved)


@pytest.mark.parametrize("title", sorted(SCRIPTS))
def test_every_prompt_leaves_room_to_type_at_80_columns(
    title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = _prompt_lines(monkeypatch)
    run = drive(new_draft(title), [*SCRIPTS[title], E], width=80)
    assert run.saved
    assert max(map(len, lines)) + 8 <= 80
    if title == "first-snow":  # 76 columns with "< back", which the walk-through's start told
        assert "? Ana: round 1 food (berry fish bird caribou)  (Enter for no food) " in lines


# Finishing Touches: rugs are asked only for the rooms with a pot plant (Ana's kitchen and
# bedroom, on one line); Ben has no pot plant, so no rugs question at all.
FINISHING_TOUCHES = [
    "Ana\r",
    "Ben\r",
    E,
    DOWN * 2 + E,
    "red, blue, green, yellow, white\r",
    "5 1\r",
    "2 2 2 2\r",
    "rb rb rb rb\r",
    "2 - 1 -\r",
    "1 0\r",
    "3 0\r",
    "0 0 0 0\r",
    "- - - -\r",
    "- - - -\r",
    *CLOSE,
]


def test_finishing_touches_asks_rugs_only_where_a_pot_plant_could_score_them() -> None:
    run = drive(new_draft("happy-home"), FINISHING_TOUCHES)
    ana, ben = players(run.session)
    assert {room: ana["rooms"][room].get("rugs") for room in ana["rooms"]} == {
        "kitchen": 1,
        "bathroom": None,
        "bedroom": 0,
        "lounge": None,
    }
    assert all("rugs" not in room for room in ben["rooms"].values())
    # Ana: furniture 3 x 4, red and blue in all 4 rooms 5 + 5, plants 3 + 2, mat 5, plant and
    # rug in the kitchen 3, a scratch -1.
    assert {s.name: s.total for s in run.saved[-1][1].standings} == {"Ana": 34, "Ben": 3}


def test_a_three_player_happy_home_review_fits_one_screen_with_players_as_columns() -> None:
    run = drive(new_draft("happy-home"), HAPPY_HOME_THREE, width=100)
    screen = run.screen
    review = screen[screen.rindex("Please check") : screen.index("final scores")].splitlines()[:-1]
    assert sum("┏" in line for line in review) == 1  # one table, players side by side
    assert [cell.strip() for cell in review[7].split("┃")[2:5]] == ["Ana", "Ben", "Cy"]
    assert "colour names: r red, b blue, g green, y yellow, w white" in review
    assert "│ kitchen colours        │   r b │   r y │ none │" in review
    assert max(map(len, review)) <= 100
    assert len(review) <= 36  # with the menu below it (4 rows), one 40-row screen


@pytest.mark.parametrize(
    ("key", "text", "problem"),
    [
        (
            "players.0.rooms.kitchen.colours",
            "rb b",
            "One answer, or all 4 (kitchen bathroom bedroom lounge), not 2",
        ),
        (
            "players.0.rooms.kitchen.colours",
            "rb x - -",
            "bathroom, colours: 'x': type a room's colours as r red, b blue, g green, y yellow, "
            "w white",
        ),
        ("players.0.rooms.bathroom.plants", "2 0", "One answer here"),
        (
            "players.0.rooms.kitchen.plants",
            "2+0 5 - -",
            "bathroom, pot plants' empty neighbours: 0 to 4: a space has 4 orthogonal neighbours",
        ),
        (
            "players.0.rooms.kitchen.core",
            "1 2 4 0",
            "bedroom, core pieces: 0 to 3: each room has 3 core pieces",
        ),
    ],
)
def test_a_line_of_rooms_is_refused_in_the_rooms_words(key: str, text: str, problem: str) -> None:
    import io

    from rich.console import Console

    from scorekeeper.prompts.asker import TableAsker
    from scorekeeper.walkthrough import flow
    from scorekeeper.walkthrough.navigator import _group

    keys = ["Ana\r", "Ben\r", E, E, "red, blue, green, yellow, white\r"]
    draft = drive(new_draft("happy-home"), keys).draft
    steps = flow.planner(draft, (), lambda game: {})[0](draft.answers)
    index = next(i for i, step in enumerate(steps) if step.key == key)
    step = steps[index]
    with pytest.raises(ValueError) as refused:
        TableAsker(Console(file=io.StringIO()))._parse(
            step, step.ask, text, None, _group(steps, index)
        )
    assert str(refused.value).startswith(problem)


def test_happy_home_refuses_two_colour_names() -> None:
    run = drive(new_draft("happy-home"), ["Ana\r", "Ben\r", "\r", E, "red, blue\r"])
    assert run.stopped
    assert "colours" not in run.draft.answers.get("walk", {})


def test_creature_comforts_custom_card_reads_as_words() -> None:
    run = drive(new_draft("creature-comforts"), COMFORTS)
    ana, ben = players(run.session)
    assert ana["comforts"] == ["Hearth", "Socks"]
    assert ben["custom"] == [{"name": "Hot Cocoa", "vp": 2, "bonus": 1, "type": "food"}]
    assert "Hot Cocoa (2 VP, +1 bonus, food)" in run.screen
    assert "{'name'" not in run.screen


def test_improvements_stop_at_four_without_asking_a_fifth() -> None:
    draft = new_draft("creature-comforts")
    keys = ["Ana\r", "\r", "\r", "Lantern\r", "Quilt Rack\r", "Mill\r", "Writing Desk\r"]
    run = drive(draft, keys)
    improvements = run.draft.answers["players"][0].get("improvements", [])
    assert len(improvements) <= 4
    assert "Improvement #5" not in run.screen


def test_live_first_snow_shows_totals_and_ends_with_the_review() -> None:
    keys = ["Ana\r", "Ben\r", *ROUND * 12, "2\r", "1\r", *CLOSE]  # Ana's tools win
    run = drive(new_draft("first-snow", live=True), keys)
    assert "After round 2" in run.screen
    assert "Please check" in run.screen
    assert run.session["players"][0]["tools"] == 2


def test_back_at_the_first_name_returns_to_the_game_menu() -> None:
    run = drive(new_draft(None), [DOWN * 4 + E, "<\r", UP + E, "Ana\r"])
    assert run.draft.answers["game"] == "happy-home"


@pytest.mark.parametrize("keys", [ESC_ENTER, "\x1b" + "\x1b\r"])
def test_esc_enter_on_a_menu_asks_again(keys: str) -> None:
    run = drive(new_draft(None), [keys, keys, DOWN * 4 + E, "Ana\r"])
    assert run.draft.answers["game"] == "hungry"
    assert run.draft.answers["players"][0]["name"] == "Ana"


def test_ctrl_d_stops_like_ctrl_c_with_the_draft_kept() -> None:
    run = drive(new_draft("hungry"), ["Ana\r", "Ben\r", CTRL_D, "Cy\r"])
    assert run.stopped
    assert run.resumed().names == ["Ana", "Ben"]


@pytest.mark.slow
@pytest.mark.parametrize("title", sorted(SCRIPTS))
def test_interrupted_after_any_answer_and_resumed_saves_the_same_session(title: str) -> None:
    """The draft is the walk-through: stopping after answer k (for every k), keeping the draft
    as TOML and resuming gives the session of the run that was never stopped."""
    answers = record(new_draft(title), SCRIPTS[title])
    whole = new_draft(title)
    assert navigate(whole, Replay(answers))
    expected = to_dict(finished(whole))
    for k in range(len(answers)):
        first = new_draft(title)
        assert not navigate(first, Replay(answers[:k]))
        kept = Draft.from_dict(tomllib.loads(dumps(first.to_dict())))
        assert navigate(kept, Replay(answers[k:])), f"stopped after answer {k}"
        assert to_dict(finished(kept)) == expected, f"stopped after answer {k}"


@pytest.mark.slow
def test_first_snow_rounds_survive_ctrl_c_through_the_real_prompts() -> None:
    """Two full rounds for a player, then Ctrl-D: both rounds and the entry mode are kept."""
    keys = ["Ana\r", "Ben\r", DOWN + E, *ROUND * 2]
    run = drive(new_draft("first-snow"), keys)
    assert run.stopped
    kept = run.resumed()
    assert kept.answers["walk"]["entry"] == "rounds"
    assert len(kept.answers["players"][0]["rounds"]) == 2
    rest = drive(kept, FIRST_SNOW_ROUNDS[len(keys) :])
    assert rest.session == drive(new_draft("first-snow"), FIRST_SNOW_ROUNDS).session


@pytest.mark.slow
def test_happy_home_colour_names_survive_ctrl_c_at_the_first_colours() -> None:
    keys = HAPPY_HOME[: HAPPY_HOME.index(HOME_GROUPED[2])]
    run = drive(new_draft("happy-home"), keys)
    kept = run.resumed()
    assert kept.answers["walk"]["colours"] == ["red", "blue", "green", "yellow", "white"]
    assert kept.answers["players"][0]["rooms"]["lounge"]["core"] == 2
    rest = drive(kept, HAPPY_HOME[len(keys) :])
    assert rest.session == drive(new_draft("happy-home"), HAPPY_HOME).session


KEYS = [
    *"120 <a",
    "\x1b",
    "\t",
    DOWN,
    UP,
    "\x7f",
    ENTER,
    ENTER,
    ENTER,
    CTRL_D,
    ESC_ENTER,
    "\x01",
    "\x15",
    "\x1b[Z",
    "2 1 0 3 1\r",
    "Ana, Ben\r",
    "\x07\x1b]0;title\x07",
]


@pytest.mark.slow
@pytest.mark.parametrize("title", [None, *sorted(SCRIPTS)])
def test_random_keys_never_crash_and_every_draft_parses(title: str | None) -> None:
    for seed in range(12):
        rng = random.Random(f"{title}-{seed}")
        keys = "".join(rng.choice(KEYS) for _ in range(rng.randint(20, 160)))
        run = drive(new_draft(title), keys.replace(CTRL_D, "", rng.randint(0, 1)))
        for kept in run.kept:
            Draft.from_dict(tomllib.loads(dumps(kept)))


def _saved(path: Path) -> Session:
    """A sample session file, or the session of a known-answer case."""
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    return from_dict(document.get("session", document))


SAVED = sorted(
    path
    for folder in (Path(__file__).parent.parent / "sample_sessions", *CASES.glob("*"))
    for path in folder.glob("*.toml")
    if "error" not in tomllib.loads(path.read_text(encoding="utf-8")).get("expected", {})
)


@pytest.mark.parametrize("path", SAVED, ids=lambda path: path.stem)
def test_a_saved_session_opened_for_correction_and_accepted_is_unchanged(path: Path) -> None:
    """Every sample and known-answer session: opened at the review, accepted, saved again."""
    session = _saved(path)
    draft = Draft(STARTED, answers_from_session(session), stage="review")
    assert navigate(draft, Replay([("review", None)]))
    assert to_dict(finished(draft)) == to_dict(session)


@pytest.mark.parametrize(("choice", "kept"), [(E, False), (DOWN + E, True)])
def test_a_game_saved_already_is_saved_again_only_when_asked(choice: str, kept: bool) -> None:
    run = drive(new_draft("hungry"), [*HUNGRY, choice], duplicate="d4e5f6")
    assert "This game is saved already, as d4e5f6." in run.screen
    assert bool(run.saved) is kept


def _renamed_ana(home: Path) -> None:
    renamelog.log_path(home).write_text(
        renamelog.to_text([renamelog.new_rename("Ana", "Anabel")]), encoding="utf-8"
    )


def test_a_name_the_group_renamed_is_refused_for_a_new_player(tmp_path: Path) -> None:
    from scorekeeper.history.renames import group_aliases
    from scorekeeper.walkthrough import flow

    _renamed_ana(tmp_path)
    draft = new_draft("hungry")
    plan = flow.planner(draft, (), lambda game: {}, renamed=group_aliases(tmp_path).names)[0]
    [first, *_] = plan(draft.answers)
    assert isinstance(first.ask, Text)
    for typed in ("Ana", " ana "):
        with pytest.raises(ValueError) as refused:
            first.ask.parse(typed)
        # saved as typed, the next sync would have made this player Anabel
        assert str(refused.value) == (
            f"{typed.strip()} was renamed Anabel: type Anabel for them, or another name for "
            "someone else"
        )
    assert [first.ask.parse(t) for t in ("Anabel", "Ana B.", "Ben")] == ["Anabel", "Ana B.", "Ben"]


def test_typed_again_after_the_refusal_the_player_is_saved_under_the_name_now(
    tmp_path: Path,
) -> None:
    _renamed_ana(tmp_path)
    keys = ["Ana\r", "\x7f" * 3 + "Anabel\r", *HUNGRY[1:]]
    run = drive(new_draft("hungry"), keys, home=tmp_path)
    assert run.session["players"][0]["name"] == "Anabel"
    assert "renamed" not in run.screen  # nothing for a sync to change


def test_a_corrected_game_keeping_an_old_name_is_told_what_a_sync_will_do(
    tmp_path: Path,
) -> None:
    saved = drive(new_draft("hungry"), HUNGRY).session  # saved before the rename was known
    _renamed_ana(tmp_path)
    draft = Draft(STARTED, answers_from_session(from_dict(saved)), stage="review")
    run = drive(draft, [*REVIEW_OK, E], home=tmp_path)  # accepted at the review, saved
    assert run.session["players"][0]["name"] == "Ana"  # kept as it was
    assert " ".join(run.screen.split("Saved saved.toml")[-1].split()) == (
        "Ana was renamed Anabel: the next `scorekeeper sync` makes this game's Ana Anabel. If "
        "this Ana is someone else, give them another name: scorekeeper history edit saved"
    )
    assert "renamed" not in drive(new_draft("hungry"), HUNGRY).screen  # no data directory


def test_the_date_is_changed_from_the_review_only() -> None:
    keys = [
        *HUNGRY[: -len(CLOSE)],
        E,
        E,  # notes and location: no question about the date
        DOWN + E,  # Change an answer
        DOWN * 4 + E,  # after the four players: game settings, notes and location
        DOWN * 2 + E,  # notes, location, played
        "2026-11-29\r",
        *REVIEW_OK,
        E,
    ]
    run = drive(new_draft("hungry"), keys)
    assert run.session["played"] == date(2026, 11, 29)
    assert "When was it played?" not in run.screen.split("Please check")[0]
    untouched = drive(new_draft("hungry"), HUNGRY)
    assert untouched.session["played"] == STARTED


def test_a_card_not_in_the_catalogue_can_be_removed_in_the_review() -> None:
    keys = [
        *COMFORTS[: -len(CLOSE)],
        E,
        E,
        DOWN + E,  # Change an answer
        DOWN + E,  # Ben
        DOWN * 11 + E,  # his name, cards, improvements, six Goods, Coins, Stories: the card
        "-\r",
        *REVIEW_OK,
        E,
    ]
    run = drive(new_draft("creature-comforts"), keys)
    assert players(run.session)[1].get("custom", []) == []
    assert "Hot Cocoa" not in run.screen.split("Please check")[-1]


def test_removing_a_card_on_the_way_asks_its_place_again() -> None:
    keys = ["Ana\r", "\r", "Hearth\r", "Socks\r", "<\r", "-\r", "Bread\r", "\r"]
    run = drive(new_draft("creature-comforts"), keys)
    assert run.draft.answers["players"][0]["comforts"] == ["Hearth", "Bread"]
    assert run.draft.position == "players.0.improvements.0"  # the blank closed the list


def _to_review(script: list[str]) -> list[str]:
    """The script's answers up to its review (notes and location skipped)."""
    return [*script[: -len(CLOSE)], E, E]


def test_removing_the_first_card_of_a_list_keeps_the_others() -> None:
    keys = [
        *_to_review(COMFORTS),
        DOWN + E,  # Change an answer
        E,  # Ana
        DOWN + E,  # below her name: Comforts crafted (Hearth, Socks)
        "-\r",  # Hearth goes; Socks is asked next, then the blank closing the list
        E,
        E,
        *REVIEW_OK,
        E,
    ]
    run = drive(new_draft("creature-comforts"), keys)
    assert players(run.session)[0]["comforts"] == ["Socks"]


def test_a_group_can_be_typed_on_one_line_from_the_review() -> None:
    keys = [
        *_to_review(HUNGRY),
        DOWN + E,
        E,
        DOWN + E,  # Change an answer, Ana, her 1-star holiday home
        "0 1 0 3 1\r",
        *REVIEW_OK,
        E,
    ]
    run = drive(new_draft("hungry"), keys)
    assert run.session["players"][0]["homes"] == [0, 1, 0, 3, 1]


def test_a_new_entry_mode_leaves_nothing_to_score_until_answered() -> None:
    keys = [
        *_to_review(FIRST_SNOW_CARD),
        DOWN + E,  # Change an answer
        DOWN * 2 + E,  # after the two players: game settings
        E,  # the entry mode
        DOWN + E,  # round by round: Ana's round 1 food is asked
        "<\r",  # back to the review, with the rounds still to answer
    ]
    run = drive(new_draft("first-snow"), keys)
    review = run.screen.split("Please check")[-1]
    assert "Cannot score yet: not answered yet: Ana: round 1 food" in review


def test_a_new_objective_asks_each_room_its_count() -> None:
    keys = [
        *_to_review(HAPPY_HOME),
        DOWN + E,  # Change an answer
        DOWN * 2 + E,  # game settings
        E,  # the design objective
        DOWN * 3 + E,  # Nooks & Crannies
        *["0\r"] * 8,  # each room's empty corners, for both homes
        *REVIEW_OK,
        E,
    ]
    run = drive(new_draft("happy-home"), keys)
    kitchen = run.session["players"][1]["rooms"]["kitchen"]
    assert kitchen["empty_corners"] == 0
    assert "most_neighbours" not in kitchen


def test_back_at_the_very_first_question_says_there_is_nothing_before() -> None:
    run = drive(new_draft("hungry"), ["<\r", "Ana\r"])
    assert "Nothing comes before this question." in run.screen
    assert run.draft.answers["players"][0]["name"] == "Ana"


def test_a_forgotten_player_is_added_from_the_review() -> None:
    cy = ["3 2 4\r", "1\r", "2\r"]  # the same answers as Ana's
    keys = [*GUESTS[: -len(CLOSE)], E, E, DOWN * 2 + E, "Cy\r", "\r", *cy, *REVIEW_OK, E]
    run = drive(new_draft("before-the-guests-arrive"), keys)
    assert [p["name"] for p in run.session["players"]] == ["Ana", "Ben", "Cy"]
    assert players(run.session)[2] == players(run.session)[0]
    assert run.saved[-1][1].winners == ("Ben",)


def test_a_player_entered_by_mistake_is_removed_from_the_review() -> None:
    cy = ["3 2 4\r", "1\r", "2\r"]
    keys = [
        "Ana\r",
        "Ben\r",
        "Cy\r",
        "\r",
        "3 2 4\r",
        "1\r",
        "2\r",
        "12\r",
        "\r",
        "\r",
        *cy,
        E,
        E,
        DOWN * 3 + E,  # Remove a player (after: score it, change an answer, add a player)
        DOWN + E,  # Ben
        *REVIEW_OK,
        E,
    ]
    run = drive(new_draft("before-the-guests-arrive"), keys)
    assert [p["name"] for p in run.session["players"]] == ["Ana", "Cy"]


def test_removing_a_player_moves_later_players_closed_lists_up() -> None:
    from scorekeeper.games import find_game
    from scorekeeper.walkthrough.plan import Context

    answers: dict[str, Any] = {
        "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}],
        "walk": {"closed": ["players", "players.0.cards", "players.2.cards", "players.2.x"]},
    }
    Context(find_game("creature-comforts"), answers).remove_player(1)
    assert [p["name"] for p in answers["players"]] == ["Ana", "Cy"]
    assert answers["walk"]["closed"] == [
        "players",
        "players.0.cards",
        "players.1.cards",
        "players.1.x",
    ]


def test_the_review_names_what_blocks_scoring_as_the_review_does_not_as_the_file_does() -> None:
    keys = [
        "Ana\r",
        "Ben\r",
        "\r",
        "0 0 0 0 0\r",
        "6 0 0 0 0\r",
        "0 0 0 0 0\r",
        "6 0 0 0 0\r",
        E,
        E,
    ]
    screen = " ".join(drive(new_draft("hungry"), keys).screen.split())
    assert "Cannot score yet: red (tourists at the hotels): 12 tourists at the red hotel" in screen
    over = [
        "Ana\r",
        "Ben\r",
        "\r",
        "6 6 6 6 0\r",
        "6 0 0 0 0\r",
        "0 0 0 0 0\r",
        "0 0 0 0 0\r",
        E,
        E,
    ]
    screen = " ".join(drive(new_draft("hungry"), over).screen.split())
    assert "Cannot score yet: Ana: 30 tourists;" in screen
    assert "key '" not in screen


def test_live_first_snow_resumed_mid_round_shows_the_round_and_the_totals_so_far() -> None:
    keys = ["Ana\r", "Ben\r", *ROUND * 3]  # round 1 for both, round 2 for Ana
    run = drive(new_draft("first-snow", live=True), keys)
    assert run.stopped
    rest = drive(run.resumed(), ROUND)
    before_any_answer = rest.screen.split("Round 2:")[0]
    assert "Round 2 of 6" in before_any_answer
    assert "After round 1" in before_any_answer


def test_a_limit_across_players_is_said_after_the_answer_that_breaks_it() -> None:
    keys = ["Ana\r", "Ben\r", "\r", "0 0 0 0 0\r", "6 0 0 0 0\r", "0 0 0 0 0\r", "6 0 0 0 0\r"]
    run = drive(new_draft("hungry"), keys)
    screen = " ".join(run.screen.split())
    assert "Check: red (tourists at the hotels): 12 tourists at the red hotel" in screen
    assert "Please check" not in screen  # said before the review, straight after Ben's hotels
    fine = drive(new_draft("hungry"), [*keys[:-1], "4 0 0 0 0\r"])
    assert "Check:" not in fine.screen


@pytest.mark.parametrize("title", sorted(SCRIPTS))
def test_no_check_is_raised_on_the_way_through_a_valid_game(title: str) -> None:
    assert "Check:" not in drive(new_draft(title), SCRIPTS[title]).screen
