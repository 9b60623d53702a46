"""Text of parts wraps only between parts: "Ben 51" stays on one line."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from scorekeeper.render.units import Units

NAMES = st.text(
    st.characters(min_codepoint=ord("a"), max_codepoint=ord("z")), min_size=1, max_size=12
)
PARTS = st.lists(st.tuples(NAMES, st.integers(0, 999)), min_size=1, max_size=6)


def _lines(units: Units, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(Padding(units, 0))
    output = console.file.getvalue()  # type: ignore[attr-defined]
    return [line.rstrip() for line in output.splitlines()]


@given(PARTS, st.integers(1, 60))
def test_lines_break_only_between_parts_that_fit(parts: list[tuple[str, int]], slack: int) -> None:
    shown = [f"{name} {points}" for name, points in parts]
    widest = max(len(part) + 1 for part in shown)  # with its comma
    lines = _lines(Units([Text(part) for part in shown]), widest + slack)
    assert [part for line in lines for part in line.rstrip(",").split(", ")] == shown
    assert all(len(line) <= widest + slack for line in lines)


def test_a_part_wider_than_the_line_folds_as_a_word_would() -> None:
    lines = _lines(Units([Text("Bartholomew 12"), Text("Al 3")]), 5)
    assert lines == ["Barth", "olome", "w 12,", "Al 3"]


def test_measured_as_its_widest_part_and_its_whole_length() -> None:
    units = Units([Text("Ana 16"), Text("Bartholomew 9")])
    console = Console(width=80, file=io.StringIO())
    measured = units.__rich_measure__(console, console.options)
    assert (measured.minimum, measured.maximum) == (
        len("Bartholomew 9"),
        len("Ana 16, Bartholomew 9"),
    )
