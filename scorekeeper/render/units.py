"""Text made of parts that wrap only between parts: in a narrow table "Ben 51" stays one unit
rather than leave the name on one line and the points on the next."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, JustifyMethod, OverflowMethod
from rich.containers import Lines
from rich.measure import Measurement
from rich.text import Text


class Units(Text):
    """Parts joined by a separator, as one Text; a line breaks only after a separator (a part
    wider than the whole line still folds, as any word would)."""

    def __init__(self, parts: Sequence[Text], separator: str = ", ") -> None:
        super().__init__()
        self._breaks: list[int] = []  # where a line may start: just after each separator
        self._widest = 0  # the widest part with the separator's mark ("Ben 51,")
        mark = separator.rstrip()
        for index, part in enumerate(parts):
            if index:
                self.append(separator)
                self._breaks.append(len(self.plain))
            self.append_text(part)
            last = index == len(parts) - 1
            self._widest = max(self._widest, cell_len(part.plain) + (0 if last else len(mark)))

    def wrap(
        self,
        console: Console,
        width: int,
        *,
        justify: JustifyMethod | None = None,
        overflow: OverflowMethod | None = None,
        tab_size: int = 8,
        no_wrap: bool | None = None,
    ) -> Lines:
        """Greedy lines of whole parts; each line is then wrapped as plain text, which changes
        only a part too wide for any line."""
        if no_wrap or cell_len(self.plain) <= width:
            return super().wrap(
                console,
                width,
                justify=justify,
                overflow=overflow,
                tab_size=tab_size,
                no_wrap=no_wrap,
            )
        offsets: list[int] = []
        start, previous = 0, 0
        for end in [*self._breaks, len(self.plain)]:
            if previous > start and cell_len(self.plain[start:end].rstrip()) > width:
                offsets.append(previous)
                start = previous
            previous = end
        lines = Lines()
        for line in self.divide(offsets):
            line.rstrip()
            wrapped = Text.wrap(
                line, console, width, justify=justify, overflow=overflow, tab_size=tab_size
            )
            lines.extend(wrapped)
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self._widest, cell_len(self.plain))
