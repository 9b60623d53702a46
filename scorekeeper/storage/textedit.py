"""A TOML file's text edited to hold other values, its comments and layout kept.

A file people wrote by hand carries comments; writing it anew from its data loses them. Here
only the values that differ are changed in the text (with tomlkit, which keeps everything
else as written), and the edit is proven by parsing it back with tomllib: when it does not
give exactly the wanted data, the caller writes the file from its data as before.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, MutableMapping
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.storage.reading import parse_toml


def edited(text: str, wanted: Mapping[str, Any], kept: Collection[str] = ()) -> str | None:
    """`text` holding `wanted`, comments and layout kept; the top-level keys in `kept` (a
    derived table) are left as they are and not compared. None when no such edit is proven."""
    import tomlkit  # only a merge that rewrites a file needs it
    from tomlkit.exceptions import TOMLKitError

    try:
        document = tomlkit.parse(text)
        _assign(document, wanted, kept)
        result = tomlkit.dumps(document)
        parsed = parse_toml(result, "the edited text")
    except (TOMLKitError, ScorekeeperError, ValueError, TypeError):
        return None
    if {key: value for key, value in parsed.items() if key not in kept} != dict(wanted):
        return None
    return result


def _assign(
    table: MutableMapping[str, Any], wanted: Mapping[str, Any], kept: Collection[str]
) -> None:
    """Make `table` (a tomlkit table) hold `wanted`, changing only what differs: tables key by
    key, lists of tables of the same length item by item, any other value whole."""
    for key in [key for key in table if key not in wanted and key not in kept]:
        del table[key]
    for key, value in wanted.items():
        if key not in table:
            table[key] = value
            continue
        present = table[key]
        if isinstance(value, Mapping) and isinstance(present, MutableMapping):
            _assign(present, value, ())
        elif _same_length_tables(value, present):
            for item, wanted_item in zip(present, value, strict=True):
                _assign(item, wanted_item, ())
        elif _plain(present) != value:
            table[key] = value


def _same_length_tables(value: object, present: object) -> bool:
    return (
        isinstance(value, list)
        and isinstance(present, list)
        and len(value) == len(present)
        and all(isinstance(item, Mapping) for item in value)
        and all(isinstance(item, MutableMapping) for item in present)
    )


def _plain(value: object) -> object:
    """A tomlkit value as plain Python data, to compare with the wanted one."""
    unwrap = getattr(value, "unwrap", None)
    return unwrap() if callable(unwrap) else value
