"""Telling the user what storage did on its own (a change completed or rolled back, a damaged
file set aside): one line on stderr, since it happens inside whatever command ran."""

from __future__ import annotations

import sys

from scorekeeper.text import visible


def tell(message: str) -> None:
    """One 'note:' line on stderr, control characters escaped."""

    try:
        sys.stderr.write(f"note: {visible(message)}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # no stderr to write to: the change itself is done
        pass
