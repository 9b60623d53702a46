"""The group's house rulings: `rulings.toml` at the top of the data directory.

One table per title, keyed by the ruling's title-local id, holding only choices that differ
from the rulebook's (a point reset to the rulebook's reading is removed):

    [creature-comforts]
    hearth-vp = 6

A new game is scored under these choices and records them in its own `[rulings]` when it is
saved, so a later change here never alters a saved game's result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.core.rulings import RULEBOOK, Ruling, Rulings, Value, rulings_from_table
from scorekeeper.errors import InputError, StorageError, UnknownGameError, Where
from scorekeeper.games import find_title
from scorekeeper.games.base import Game
from scorekeeper.games.title import Title
from scorekeeper.storage.files import dumps, replace_file
from scorekeeper.storage.lock import locked
from scorekeeper.storage.reading import RULINGS, parse_toml, read_optional

FILE = "rulings.toml"


def rulings_path(home: Path) -> Path:
    return home / FILE


def read_group(home: Path) -> dict[str, Rulings]:
    """The group's choices by game id ({} without a file); a broken file or a choice this
    program does not know is a StorageError naming the file and the key."""
    path = rulings_path(home)
    text = read_optional(path, RULINGS)
    if text is None:
        return {}
    document = parse_toml(text, path)
    chosen: dict[str, Rulings] = {}
    for game_id, table in document.items():
        try:
            title = find_title(game_id)
            if title.id != game_id:
                raise InputError(f"write the game id {title.id!r} here", Where(key=game_id))
            chosen[game_id] = rulings_from_table(title.rulings, table, game_id)
        except UnknownGameError as error:
            raise StorageError(f"{path}: key {game_id!r}: {error}") from None
        except InputError as error:
            raise StorageError(f"{path}: {error}") from None
    return chosen


def group_rulings(home: Path, game: Game[Any, Any]) -> Rulings:
    """The group's choices for one title (the rulebook's readings when it has made none)."""
    if not game.rulings:
        return RULEBOOK
    return read_group(home).get(game.id, RULEBOOK)


def choose(home: Path, title: Title, ruling: Ruling, value: Value | None) -> Path:
    """Keep the group's choice for one point (None or the rulebook's value: back to the
    rulebook), read, changed and written atomically under the data directory's lock."""
    path = rulings_path(home)
    with locked(home):
        current = read_group(home)
        chosen = dict(current.get(title.id, RULEBOOK).chosen)
        if value is None or value == ruling.default:
            chosen.pop(ruling.id, None)
        else:
            chosen[ruling.id] = value
        current[title.id] = Rulings(tuple(sorted(chosen.items())))
        document = {
            game_id: dict(rulings.chosen)
            for game_id, rulings in sorted(current.items())
            if rulings.chosen
        }
        replace_file(path, dumps(document), "the house rulings")
    return path
