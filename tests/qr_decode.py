"""A small QR code reader for tests: what a phone would read from a code drawn on screen.

It reads an undamaged code only (no error correction), following ISO/IEC 18004: format
information, the function patterns, unmasking, the zigzag codeword order, de-interleaving
of blocks, then the numeric, alphanumeric and byte segments. Only the standard's table of
block sizes is taken from segno; nothing of its encoder is used.
"""

from __future__ import annotations

from collections.abc import Sequence

from segno.consts import ECC

Matrix = Sequence[Sequence[int]]  # 1 = dark, rows top to bottom
_ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_COUNT_BITS = {4: (8, 16, 16), 1: (10, 12, 14), 2: (9, 11, 13)}  # mode -> by version range
_MASKS = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def crop(rows: Matrix) -> list[list[int]]:
    """The symbol without its quiet zone (the box around the dark modules)."""
    dark = [(y, x) for y, row in enumerate(rows) for x, bit in enumerate(row) if bit]
    top, bottom = min(y for y, _ in dark), max(y for y, _ in dark)
    left, right = min(x for _, x in dark), max(x for _, x in dark)
    return [list(row[left : right + 1]) for row in rows[top : bottom + 1]]


def decode(rows: Matrix) -> bytes:
    """The payload of an undamaged QR code (model 2), given with or without quiet zone."""
    m = crop(rows)
    size = len(m)
    assert all(len(row) == size for row in m) and (size - 17) % 4 == 0, "not a QR symbol"
    version = (size - 17) // 4
    level, mask = _format(m)
    function = _function_modules(size, version)
    bits = []
    for right in range(size - 1, 0, -2):
        if right <= 6:
            right -= 1  # the vertical timing pattern is skipped
        upward = ((right + 1) & 2) == 0
        for vert in range(size):
            y = size - 1 - vert if upward else vert
            for x in (right, right - 1):
                if not function[y][x]:
                    bits.append(m[y][x] ^ int(_MASKS[mask](x, y)))
    codewords = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits) - 7, 8)]
    return _segments(_data(codewords, version, level), version)


def _format(m: Matrix) -> tuple[int, int]:
    """Error correction level and mask, from the copy of the format beside the top-left finder."""
    places = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)]
    places += [(8, 14 - i) for i in range(9, 15)]
    bits = sum(m[y][x] << i for i, (y, x) in enumerate(places)) ^ 0x5412
    data = bits >> 10
    return data >> 3, data & 7


def _alignment_positions(version: int, size: int) -> list[int]:
    if version == 1:
        return []
    count = version // 7 + 2
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    return [6, *reversed([size - 7 - i * step for i in range(count - 1)])]


def _function_modules(size: int, version: int) -> list[list[bool]]:
    """Finder, timing, alignment, format and version areas: everything that is not data."""
    f = [[False] * size for _ in range(size)]

    def mark(y0: int, x0: int, height: int, width: int) -> None:
        for y in range(max(0, y0), min(size, y0 + height)):
            for x in range(max(0, x0), min(size, x0 + width)):
                f[y][x] = True

    mark(6, 0, 1, size)
    mark(0, 6, size, 1)
    for y, x in ((0, 0), (0, size - 8), (size - 8, 0)):
        mark(y, x, 8, 8)  # finder and separator
    mark(8, 0, 1, 9)
    mark(0, 8, 9, 1)
    mark(8, size - 8, 1, 8)
    mark(size - 8, 8, 8, 1)  # with the dark module
    positions = _alignment_positions(version, size)
    last = len(positions) - 1
    for i, y in enumerate(positions):
        for j, x in enumerate(positions):
            if (i, j) not in ((0, 0), (0, last), (last, 0)):
                mark(y - 2, x - 2, 5, 5)
    if version >= 7:
        mark(0, size - 11, 6, 3)
        mark(size - 11, 0, 3, 6)
    return f


def _data(codewords: list[int], version: int, level: int) -> list[int]:
    """The data codewords, de-interleaved from the blocks (their error correction dropped)."""
    blocks: list[list[int]] = []
    for group in ECC[version][level]:
        blocks += [[] for _ in range(group.num_blocks)]
    sizes = [g.num_data for g in ECC[version][level] for _ in range(g.num_blocks)]
    it = iter(codewords)
    for i in range(max(sizes)):
        for block, wanted in zip(blocks, sizes, strict=True):
            if i < wanted:
                block.append(next(it))
    return [c for block in blocks for c in block]


def _segments(data: list[int], version: int) -> bytes:
    bits = "".join(f"{c:08b}" for c in data)
    pos = 0

    def take(n: int) -> int:
        nonlocal pos
        value = int(bits[pos : pos + n], 2)
        pos += n
        return value

    out = bytearray()
    size_class = 0 if version < 10 else 1 if version < 27 else 2
    while pos + 4 <= len(bits):
        mode = take(4)
        if mode == 0:
            break
        if mode not in _COUNT_BITS:
            raise ValueError(f"segment mode {mode} is not read by this test reader")
        count = take(_COUNT_BITS[mode][size_class])
        if mode == 4:
            out += bytes(take(8) for _ in range(count))
        elif mode == 1:
            digits = ""
            while len(digits) < count:
                n = min(3, count - len(digits))
                digits += str(take((4, 7, 10)[n - 1])).zfill(n)
            out += digits.encode()
        else:
            text = ""
            while len(text) < count:
                if count - len(text) >= 2:
                    pair = take(11)
                    text += _ALPHANUMERIC[pair // 45] + _ALPHANUMERIC[pair % 45]
                else:
                    text += _ALPHANUMERIC[take(6)]
            out += text.encode()
    return bytes(out)
