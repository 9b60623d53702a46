"""render.table.Table draws exactly what rich's Table draws, and takes its short path when it can.

Each property draws the same table with both classes, in colour (so styles must match too,
not only the characters) and at widths where it fits and where rich must wrap it.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
import rich.table
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from scorekeeper.render.table import Table
from tests.conftest import examples

PLAIN = st.text(alphabet=st.sampled_from("ab Z9=%-./é漢✓"), max_size=30).map(str.rstrip)
ANY = st.text(alphabet=st.sampled_from("ab Z9\t\n\u2028"), max_size=8)
STYLES = st.sampled_from(["", "bold", "dim", "reverse", "italic red", "on blue"])
OVERFLOWS = st.sampled_from(["fold", "ellipsis", "crop"])  # ours folds unless told otherwise


def draw(table: rich.table.Table, width: int) -> str:
    out = io.StringIO()
    console = Console(
        file=out, width=width, force_terminal=True, color_system="truecolor", highlight=False
    )
    console.print(table)
    return out.getvalue()


@st.composite
def tables(draw_from: st.DrawFn) -> tuple[rich.table.Table, Table]:
    """The same random table built twice, with rich's class and with ours: half of them of
    one-line cells as ours are, half with anything (text given as str is rich markup: ours has
    no brackets)."""
    plain = draw_from(st.booleans())
    words = PLAIN if plain else ANY
    texts = st.builds(Text, words.map(lambda w: w.replace("a", "[")), style=STYLES)
    cells = st.one_of(words, texts)
    sides = ["left", "right"] if plain else ["left", "right", "center"]
    columns = draw_from(
        st.lists(
            st.tuples(cells, st.sampled_from(sides), STYLES, st.booleans(), OVERFLOWS),
            min_size=1,
            max_size=6,
        )
    )
    rows = draw_from(
        st.lists(
            st.tuples(
                st.lists(cells, min_size=len(columns), max_size=len(columns)),
                st.sampled_from([None, "bold", "reverse"]),
                st.booleans(),
            ),
            max_size=6,
        )
    )
    options = {
        "title": draw_from(st.one_of(st.none(), PLAIN)),
        "caption": draw_from(st.one_of(st.none(), PLAIN)),
        "title_justify": draw_from(st.sampled_from(["left", "center"])),
        "show_lines": not plain and draw_from(st.booleans()),
    }
    built = []
    for cls in (rich.table.Table, Table):
        table = cls(**options)
        for header, justify, style, no_wrap, overflow in columns:
            table.add_column(
                header, justify=justify, style=style, no_wrap=no_wrap, overflow=overflow
            )
        for row, style, end_section in rows:
            table.add_row(*row, style=style, end_section=end_section)
        built.append(table)
    return built[0], built[1]


@settings(max_examples=examples(300), deadline=None)
@given(tables(), st.integers(min_value=10, max_value=200))
def test_it_draws_what_rich_draws(pair: tuple[rich.table.Table, Table], width: int) -> None:
    theirs, ours = pair
    assert draw(ours, width) == draw(theirs, width)


def refuse_rich_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    """rich's own layout fails from now on: the short path must draw alone."""

    def refuse(*args: object) -> Iterator[object]:
        raise AssertionError("drawn by rich's layout")
        yield

    monkeypatch.setattr(rich.table.Table, "__rich_console__", refuse)


def scores(cls: type[rich.table.Table] = Table) -> rich.table.Table:
    table = cls(title="Hungry: final scores", title_justify="left", caption="3 players")
    table.add_column("#", justify="right", overflow="fold")
    table.add_column("Player", overflow="fold")
    table.add_column("Total", justify="right", style="bold", overflow="fold")
    table.add_row("1", Text("Ana Beatriz Carvalho", style="bold"), "17")
    table.add_row("2=", "Ben", "12", end_section=True)
    table.add_row("2=", "漢字", "12", style="reverse")
    return table


@pytest.mark.parametrize("width", [80, 24])
def test_one_line_cells_take_the_short_path_even_when_some_must_wrap(
    width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = draw(scores(rich.table.Table), width)
    refuse_rich_layout(monkeypatch)
    drawn = draw(scores(), width)
    assert drawn == expected
    lines = [line for line in drawn.splitlines() if line.startswith("│")]
    assert len(lines) == (3 if width == 80 else 6)  # at 24 columns the long name takes 4


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.add_row("4", "Two\nlines", "1"),
        lambda t: t.add_row("4", "Cy  ", "1"),  # trailing blanks: justifying changes them
        lambda t: t.columns[1].__setattr__("justify", "center"),
        lambda t: t.columns[1].__setattr__("min_width", 12),
    ],
)
def test_anything_else_is_left_to_rich(change: object, monkeypatch: pytest.MonkeyPatch) -> None:
    table = scores()
    change(table)  # type: ignore[operator]
    refuse_rich_layout(monkeypatch)
    with pytest.raises(AssertionError, match="drawn by rich's layout"):
        draw(table, 80)


def leaderboard(keys: int, name: str = "Bartholomew") -> Table:
    """A leaderboard as `stats` draws one: too wide for 60 columns at its natural width."""
    table = Table(keys=keys, title="Hungry: leaderboard", caption="Most wins first.")
    table.title_justify = table.caption_justify = "left"
    table.add_column("#", justify="right")
    table.add_column("Player")
    for header in ("Plays", "Wins", "Win rate", "Average", "Best"):
        table.add_column(header, justify="right")
    table.add_column("Scores, oldest first", no_wrap=True)
    table.add_row("1", name, "3", "3", "100%", "20.0", "28", "▁█▁")
    table.add_row("2", "Ben", "3", "0", "0%", "18.3", "23", "▁█▁")
    return table


def plain(table: Table, width: int) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(table)
    return [line.rstrip() for line in out.getvalue().splitlines()]


def test_a_table_too_wide_for_its_words_is_drawn_in_parts_that_repeat_its_keys() -> None:
    assert plain(leaderboard(keys=2), 60) == [
        "Hungry: leaderboard",
        "┏━━━┳━━━━━━━━━━━━━┳━━━━━━━┳━━━━━━┳━━━━━━━━┳━━━━━━━━━┳━━━━━━┓",
        "┃   ┃             ┃       ┃      ┃    Win ┃         ┃      ┃",
        "┃ # ┃ Player      ┃ Plays ┃ Wins ┃   rate ┃ Average ┃ Best ┃",
        "┡━━━╇━━━━━━━━━━━━━╇━━━━━━━╇━━━━━━╇━━━━━━━━╇━━━━━━━━━╇━━━━━━┩",
        "│ 1 │ Bartholomew │     3 │    3 │   100% │    20.0 │   28 │",
        "│ 2 │ Ben         │     3 │    0 │     0% │    18.3 │   23 │",
        "└───┴─────────────┴───────┴──────┴────────┴─────────┴──────┘",
        "",
        "┏━━━┳━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━┓",
        "┃ # ┃ Player      ┃ Scores, oldest first ┃",
        "┡━━━╇━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━┩",
        "│ 1 │ Bartholomew │ ▁█▁                  │",
        "│ 2 │ Ben         │ ▁█▁                  │",
        "└───┴─────────────┴──────────────────────┘",
        "Most wins first.",
    ]


def test_a_table_that_fits_by_wrapping_words_is_drawn_whole_without_breaking_one() -> None:
    # rich would narrow "Average" too, to "Averag" and "e"; only "Win rate" has room to give
    assert plain(leaderboard(keys=2, name="Ana"), 78)[1:6] == [
        "┏━━━┳━━━━━━━━┳━━━━━━━┳━━━━━━┳━━━━━━━━┳━━━━━━━━━┳━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━┓",
        "┃   ┃        ┃       ┃      ┃    Win ┃         ┃      ┃                      ┃",
        "┃ # ┃ Player ┃ Plays ┃ Wins ┃   rate ┃ Average ┃ Best ┃ Scores, oldest first ┃",
        "┡━━━╇━━━━━━━━╇━━━━━━━╇━━━━━━╇━━━━━━━━╇━━━━━━━━━╇━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━┩",
        "│ 1 │ Ana    │     3 │    3 │   100% │    20.0 │   28 │ ▁█▁                  │",
    ]
    assert plain(leaderboard(keys=2, name="Ana"), 80) == plain(leaderboard(keys=0, name="Ana"), 80)


def test_without_keys_a_narrow_column_folds_a_name_and_never_cuts_it() -> None:
    lines = plain(leaderboard(keys=0), 60)
    assert not any("…" in line for line in lines)
    names = "".join(line.split("│")[2].strip() for line in lines if line.startswith("│"))
    assert names.startswith("Bartholomew") and "Ben" in names


WORDS = st.text(alphabet=st.sampled_from("abcXYZ0129%é漢"), min_size=1, max_size=12)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(st.lists(WORDS, min_size=1, max_size=3).map(" ".join), min_size=3, max_size=9),
    st.lists(WORDS, min_size=1, max_size=4),
    st.integers(min_value=1, max_value=3),
    st.integers(min_value=24, max_value=160),
)
def test_a_table_with_keys_fits_the_terminal_and_cuts_nothing(
    headers: list[str], names: list[str], keys: int, width: int
) -> None:
    table = Table(keys=min(keys, len(headers) - 1), title="Scores", caption="best first")
    for index, header in enumerate(headers):
        table.add_column(header, justify="right" if index else "left", no_wrap=index == 2)
    for row, name in enumerate(names):
        table.add_row(name, *(str(row * 7 + index) for index in range(1, len(headers))))
    lines = plain(table, width)
    assert max(cell_len(line) for line in lines) <= width
    assert not any("…" in line for line in lines)
    bodies = [line for line in lines if line.startswith("│")]
    for name in names:  # a key: shown in every part, whole where one word of each column fits
        shown = name if width >= 60 else name[0]
        assert any(shown in line for line in bodies)
