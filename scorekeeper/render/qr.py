"""A QR code drawn in the terminal, so a phone at the table can scan a link off the screen.

segno (pure Python) makes the code; it is imported here only, by the commands that draw one.
Each character cell holds two modules, one above the other, with half-block characters: a
terminal cell is about twice as tall as it is wide, so the modules come out square. A code too
wide for the terminal that way (a game of three or more players at 80 columns) is drawn with
quadrant characters instead, four modules a cell: half as many columns, each module twice as
tall as it is wide. Scanners fit the code's grid from its three corner squares, so a code
stretched one way reads as well (the tests read every drawn code with zxing-cpp).

A scanner needs the code's dark modules dark and its light ones light. With colours the code is
drawn black on white, whatever the terminal's own. Without them (NO_COLOR, or output that is
not a colour terminal) the characters are drawn in the terminal's text colour on its background:
on a dark background the text colour is the light one, so the light modules are the ones drawn.
Which background it is comes from COLORFGBG when the terminal sets it, else it is taken to be
dark, and a note on standard error says how to change that.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from typing import Literal

from rich.console import Console
from rich.text import Text

# Quiet zone, in modules. ISO/IEC 18004 asks for four; phone scanners read a code with one
# light module around it (tests/test_bgstats.py checks the drawn codes with an independent
# decoder), and every module saved is a column: a four-player game needs it to stay narrow.
BORDER = 1
IMAGE_BORDER = 4  # an image has room for the full quiet zone
IMAGE_SCALE = 8  # pixels per module in a PNG
STYLE = "#000000 on #ffffff"  # dark modules black, light ones white, whatever the terminal's
_CELLS = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}  # (top, bottom)
# (top left, top right, bottom left, bottom right) -> the quadrant block drawing those four
_QUADRANTS = dict(
    zip(
        [(tl, tr, bl, br) for tl in (0, 1) for tr in (0, 1) for bl in (0, 1) for br in (0, 1)],
        " ▗▖▄▝▐▞▟▘▚▌▙▀▜▛█",
        strict=True,
    )
)
_DARK_BACKGROUNDS = {*range(7), 8}  # COLORFGBG's last field: the xterm colours that are dark

Matrix = Sequence[Sequence[int]]
ImageKind = Literal["png", "svg"]


def qr_matrix(data: str, border: int = BORDER) -> list[tuple[int, ...]]:
    """The modules of the QR code of `data` (1 dark), quiet zone included."""
    import segno  # noqa: PLC0415 (heavy: loaded only to draw a code, not with the module)

    code = segno.make(data, micro=False, error="l")
    return [tuple(row) for row in code.matrix_iter(border=border)]


def qr_lines(matrix: Matrix, *, ink_is_dark: bool = True, dense: bool = False) -> list[str]:
    """The modules as lines of half blocks, two rows a line, or (`dense`) of quadrant blocks,
    two rows and two columns a character. The characters draw the dark modules
    (`ink_is_dark`) or, for light text on a dark background, the light ones."""
    rows = [[int(bool(m)) == ink_is_dark for m in row] for row in matrix]
    paper = not ink_is_dark  # a row or column added to even the count is quiet zone
    if len(rows) % 2:
        rows.append([paper] * len(rows[0]))
    if dense and len(rows[0]) % 2:
        rows = [[*row, paper] for row in rows]
    pairs = zip(rows[::2], rows[1::2], strict=True)
    if not dense:
        return [
            "".join(_CELLS[cell] for cell in zip(upper, lower, strict=True))
            for upper, lower in pairs
        ]
    return [
        "".join(
            _QUADRANTS[upper[x], upper[x + 1], lower[x], lower[x + 1]]
            for x in range(0, len(upper), 2)
        )
        for upper, lower in pairs
    ]


def drawn_width(matrix: Matrix, *, dense: bool) -> int:
    """The columns a code takes: a module a column, or two with quadrant blocks."""
    return -(-len(matrix[0]) // 2) if dense else len(matrix[0])


def is_dark_background(environ: dict[str, str] | None = None) -> bool | None:
    """What COLORFGBG says of the terminal's background ("15;0": white on black), or None."""
    value = (os.environ if environ is None else environ).get("COLORFGBG", "")
    last = value.rsplit(";", 1)[-1]
    return int(last) in _DARK_BACKGROUNDS if last.isdigit() else None


IMAGE_HINT = "`scorekeeper history show ID --qr FILE.png`"
"""How to get the code as an image instead, for a terminal that cannot show it."""


def print_qr(console: Console, errors: Console, data: str, image_hint: str = IMAGE_HINT) -> bool:
    """Draw the QR code of `data`; False, with a line on `errors` saying why and what to do,
    when the console is too narrow for it (a wrapped code cannot be scanned)."""
    matrix = qr_matrix(data)
    dense = drawn_width(matrix, dense=False) > console.width  # square modules while they fit
    width = drawn_width(matrix, dense=dense)
    if width > console.width:
        errors.print(
            f"The QR code needs a terminal {width} columns wide; this one has "
            f"{console.width}. Widen it or zoom out and run the command again, or write the "
            f"code to a file with {image_hint}.",
            soft_wrap=True,
        )
        return False
    if console.no_color or console.color_system is None:
        dark = is_dark_background()
        lines = qr_lines(matrix, ink_is_dark=dark is False, dense=dense)
        if dark is None:
            errors.print(
                "No colours: the QR code is drawn for a dark background. On a light one, "
                f"set COLORFGBG=0;15 (or write the code to a file with {image_hint}).",
                soft_wrap=True,
            )
        for line in lines:
            console.print(line, no_wrap=True, overflow="ignore", crop=False, highlight=False)
        return True
    for line in qr_lines(matrix, dense=dense):
        console.print(Text(line, style=STYLE), no_wrap=True, overflow="ignore", crop=False)
    return True


def print_link_and_code(
    console: Console, link: str, errors: Console | None = None, image_hint: str = IMAGE_HINT
) -> bool:
    """A link on one unwrapped line (so it copies whole), then its QR code to scan; notes
    about the code go to `errors` (standard error by default). False if it was not drawn."""
    console.print(Text(link), soft_wrap=True)
    errors = errors or Console(stderr=True, highlight=False)
    return print_qr(console, errors, link, image_hint)


def qr_image(data: str, kind: ImageKind) -> bytes:
    """The QR code of `data` as a PNG or SVG image, with the full quiet zone."""

    import segno  # noqa: PLC0415 (heavy: loaded only to draw a code, not with the module)

    out = io.BytesIO()
    code = segno.make(data, micro=False, error="l")
    code.save(out, kind=kind, scale=IMAGE_SCALE if kind == "png" else 1, border=IMAGE_BORDER)
    return out.getvalue()
