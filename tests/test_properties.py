"""Invariants over generated games: order independence, award limits, lossless files."""

from __future__ import annotations

import tomllib
from datetime import datetime
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.majority import award_places
from scorekeeper.games.base import NoSettings, Seat
from scorekeeper.games.before_the_guests_arrive import GAME as GUESTS
from scorekeeper.games.before_the_guests_arrive import GuestsPlayer
from scorekeeper.games.hungry import GAME as HUNGRY
from scorekeeper.games.hungry import STARS, HungryPlayer
from scorekeeper.session import Session, from_dict, to_dict
from scorekeeper.storage import dumps

NAMES = ["Ana", "Ben", "Cy", "Dee"]


@st.composite
def hungry_seats(draw: st.DrawFn) -> list[Seat[HungryPlayer]]:
    """2-4 players whose counts never put more than 10 tourists at one resort, nor more than
    their share of the 48 tourists at all."""
    players = draw(st.integers(2, 4))
    placed = [0] * players
    columns = []
    for _ in range(10):
        column: list[int] = []
        for p in range(players):
            room = min(10 - sum(column), 48 // players - placed[p])
            column.append(draw(st.integers(0, room)))
            placed[p] += column[-1]
        columns.append(column)
    return [
        Seat(
            NAMES[p],
            HungryPlayer(
                homes=tuple(columns[r][p] for r in range(5)),
                hotels=tuple(columns[r][p] for r in range(5, 10)),
            ),
        )
        for p in range(players)
    ]


guests_player = st.builds(
    GuestsPlayer,
    # At most 10 object cards each, so four players stay within the box's 45.
    stored=st.one_of(st.integers(0, 60), st.lists(st.integers(1, 5), max_size=5).map(tuple)),
    loose_objects=st.integers(0, 5),
    loose_paws=st.integers(0, 6),
)


@st.composite
def guests_seats(draw: st.DrawFn) -> list[Seat[GuestsPlayer]]:
    players = draw(st.integers(2, 4))
    return [Seat(NAMES[p], draw(guests_player)) for p in range(players)]


def _by_name(outcome: Any) -> dict[str, tuple[int, int, list[tuple[str, int, str]]]]:
    """Each player's result; details may list other players in seat order, so they are left out."""
    return {
        s.name: (s.total, s.rank, [(line.category, line.points, line.rule) for line in s.lines])
        for s in outcome.standings
    }


@given(hungry_seats(), st.randoms())
def test_hungry_player_order_changes_nothing(seats: list[Seat[HungryPlayer]], rnd: Any) -> None:
    shuffled = seats[:]
    rnd.shuffle(shuffled)
    first = HUNGRY.score(seats, NoSettings())
    second = HUNGRY.score(shuffled, NoSettings())
    assert _by_name(first) == _by_name(second)
    assert set(first.winners) == set(second.winners)


@given(guests_seats(), st.randoms())
def test_guests_player_order_changes_nothing(seats: list[Seat[GuestsPlayer]], rnd: Any) -> None:
    shuffled = seats[:]
    rnd.shuffle(shuffled)
    first = GUESTS.score(seats, NoSettings())
    second = GUESTS.score(shuffled, NoSettings())
    assert _by_name(first) == _by_name(second)
    assert set(first.winners) == set(second.winners)


@given(st.lists(st.integers(0, 10), min_size=2, max_size=4))
def test_a_resort_awards_at_most_tile_and_token(counts: list[int]) -> None:
    places = award_places(counts)
    assert len(places) <= 2
    assert len(set(places)) == len(places)
    for seat in places:
        assert counts[seat] > 0
        assert counts.count(counts[seat]) == 1  # tied players never place
    if len(places) == 2:
        assert counts[places[0]] > counts[places[1]]


@given(hungry_seats())
def test_hungry_points_stay_within_the_box(seats: list[Seat[HungryPlayer]]) -> None:
    outcome = HUNGRY.score(seats, NoSettings())
    lines = [line for standing in outcome.standings for line in standing.lines]
    for star in STARS:
        resort = [line for line in lines if line.detail.startswith(f"{star}-star home:")]
        assert sum(line.points for line in resort) <= star + 1
        assert len(resort) <= 2
    assert sum(line.points for line in lines if line.category == "Hotels") <= 5 * 6
    assert sum(line.points for line in lines if line.category == "Bonus") in (0, 5)


@given(st.one_of(hungry_seats(), guests_seats()))
def test_totals_equal_the_sum_of_lines_and_winners_rank_first(seats: list[Seat[Any]]) -> None:
    game = HUNGRY if isinstance(seats[0].inputs, HungryPlayer) else GUESTS
    outcome = game.score(seats, NoSettings())
    for standing in outcome.standings:
        assert standing.total == sum(line.points for line in standing.lines)
    assert outcome.winners
    assert all(s.rank == 1 for s in outcome.standings if s.name in outcome.winners)
    best = max(s.total for s in outcome.standings)
    assert all(s.total == best for s in outcome.standings if s.name in outcome.winners)


user_text = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=30
)


@settings(max_examples=150)
@given(
    st.one_of(hungry_seats(), guests_seats()),
    st.lists(
        st.text(min_size=1, max_size=12).filter(str.strip),
        min_size=4,
        max_size=4,
        unique_by=lambda s: s.strip().casefold(),
    ),
    st.one_of(st.none(), user_text),
    st.one_of(
        st.none(),
        st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1)).map(
            lambda d: d.replace(microsecond=0)
        ),
    ),
    st.dictionaries(st.text(min_size=1, max_size=5), st.integers(), max_size=3),
)
def test_a_session_survives_write_and_read(
    seats: list[Seat[Any]],
    names: list[str],
    notes: str | None,
    played: datetime | None,
    extra: dict[str, int],
) -> None:
    game = HUNGRY if isinstance(seats[0].inputs, HungryPlayer) else GUESTS
    renamed = tuple(
        Seat(name.strip(), seat.inputs) for name, seat in zip(names, seats, strict=False)
    )
    session = Session(
        game=game, seats=renamed, settings=NoSettings(), played=played, notes=notes, extra=extra
    )
    text = dumps(to_dict(session, session.score()))
    again = from_dict(tomllib.loads(text))
    assert again == session
    assert again.score() == session.score()
