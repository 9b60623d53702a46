"""rich's Table, drawn without rich's per-cell layout when every cell is one line of text.

rich lays out each cell on its own (measure, pad, wrap, justify, crop: about 75 µs a cell), so
`stats` spent a quarter of its run drawing 500 cells. Our cells are short lines of text: then a
column's width is its longest cell, and a cell that fits its column is one justified line.
This class works the widths out as rich does (narrowing the widest columns first when the
table is wider than the terminal), draws the cells that fit itself and has rich draw only the
cells that must wrap, and so yields exactly the segments rich would (the same characters and
styles; tests/test_render_table.py compares them). Options our tables do not use, and cells
that are not one line of text, are left to rich's own layout.

Two choices differ from rich's defaults, so that a narrow terminal never cuts what it shows:
a cell narrower than a word folds it onto the next line instead of ending it in "…", and a
table given `keys` (the leading columns that name a row: place and player) that is wider than
the terminal is drawn as several tables one below the other, each repeating the keys (as
pandas prints a wide frame), rather than with every column squeezed to a letter.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from copy import copy
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich import table
from rich.cells import cell_len
from rich.measure import Measurement
from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import (
        Console,
        ConsoleOptions,
        OverflowMethod,
        RenderableType,
        RenderResult,
    )

_EDGE_PADDING = (0, 1, 0, 1)
_NEWLINE = Text("\n")
Lines = list[list[Segment]]


class Table(table.Table):
    """A rich Table; see the module docstring for how it is drawn."""

    def __init__(self, *headers: table.Column | str, keys: int = 0, **options: Any) -> None:
        """`keys`: how many leading columns name a row and are repeated when the table is
        drawn in parts to fit the terminal (0: always drawn whole)."""
        super().__init__(*headers, **options)
        self.keys = keys

    def add_column(
        self,
        header: RenderableType = "",
        footer: RenderableType = "",
        *,
        overflow: OverflowMethod = "fold",
        **options: Any,
    ) -> None:
        """As rich's, but a word wider than its column folds instead of being cut with "…"."""
        super().add_column(header, footer, overflow=overflow, **options)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        parts = self._parts(console, options)
        if parts is not None:
            for index, (columns, sized) in enumerate(parts):
                if index:
                    yield Segment.line()
                yield self._part(columns, sized, first=index == 0, last=index == len(parts) - 1)
            return
        layout = self._layout(console, options)
        if layout is None:
            yield from super().__rich_console__(console, options)
            return
        header, rows, widths = layout
        table_width = sum(widths) + len(widths) + 1
        render_options = options.update(width=table_width, highlight=self.highlight, height=None)
        if self.title:
            yield from self._annotation(console, render_options, self.title, "title")
        yield from self._lines(console, options, header, rows, widths)
        if self.caption:
            yield from self._annotation(console, render_options, self.caption, "caption")

    def _parts(
        self, console: Console, options: ConsoleOptions
    ) -> list[tuple[list[int], list[tuple[int, bool]]]] | None:
        """None when the table is drawn as it is: it has no keys, or rich fits it to the room
        without breaking a word. Else the parts to draw, each with its columns and their widths
        (and whether the column is narrower than its widest cell): the whole table if it fits
        by wrapping words (never breaking one), or parts of the keys and as many of the next
        columns as fit so (at least one)."""
        every = list(range(len(self.columns)))
        if not self.keys or len(self.columns) <= self.keys or self.box is None:
            return None
        _, right, _, left = self.padding
        room = options.max_width - len(self.columns) - 1
        if (
            sum(self._widest(console, options, column) + left + right for column in self.columns)
            <= room
        ):
            return None  # the common case, worked out quickly
        sizes = [self._measure(console, options, column, left + right) for column in self.columns]
        natural = [size.maximum for size in sizes]
        wrapable = [column.width is None and not column.no_wrap for column in self.columns]
        least = [
            size.minimum if wraps else size.maximum
            for size, wraps in zip(sizes, wrapable, strict=True)
        ]
        narrowed = _narrowed(natural, wrapable, room)
        if all(width >= most for width, most in zip(narrowed, least, strict=True)):
            return None  # rich's own narrowing breaks no word

        def fitted(part: list[int], fold: int = 0) -> list[tuple[int, bool]] | None:
            """Widths keeping words whole; `fold` 1: the keys' words only, 2: none (a column
            keeps one letter), the widest folded first."""
            room = options.max_width - len(part) - 1
            lowest = [least[i] if not fold else 3 for i in part]
            if fold == 1:
                lowest = [sizes[i].minimum if i < self.keys else 3 for i in part]
            widths = _fitted([natural[i] for i in part], lowest, room)
            if widths is None:
                return None
            return [(width, width < natural[i]) for width, i in zip(widths, part, strict=True)]

        whole = fitted(every)
        if whole is not None:
            return [(every, whole)]
        parts = [every[: self.keys]]
        for index in every[self.keys :]:
            if len(parts[-1]) > self.keys and fitted([*parts[-1], index]) is None:
                parts.append(every[: self.keys])
            parts[-1].append(index)
        # A part too wide even so (a long word, or a column that may not wrap) folds the
        # widest columns rather than squeeze every column, the keys too, to a letter or none.
        return [(part, fitted(part) or fitted(part, 1) or fitted(part, 2) or []) for part in parts]

    def _widest(self, console: Console, options: ConsoleOptions, column: table.Column) -> int:
        """The column's width when nothing wraps, padding left out (at most its max_width)."""
        cells = [column.header, *column.cells] if self.show_header else column.cells
        widest = max((_width(console, options, cell) for cell in cells), default=1)
        return widest if column.max_width is None else min(widest, column.max_width)

    def _measure(
        self, console: Console, options: ConsoleOptions, column: table.Column, padding: int
    ) -> Measurement:
        """The column's narrowest width without breaking a word, and its width when nothing
        wraps, padding included."""
        cells = [column.header, *column.cells] if self.show_header else list(column.cells)
        sizes = [_measured(console, options, cell) for cell in cells]
        narrowest = max((size.minimum for size in sizes), default=1)
        widest = max((size.maximum for size in sizes), default=1)
        size = Measurement(narrowest + padding, widest + padding)
        return size.clamp(None, None if column.max_width is None else column.max_width + padding)

    def _part(
        self, columns: Sequence[int], widths: Sequence[tuple[int, bool]], first: bool, last: bool
    ) -> Table:
        """This table with only the given columns, at the given widths (padding included) if
        any, a column narrower than its widest cell wrapping even if it was not to; the title
        above the first part only, the caption below the last."""
        _, right, _, left = self.padding
        part = copy(self)
        part.keys = 0
        part.columns = [replace(self.columns[i], _index=n) for n, i in enumerate(columns)]
        for column, (width, narrowed) in zip(part.columns, widths, strict=False):
            column.width = width - left - right
            column.no_wrap = column.no_wrap and not narrowed
        part.title = self.title if first else None
        part.caption = self.caption if last else None
        return part

    def _layout(
        self, console: Console, options: ConsoleOptions
    ) -> tuple[list[Text], list[list[Text]], list[int]] | None:
        """Every cell as one line of text and each column's width with its padding; None when
        rich must lay the table out itself."""
        if not self._is_plain_layout():
            return None
        columns = self.columns
        header = []
        for column in columns:
            if column.width is not None or column.min_width is not None:
                return None
            if column.max_width is not None or column.justify not in ("left", "right"):
                return None
            cell = _one_line(console, column.header, column.highlight)
            if cell is None:
                return None
            header.append(cell)
        widths = [cell_len(cell.plain) + 2 for cell in header]
        rows: list[list[Text]] = [[] for _ in self.rows]
        for index, column in enumerate(columns):
            values = list(column.cells)
            if len(values) != len(rows):
                return None
            for row, value in zip(rows, values, strict=True):
                cell = _one_line(console, value, column.highlight)
                if cell is None:
                    return None
                row.append(cell)
                widths[index] = max(widths[index], cell_len(cell.plain) + 2)
        room = options.max_width - len(columns) - 1
        widths = [min(width, room) for width in widths]
        if sum(widths) > room:
            widths = _narrowed(widths, [not column.no_wrap for column in columns], room)
        if min(widths) < 3:  # rich measures such narrow columns again, its own way
            return None
        return header, rows, widths

    def _is_plain_layout(self) -> bool:
        """Only the options our tables use: rich's default box, edges and padding, no footer."""
        return bool(
            self.columns
            and self.box is not None
            and self.show_header
            and self.show_edge
            and not self.show_footer
            and not self.show_lines
            and not self.leading
            and not self.expand
            and self.width is None
            and self.min_width is None
            and self.padding == _EDGE_PADDING
            and self.pad_edge
            and not self.collapse_padding
        )

    def _annotation(
        self, console: Console, options: ConsoleOptions, text: str | Text, kind: str
    ) -> Iterator[Segment]:
        """The title or the caption, as rich draws them above and below the table."""
        if kind == "title":
            style, justify = Style.pick_first(self.title_style, "table.title"), self.title_justify
        else:
            style = Style.pick_first(self.caption_style, "table.caption")
            justify = self.caption_justify
        if isinstance(text, str):
            text = console.render_str(text, style=style, highlight=False)
        yield from console.render(text, options=options.update(justify=justify))

    def _lines(
        self,
        console: Console,
        options: ConsoleOptions,
        header: list[Text],
        rows: list[list[Text]],
        widths: list[int],
    ) -> Iterator[Segment]:
        get_style = console.get_style
        border = get_style(self.style or "") + get_style(self.border_style or "")
        safe = console.safe_box if self.safe_box is None else self.safe_box
        assert self.box is not None  # checked by _is_plain_layout
        box = self.box.substitute(options, safe=safe)
        new_line = Segment.line()
        yield Segment(box.get_top(widths), border)
        yield new_line
        header_style = get_style(self.header_style or "")
        cells = _Cells(console, options, self.columns, widths)
        styles = [header_style + get_style(column.header_style) for column in self.columns]
        lines = cells.row(header, styles, Style.null(), header=True)
        edges = (box.head_left, box.head_right, box.head_vertical)
        yield from _joined(lines, edges, border, Style.null())
        yield Segment(box.get_row(widths, "head", edge=True), border)
        yield new_line
        styles = [get_style(column.style or "") for column in self.columns]
        for index, row in enumerate(rows):
            last = index == len(rows) - 1
            row_style = get_style(self.get_row_style(console, index))
            if last:
                edges = (box.foot_left, box.foot_right, box.foot_vertical)
            else:
                edges = (box.mid_left, box.mid_right, box.mid_vertical)
            yield from _joined(cells.row(row, styles, row_style), edges, border, row_style)
            if self.rows[index].end_section and not last:
                yield Segment(box.get_row(widths, "row", edge=True), border)
                yield new_line
        yield Segment(box.get_bottom(widths), border)
        yield new_line


class _Cells:
    """Draws the cells of a row: those that fit on one line here, the others by rich."""

    def __init__(
        self,
        console: Console,
        options: ConsoleOptions,
        columns: Sequence[table.Column],
        widths: Sequence[int],
    ) -> None:
        self.console = console
        self.columns = columns
        self.widths = widths
        self.options = [
            options.update(
                width=width,
                justify=column.justify,
                no_wrap=column.no_wrap,
                overflow=column.overflow,
                height=None,
                highlight=column.highlight,
            )
            for width, column in zip(widths, columns, strict=True)
        ]

    def row(
        self, cells: Sequence[Text], styles: Sequence[Style], row_style: Style, header: bool = False
    ) -> list[Lines]:
        """Each cell's lines, all of the row's height and of their column's width."""
        drawn = []
        for index, cell in enumerate(cells):
            style = styles[index] + row_style
            width = self.widths[index]
            if cell_len(cell.plain) <= width - 2:
                drawn.append([self._line(cell, style, width, self.columns[index].justify)])
            else:  # it wraps: rich draws it, padded as rich pads every cell
                padded = Padding(cell, _EDGE_PADDING)
                drawn.append(self.console.render_lines(padded, self.options[index], style=style))
        if all(len(lines) == 1 for lines in drawn):
            return drawn  # every cell is one line of its column's width already
        height = max(len(lines) for lines in drawn)
        shaped = []
        for index, lines in enumerate(drawn):
            style = styles[index] + row_style
            width = self.widths[index]
            vertical = "bottom" if header else self.columns[index].vertical
            if vertical == "top":
                lines = Segment.align_top(lines, width, height, style)
            elif vertical == "middle":
                lines = Segment.align_middle(lines, width, height, style)
            else:
                lines = Segment.align_bottom(lines, width, height, style)
            shaped.append(Segment.set_shape(lines, width, max(height, 1)))
        return shaped

    def _line(self, cell: Text, style: Style, width: int, justify: str) -> list[Segment]:
        """A cell that fits: justified, a space either side, the cell's style under its own."""
        line = cell.copy()
        room = width - 2 - cell_len(line.plain)
        if justify == "right":
            line.pad_left(room)
        else:
            line.pad_right(room)
        segments = [Segment(" ", style)]
        for text, own, _ in _NEWLINE.join([line]).render(self.console):
            segments.append(Segment(text, style + own if style else own))
        segments.append(Segment(" ", style))
        return segments


def _width(console: Console, options: ConsoleOptions, cell: RenderableType) -> int:
    """A cell's width when it does not wrap: for one line of text, its length on screen."""
    if isinstance(cell, Text):
        text = cell.plain
    elif isinstance(cell, str) and "[" not in cell and cell.count(":") < 2:
        text = cell
    else:
        return _measured(console, options, cell).maximum
    if "\n" in text or "\t" in text:
        return _measured(console, options, cell).maximum
    return min(cell_len(text), options.max_width)


def _measured(console: Console, options: ConsoleOptions, cell: RenderableType) -> Measurement:
    """A cell's narrowest width without breaking a word, and its widest, as rich measures
    them; worked out here for text (as Text.__rich_measure__), since rich would first parse a
    string as markup (about 20 µs a cell, more than drawing it). Strings that may hold markup
    or emoji codes, and text that measures itself (`render.units.Units`), are measured by rich."""
    if type(cell) is Text or (isinstance(cell, str) and "[" not in cell and cell.count(":") < 2):
        text = cell.plain if isinstance(cell, Text) else cell
        if "\t" not in text:
            widest = max((cell_len(line) for line in text.splitlines()), default=0)
            words = text.split()
            narrowest = max((cell_len(word) for word in words), default=widest)
            return Measurement(narrowest, widest).with_maximum(options.max_width)
    return Measurement.get(console, options, cell)


def _one_line(console: Console, value: RenderableType, highlight: bool) -> Text | None:
    """A cell as rich reads it, if it is one line of text that justifying leaves as it is."""
    if isinstance(value, str):
        value = console.render_str(value, highlight=highlight)
    if not isinstance(value, Text) or value.justify or value.overflow or value.no_wrap:
        return None
    plain = value.plain
    if len(plain.splitlines()) > 1 or "\t" in plain or plain != plain.rstrip():
        return None
    return value


def _joined(
    cells: Sequence[Lines], edges: tuple[str, str, str], border: Style, row_style: Style
) -> Iterator[Segment]:
    """The row's lines, its cells side by side between the box's edges and dividers."""
    left, right, vertical = edges
    divider = Segment(vertical, border)
    if not vertical.strip():  # a blank divider takes the row's background, as in rich
        divider = Segment(vertical, row_style.background_style + border)
    for line in range(len(cells[0])):
        yield Segment(left, border)
        for index, lines in enumerate(cells):
            if index:
                yield divider
            yield from lines[line]
        yield Segment(right, border)
        yield Segment.line()


def _fitted(widths: list[int], least: list[int], room: int) -> list[int] | None:
    """The widths narrowed to the room, none below its least, taking first from the column
    with the most to spare (the one with the most words to wrap); None when they cannot be."""
    if sum(least) > room:
        return None
    widths = widths[:]
    for _ in range(sum(widths) - room):
        index = max(range(len(widths)), key=lambda i: widths[i] - least[i])
        widths[index] -= 1
    return widths


def _narrowed(widths: list[int], wrapable: list[bool], room: int) -> list[int]:
    """Column widths for a table wider than the room, narrowed as rich narrows them: the widest
    columns that may wrap lose width first, down to the next widest; if that is not enough,
    every column loses width evenly (rich's Table._collapse_widths, then its ratio_reduce)."""
    excess = sum(widths) - room
    while any(wrapable) and excess > 0:
        pairs = list(zip(widths, wrapable, strict=True))
        widest = max(width for width, wraps in pairs if wraps)
        next_widest = max(width if wraps and width != widest else 0 for width, wraps in pairs)
        shares = [int(width == widest and wraps) for width, wraps in pairs]
        if widest == next_widest:
            break
        widths = _reduced(excess, shares, [min(excess, widest - next_widest)] * len(widths), widths)
        excess = sum(widths) - room
    if excess > 0:
        widths = _reduced(excess, [1] * len(widths), widths, widths)
    return widths


def _reduced(total: int, shares: list[int], most: list[int], widths: list[int]) -> list[int]:
    """Take `total` from the widths in proportion to their shares, at most `most` from each."""
    shares = [share if limit else 0 for share, limit in zip(shares, most, strict=True)]
    remaining_shares = sum(shares)
    if not remaining_shares:
        return widths[:]
    remaining = total
    result = []
    for share, limit, width in zip(shares, most, widths, strict=True):
        if share and remaining_shares > 0:
            taken = min(limit, round(share * remaining / remaining_shares))
            result.append(width - taken)
            remaining -= taken
            remaining_shares -= share
        else:
            result.append(width)
    return result
