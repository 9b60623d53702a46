"""rich's Table, drawn in one pass when every cell is one line of text and the table fits.

rich lays out each cell on its own (measure, pad, wrap, justify, crop: about 75 µs a cell), so
`stats` spent a quarter of its run drawing 500 cells. Our tables are nearly always short text
that fits the terminal; then the widths are just the longest cells and each row is one line,
and this class draws exactly what rich would (the same segments, so the same characters and
styles) without the per-cell layout. Anything else (a cell that needs wrapping, a table wider
than the terminal, options we do not use) is drawn by rich itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from rich import table
from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult

_EDGE_PADDING = (0, 1, 0, 1)
_NEWLINE = Text("\n")


class Table(table.Table):
    """A rich Table; see the module docstring for how it is drawn."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        grid = self._grid(console, options)
        if grid is None:
            yield from super().__rich_console__(console, options)
            return
        header, rows, widths = grid
        table_width = sum(widths) + len(widths) + 1
        render_options = options.update(width=table_width, highlight=self.highlight, height=None)
        if self.title:
            yield from self._annotation(console, render_options, self.title, "title")
        yield from self._lines(console, options, header, rows, widths)
        if self.caption:
            yield from self._annotation(console, render_options, self.caption, "caption")

    def _grid(
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
        if sum(widths) + len(widths) + 1 > options.max_width:
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
        justify = [column.justify for column in self.columns]
        yield Segment(box.get_top(widths), border)
        yield new_line
        header_style = get_style(self.header_style or "")
        styles = [header_style + get_style(column.header_style) for column in self.columns]
        edges = (box.head_left, box.head_right, box.head_vertical)
        yield from _row(header, styles, Style.null(), widths, justify, edges, border, console)
        yield Segment(box.get_row(widths, "head", edge=True), border)
        yield new_line
        styles = [get_style(column.style or "") for column in self.columns]
        for index, cells in enumerate(rows):
            last = index == len(rows) - 1
            row_style = get_style(self.get_row_style(console, index))
            if last:
                edges = (box.foot_left, box.foot_right, box.foot_vertical)
            else:
                edges = (box.mid_left, box.mid_right, box.mid_vertical)
            yield from _row(cells, styles, row_style, widths, justify, edges, border, console)
            if self.rows[index].end_section and not last:
                yield Segment(box.get_row(widths, "row", edge=True), border)
                yield new_line
        yield Segment(box.get_bottom(widths), border)
        yield new_line


def _one_line(console: Console, value: RenderableType, highlight: bool) -> Text | None:
    """A cell as rich would read it, if it is a single line that justifying cannot change."""
    if isinstance(value, str):
        value = console.render_str(value, highlight=highlight)
    if not isinstance(value, Text) or value.justify or value.overflow or value.no_wrap:
        return None
    plain = value.plain
    if len(plain.splitlines()) > 1 or "\t" in plain or plain != plain.rstrip():
        return None
    return value


def _row(
    cells: Sequence[Text],
    styles: Sequence[Style],
    row_style: Style,
    widths: Sequence[int],
    justify: Sequence[str],
    edges: tuple[str, str, str],
    border: Style,
    console: Console,
) -> Iterator[Segment]:
    """One line of the table: each cell padded by a space either side and justified."""
    left, right, vertical = edges
    divider = Segment(vertical, border)
    if not vertical.strip():  # a blank divider takes the row's background, as in rich
        divider = Segment(vertical, row_style.background_style + border)
    has_text = any(width > 2 for width in widths)
    yield Segment(left, border)
    columns = zip(cells, styles, widths, justify, strict=True)
    for index, (cell, style, width, side) in enumerate(columns):
        if index:
            yield divider
        base = style + row_style
        if width == 2:  # a column with no text at all: rich draws its blank, styled only
            yield Segment("  ", base if has_text else None)  # when the row has other text
            continue
        line = cell.copy()
        room = width - 2 - cell_len(line.plain)
        if side == "right":
            line.pad_left(room)
        else:
            line.pad_right(room)
        yield Segment(" ", base)
        for segment in _NEWLINE.join([line]).render(console):
            yield Segment(segment.text, base + segment.style if base else segment.style)
        yield Segment(" ", base)
    yield Segment(right, border)
    yield Segment.line()
