"""A QR code drawn in the terminal, so a phone at the table can scan a link off the screen.

segno (pure Python) makes the code; it is imported here only, by the commands that draw one.
Each character cell holds two modules, one above the other, with half-block characters: a
terminal cell is about twice as tall as it is wide, so the modules come out square.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

BORDER = 2  # modules of quiet zone; the light background below makes it visible
STYLE = "black on bright_white"  # dark modules on light, whatever the terminal's colours
_CELLS = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}  # (top, bottom)


def qr_lines(data: str) -> list[str]:
    """The QR code of `data` as text lines, dark modules drawn, light modules blank."""
    import segno

    rows = [tuple(row) for row in segno.make(data, micro=False).matrix_iter(border=BORDER)]
    if len(rows) % 2:
        rows.append((0,) * len(rows[0]))
    return [
        "".join(_CELLS[bool(top), bool(bottom)] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    ]


def print_qr(console: Console, data: str) -> None:
    """Draw the QR code of `data`, or a hint when the console is too narrow for it: a wrapped
    code cannot be scanned."""
    lines = qr_lines(data)
    if len(lines[0]) > console.width:
        console.print(
            f"(The QR code needs a terminal {len(lines[0])} columns wide; this one has "
            f"{console.width}. Widen it or zoom out, and run the command again.)"
        )
        return
    for line in lines:
        console.print(Text(line, style=STYLE), no_wrap=True, overflow="ignore", crop=False)


def print_link_and_code(console: Console, link: str) -> None:
    """A link on one unwrapped line (so it copies whole), then its QR code to scan."""
    console.print(Text(link), soft_wrap=True)
    print_qr(console, link)
