"""What a phone's camera sees of a QR code drawn in a terminal, read by a real scanner.

The drawn lines (half or quadrant blocks, with or without ANSI colours) are painted into a
grey-scale picture of the screen: each character cell 4 pixels wide and 8 tall (two square
modules, or four modules twice as tall as wide), the terminal's own background all around.
zxing-cpp, the C++ port of the ZXing scanner that many phone apps use, then reads the picture,
without trying the inverted picture: a code whose dark modules came out light is not read.
"""

from __future__ import annotations

import re

import zxingcpp

CELL_WIDTH, CELL_HEIGHT = 4, 8
MARGIN = 3  # cells of the terminal's background around the code
DARK, LIGHT = 20, 235  # the grey of a dark and of a light terminal background or text
_SGR = re.compile(r"\x1b\[([0-9;]*)m")
# each block character: its (top left, top right, bottom left, bottom right) quarters inked
QUARTERS = dict(
    zip(
        " ▗▖▄▝▐▞▟▘▚▌▙▀▜▛█",
        [(tl, tr, bl, br) for tl in (0, 1) for tr in (0, 1) for bl in (0, 1) for br in (0, 1)],
        strict=True,
    )
)


def cells(text: str, foreground: int, background: int) -> list[list[tuple[str, int, int]]]:
    """Each character with its ink and cell grey, reading 24-bit ANSI colours (the rest of the
    terminal's text in its own `foreground` on `background`)."""
    lines = []
    for line in text.splitlines():
        out: list[tuple[str, int, int]] = []
        fg, bg = foreground, background
        pos = 0
        for match in [*_SGR.finditer(line), None]:
            end = match.start() if match else len(line)
            out += [(char, fg, bg) for char in line[pos:end]]
            if match is None:
                break
            pos = match.end()
            fg, bg = _apply(match.group(1), fg, bg, foreground, background)
        lines.append(out)
    return lines


def _apply(params: str, fg: int, bg: int, foreground: int, background: int) -> tuple[int, int]:
    codes = [int(c) for c in params.split(";") if c] or [0]
    i = 0
    while i < len(codes):
        code = codes[i]
        if code == 0:
            fg, bg = foreground, background
        elif code in (38, 48) and codes[i + 1] == 2:
            grey = sum(codes[i + 2 : i + 5]) // 3
            fg, bg = (grey, bg) if code == 38 else (fg, grey)
            i += 4
        i += 1
    return fg, bg


def scan(text: str, foreground: int, background: int) -> list[str]:
    """The texts a scanner reads off a screen showing `text` (only its block-drawn lines)."""
    rows = [
        r for r in cells(text, foreground, background) if r and all(c in QUARTERS for c, _, _ in r)
    ]
    width = max(len(r) for r in rows) + 2 * MARGIN
    height = len(rows) + 2 * MARGIN
    pixels = bytearray([background]) * (width * CELL_WIDTH * height * CELL_HEIGHT)
    stride = width * CELL_WIDTH
    for y, row in enumerate(rows, start=MARGIN):
        for x, (char, ink, paper) in enumerate(row, start=MARGIN):
            for quarter, inked in enumerate(QUARTERS[char]):
                grey = ink if inked else paper
                top = y * CELL_HEIGHT + quarter // 2 * CELL_HEIGHT // 2
                left = x * CELL_WIDTH + quarter % 2 * CELL_WIDTH // 2
                for py in range(top, top + CELL_HEIGHT // 2):
                    start = py * stride + left
                    pixels[start : start + CELL_WIDTH // 2] = bytes([grey]) * (CELL_WIDTH // 2)
    image = memoryview(bytes(pixels)).cast("B", (height * CELL_HEIGHT, stride))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode, try_invert=False)
    return [code.text for code in found]
