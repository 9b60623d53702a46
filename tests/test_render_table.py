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
from rich.console import Console
from rich.text import Text

from scorekeeper.render.table import Table
from tests.conftest import examples

PLAIN = st.text(alphabet=st.sampled_from("ab Z9=%-./é漢✓"), max_size=30).map(str.rstrip)
ANY = st.text(alphabet=st.sampled_from("ab Z9\t\n\u2028"), max_size=8)
STYLES = st.sampled_from(["", "bold", "dim", "reverse", "italic red", "on blue"])


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
            st.tuples(cells, st.sampled_from(sides), STYLES, st.booleans()),
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
        for header, justify, style, no_wrap in columns:
            table.add_column(header, justify=justify, style=style, no_wrap=no_wrap)
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
    table.add_column("#", justify="right")
    table.add_column("Player")
    table.add_column("Total", justify="right", style="bold")
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
    assert len(lines) == (3 if width == 80 else 5)  # at 24 columns the long name takes 3


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
