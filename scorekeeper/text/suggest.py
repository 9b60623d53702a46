"""Near misses: the known names closest to one that matched nothing, for "did you mean"."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.text import visible

NEAR = 70
"""rapidfuzz similarity (0-100) a known name needs to be offered: 'hungy' and 'hungry' score
91, 'Anna' and 'Ana' 86, two unrelated six-letter ids rarely more than 50."""
PREFIX = 3
"""A word at least this long also counts as near a name that starts like it ('hung')."""


def closest(word: str, known: Iterable[str], limit: int = 3) -> list[str]:
    """Up to `limit` known names nearest to `word`, ignoring case, best first.

    A name with control characters (which cannot be typed, nor shown as is) is never offered.
    """
    from rapidfuzz.fuzz import ratio  # only when something did not match

    wanted = word.strip().casefold()
    if not wanted:
        return []
    scored: list[tuple[float, int, str]] = []
    for order, name in enumerate(dict.fromkeys(known)):
        if not name.strip() or visible(name) != name:
            continue
        folded = name.casefold()
        score = ratio(wanted, folded)
        if len(wanted) >= PREFIX:
            score = max(score, ratio(wanted, folded[: len(wanted)]))
        if score >= NEAR:
            scored.append((-score, order, name))
    return [name for _, _, name in sorted(scored)[:limit]]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """ "did you mean 'hungry'?" (or 'Ana' or 'Anna'), or an empty string when nothing is near."""
    near = closest(word, known)
    if not near:
        return ""
    return f"did you mean {' or '.join(repr(name) for name in near)}?"
