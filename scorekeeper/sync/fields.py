"""A three-way merge of TOML documents key by key: git merges lines, a session is keys.

Two corrections to one game (the location here, the notes there) touch neighbouring lines,
which git's line merge calls a conflict; compared key by key they do not meet. A key is a
conflict only when both sides changed it, to different values, from the version they
shared. Tables merge key by key, and lists of equal length (the players, their counts)
item by item; a list whose length changed is one value. No I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


class _Missing:
    """A key one version does not have (deleted, or never added)."""

    def __repr__(self) -> str:
        return "(none)"


MISSING: Any = _Missing()
Side = Literal["group", "mine"]


@dataclass(frozen=True)
class KeyConflict:
    """One key both sides changed: where it is (`players[2].notes`) and each side's value."""

    key: str
    group: Any
    mine: Any


@dataclass(frozen=True)
class Merged:
    """The merged document, and the keys where it took the preferred side's value."""

    document: dict[str, Any]
    conflicts: tuple[KeyConflict, ...]


def merge(
    base: dict[str, Any] | None,
    group: dict[str, Any],
    mine: dict[str, Any],
    prefer: Side = "group",
    ignore: tuple[str, ...] = (),
) -> Merged:
    """Merge `mine` and `group` from `base` (None: no shared version, every difference is a
    conflict); a conflicting key takes the `prefer` side's value. Top-level keys in `ignore`
    (a derived result) are left out of the merge and of the document."""
    conflicts: list[KeyConflict] = []

    def strip(document: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in document.items() if k not in ignore}

    merged = _merge(strip(base or {}), strip(group), strip(mine), "", prefer, conflicts)
    return Merged(merged, tuple(conflicts))


def _merge(base: Any, group: Any, mine: Any, key: str, prefer: Side, out: list[KeyConflict]) -> Any:
    if same(group, mine) or same(mine, base):
        return group
    if same(group, base):
        return mine
    if isinstance(group, dict) and isinstance(mine, dict):
        shared = base if isinstance(base, dict) else {}
        names = [*group, *(k for k in mine if k not in group)]
        merged = {}
        for name in names:
            value = _merge(
                shared.get(name, MISSING),
                group.get(name, MISSING),
                mine.get(name, MISSING),
                f"{key}.{name}" if key else name,
                prefer,
                out,
            )
            if value is not MISSING:
                merged[name] = value
        return merged
    if (
        isinstance(group, list)
        and isinstance(mine, list)
        and isinstance(base, list)
        and len(group) == len(mine) == len(base)
    ):
        return [
            _merge(b, g, m, f"{key}[{number}]", prefer, out)
            for number, (b, g, m) in enumerate(zip(base, group, mine, strict=True), start=1)
        ]
    out.append(KeyConflict(key, group, mine))
    return group if prefer == "group" else mine


def same(a: Any, b: Any) -> bool:
    """Equal as TOML values: of the same type too (`1` is not `true`, nor `1.0`)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a is b or a == b)
