"""Ctrl-C at any instant of a walk-through, held until a safe point and then one clean stop.

Python's own SIGINT handler raises KeyboardInterrupt wherever the program happens to be: in a
garbage collector's callback it is printed as "Exception ignored in: <function WeakSet...>"
and lost, in the middle of a save it tears the flow. While a prompt is open the terminal is
raw and Ctrl-C is a key the prompt answers with KeyboardInterrupt; between prompts (drawing a
table, saving) the signal is only noted here, and the next prompt, or the end of the
walk-through, raises it. A signal handler belongs to the whole process, so this state does
too: `HELD` is the one instance.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class HeldInterrupts:
    """Notes SIGINT while `held()`; `checkpoint()` raises it where stopping is safe."""

    def __init__(self) -> None:
        self.pending = False
        self.active = False

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.pending = True

    @contextmanager
    def held(self) -> Iterator[None]:
        previous = signal.getsignal(signal.SIGINT)
        try:
            signal.signal(signal.SIGINT, self._note)
        except ValueError:  # not the main thread: Python's handler stays
            yield
            return
        self.active, self.pending = True, False
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)
            self.active = False

    def checkpoint(self) -> None:
        """Stop here if Ctrl-C was pressed since the last checkpoint."""
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


HELD = HeldInterrupts()
