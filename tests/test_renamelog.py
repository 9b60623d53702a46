"""`renames.toml`: the renames a group shares, appended, merged as a union, folded in order."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import StorageError
from scorekeeper.storage.renamelog import (
    Rename,
    aliases,
    appended,
    merged,
    new_rename,
    parse,
    to_text,
    undoing,
    union,
)

T0 = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def rename(ident: str, minutes: int, old: str, new: str) -> Rename:
    return Rename(ident * 8, at(minutes), old, new)


def test_an_appended_rename_reads_back_and_keeps_what_was_written_before() -> None:
    first = new_rename("Ana", "Anabel", at(0))
    text = appended(None, [first], "renames.toml")
    assert parse(text, "renames.toml").entries == (first,)
    hand = text + "# Ana asked for it at the table\n"
    second = new_rename("Ben", "Benji", at(5))
    both = appended(hand, [second], "renames.toml")
    assert both.startswith(hand)  # comments and earlier tables stay as written
    assert parse(both, "renames.toml").entries == (first, second)
    assert tomllib.loads(both)["rename"][1] == {
        "id": second.id,
        "at": at(5),
        "from": "Ben",
        "to": "Benji",
    }


def test_a_broken_file_is_never_appended_to() -> None:
    with pytest.raises(StorageError, match=r"^renames.toml: not valid TOML"):
        appended("[[rename]\n", [new_rename("Ana", "Anabel")], "renames.toml")
    with pytest.raises(StorageError, match="expected \\[\\[rename\\]\\] tables"):
        appended('rename = "Ana"\n', [new_rename("Ana", "Anabel")], "renames.toml")


def test_bad_tables_are_left_out_and_said_why() -> None:
    good = rename("a", 0, "Ana", "Anabel")
    text = to_text([good]) + (
        '\n[[rename]]\nid = "b"\nat = 2026-12-01T18:00:00Z\nfrom = "Ben"\nto = "Bo"\n'
        '\n[[rename]]\nid = "cccccccc"\nat = 2026-12-01T18:00:00\nfrom = "Ben"\nto = "Bo"\n'
        '\n[[rename]]\nid = "dddddddd"\nat = 2026-12-01T18:00:00Z\nfrom = "Ben"\nto = "  "\n'
        '\n[[rename]]\nid = "eeeeeeee"\nat = 2026-12-01T18:00:00Z\nfrom = "Ben"\nto = "B\\u0000"\n'
        '\n[[rename]]\nid = "ffffffff"\nat = 2026-12-01T18:00:00Z\nfrom = "Ben"\nto = "Bo"\n'
        'run = "rm -rf /"\n'
    )
    log = parse(text, "renames.toml")
    assert log.entries == (good,)
    assert log.problems == (
        "renames.toml: rename 2: key 'id': expected 8 to 64 hex digits, got 'b'; left out",
        "renames.toml: rename 3: key 'at': expected a date and time with its offset, got "
        "datetime.datetime(2026, 12, 1, 18, 0); left out",
        "renames.toml: rename 4: key 'to': expected a non-empty name, got '  '; left out",
        "renames.toml: rename 5: key 'to': expected visible characters, got 'B\\x00'; left out",
        "renames.toml: rename 6: unknown key 'run'; left out",
    )


def test_the_union_counts_each_rename_once_oldest_first() -> None:
    a, b, c = (
        rename("a", 10, "Ana", "Anabel"),
        rename("b", 0, "Ben", "Bo"),
        rename("c", 5, "Cy", "Cyd"),
    )
    assert union([a, b], [b, c]) == [b, c, a]
    both = merged(to_text([a, b]), to_text([c, b]))
    assert both is not None and both.unread == ""
    assert parse(both.text, "renames.toml").entries == (b, c, a)
    one = merged("not toml [", to_text([c]))
    assert one is not None and one.text == to_text([c])
    assert one.unread.startswith("the group's version was left out (renames.toml: not valid TOML")
    assert merged("not toml [", "nor this [") is None


def test_one_id_written_two_ways_keeps_the_same_one_whatever_the_order() -> None:
    one, other = rename("a", 0, "Ana", "Anabel"), rename("a", 0, "Ana", "Annie")
    assert union([one], [other]) == union([other], [one]) == [one]


def test_a_chain_of_renames_ends_at_the_last_name() -> None:
    found = aliases([rename("a", 0, "Ana", "Anabel"), rename("b", 5, "anabel", "Bel")])
    assert found.current("ANA") == found.current("Anabel") == "Bel"
    assert found.former("bel") == ("Ana", "Anabel")
    assert found.renames("anabel") and not found.renames("bel")  # a new name is left as written
    assert found.current("Cy") == "Cy" and found.conflicts == ()


@pytest.mark.parametrize("order", [1, -1])
def test_two_renames_of_one_player_made_apart_the_later_wins(order: int) -> None:
    here, there = rename("a", 0, "Ana", "Anabel"), rename("b", 5, "Ana", "Annie")
    found = aliases([here, there][::order])
    assert {found.current(n) for n in ("Ana", "Anabel", "Annie")} == {"Annie"}
    assert [(c.earlier, c.later) for c in found.conflicts] == [(here, there)]


def test_a_name_given_to_another_player_is_no_longer_an_alias() -> None:
    found = aliases([rename("a", 0, "Bel", "Cy"), rename("b", 5, "Ana", "Bel")])
    assert (found.current("Ana"), found.current("Bel")) == ("Bel", "Bel")
    assert found.conflicts == ()


def test_renaming_back_and_undoing_leave_the_old_name() -> None:
    there = rename("a", 0, "Ana", "Anabel")
    back = aliases([there, rename("b", 5, "Anabel", "Ana")])
    assert (back.current("Anabel"), back.current("Ana"), back.conflicts) == ("Ana", "Ana", ())
    undone = aliases([there, *undoing([there], at(5))])
    assert undone.names == {} and undone.current("Ana") == "Ana"


names = st.sampled_from(["Ana", "ana", "Anabel", "Ben", "Bo", "Cy"])
logs = st.lists(
    st.builds(
        Rename,
        st.text("0123456789abcdef", min_size=8, max_size=8),
        st.integers(0, 30).map(at),
        names,
        names,
    ),
    max_size=6,
)


@given(logs, logs)
def test_two_logs_merged_either_way_give_the_same_names(
    mine: list[Rename], theirs: list[Rename]
) -> None:
    one, other = aliases(union(mine, theirs)), aliases(union(theirs, mine))
    assert one.names == other.names
    for name in ("Ana", "Anabel", "Ben", "Bo", "Cy"):  # a name's current name is final
        assert one.current(one.current(name)) == one.current(name)


def test_a_rename_to_another_players_name_makes_one_player_of_them() -> None:
    found = aliases([rename("a", 0, "Annie", "Ana"), rename("b", 5, "Anna", "ana"),
                     rename("c", 9, "Ana", "Anabel")])  # fmt: skip
    assert {found.current(n) for n in ("Annie", "Anna", "ana")} == {"Anabel"}
    assert found.former("Anabel") == ("ana", "Anna", "Annie")  # as the log last gave them


def test_a_long_log_folds_quickly() -> None:
    chain = [Rename(f"{i:08x}", at(i), f"P{i}", f"P{i + 1}") for i in range(5000)]
    assert aliases(chain).current("P0") == "P5000"  # a few milliseconds; a naive fold: seconds
