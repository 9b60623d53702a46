"""The saved history as a library: every play, through the play cache.

The history, series, stats and players commands read the history through `load`; saving is
in saving.py, the trash in trash.py. Nothing here prints or knows the command line."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.history.cache import PlayCache
from scorekeeper.history.plays import Play
from scorekeeper.storage.sessions import Unreadable, session_files

if TYPE_CHECKING:
    from scorekeeper.history.scoring import Scored


@dataclass(frozen=True)
class Loaded:
    """The usable plays (file order) and the files that could not be used."""

    plays: list[Play]
    unreadable: list[Unreadable]


def load(
    home: Path, *, rescore: bool = False, scored: Callable[[Scored], None] | None = None
) -> Loaded:
    """Every session file as a scored Play, from the play cache where the file is unchanged
    (with `rescore`, every file is scored again and the cache refreshed). `scored` is given
    each file scored now, with the session it was read into (`history rescore` compares them
    without reading the files again).

    A file that cannot be read or scored counts as unreadable.
    """
    plays: list[Play] = []
    unreadable: list[Unreadable] = []
    with _collector_paused():
        cache = PlayCache(home)
        for path in session_files(home):
            play = None if rescore else cache.get(path)
            if play is None:
                # only a file the play cache does not hold is scored: a history read from the
                # cache never loads the scoring (the session model, the titles' engines)
                from scorekeeper.history.scoring import scored_file  # noqa: PLC0415

                fresh = scored_file(path, home, refresh=not rescore)
                if isinstance(fresh, Unreadable):
                    unreadable.append(fresh)
                    continue
                if scored is not None:
                    scored(fresh)
                cache.put(path, fresh.play)
                play = fresh.play
            plays.append(play)
        cache.prune()
        cache.save()
    return Loaded(plays, unreadable)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while the plays are built: they all stay alive, so
    its repeated walks over them found nothing and took a tenth of a long history's load."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
