"""Moving saved sessions into and out of a series, and deleting a series definition: text
edits of the `series` key that keep comments, proven by parsing, all or nothing through the
journal and written to the change log."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from scorekeeper.errors import StorageError
from scorekeeper.storage.changes import recorded
from scorekeeper.storage.files import dumps
from scorekeeper.storage.reading import SESSION, parse_toml, read_existing
from scorekeeper.storage.seriesfiles import series_dir

_TOP_KEY = re.compile(r"^[ \t]*(?P<key>[A-Za-z0-9_-]+)[ \t]*=", re.MULTILINE)
_HEADER = re.compile(r"^[ \t]*\[", re.MULTILINE)


def with_series(text: str, document: dict[str, Any], name: str | None) -> str:
    """The session file's text with its `series` key set to `name` (None: removed), comments
    kept; when no line edit gives exactly the wanted document, the document is written anew."""

    wanted = {k: v for k, v in document.items() if k != "series"}
    if name is not None:
        wanted["series"] = name
    edited = _edit(text, name)
    if edited is not None:
        try:
            if parse_toml(edited, "edited text") == wanted:
                return edited
        except StorageError:  # the edit is not proven
            pass
    ordered: dict[str, Any] = {k: wanted[k] for k in ("format", "game", "played") if k in wanted}
    if name is not None:
        ordered["series"] = name
    return dumps({**ordered, **wanted})


def _edit(text: str, name: str | None) -> str | None:
    header = _HEADER.search(text)
    top = text[: header.start()] if header else text
    keys = {m.group("key"): m for m in _TOP_KEY.finditer(top)}
    line = f'series = "{name}"\n' if name is not None else ""
    found = keys.get("series")
    if found is not None:
        end = text.find("\n", found.start())
        end = len(text) if end < 0 else end + 1
        return text[: found.start()] + line + text[end:]
    if name is None:
        return text
    anchor = keys.get("played") or keys.get("game")
    if anchor is None:
        return None
    end = text.find("\n", anchor.start())
    if end < 0:
        return text + "\n" + line
    return text[: end + 1] + line + text[end + 1 :]


def set_series(home: Path, paths: list[Path], name: str | None, description: str) -> int:
    """Set (or with None remove) the series of these session files, as one undoable change;
    returns how many files changed. The caller checks the series may take them, holding the
    lock (it is re-entrant) so nothing changes in between."""
    with recorded(home, description) as change:
        for path in paths:
            text = read_existing(path, SESSION)
            document = parse_toml(text, path)
            if document.get("series") == name:
                continue
            change.replace(path, with_series(text, document, name))
        return len(change.files)


def delete_series(home: Path, name: str, detach: list[Path], description: str) -> Path | None:
    """Move the series definition to `trash/series/` and take `detach` out of the series, as
    one undoable change; returns where the definition went (None: there was none)."""
    definition = series_dir(home) / f"{name}.toml"
    with recorded(home, description) as change:
        for path in detach:
            text = read_existing(path, SESSION)
            change.replace(path, with_series(text, parse_toml(text, path), None))
        return change.trash(definition) if definition.exists() else None
