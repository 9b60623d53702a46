"""Ids for BG Stats that stay the same in every export, so a play sent twice is recognised.

Everything is derived from what the history already treats as the identity: a player is their
name in any case (as `players` and `stats` count them), a title its game id, a place its text in
any case, a game its session id. Nothing is numbered in order of appearance, so adding, deleting
or filtering games never moves anyone's id.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable

NAMESPACE = uuid.UUID("a177dcca-fd37-495c-bbc2-11c79c161515")  # scorekeeper's, fixed for good
_LARGEST = 2**31 - 1  # BG Stats' files number their records with positive 32-bit integers


def player_key(name: str) -> str:
    """A player's id: the name in any case, as the history matches players. It is also the
    link's `sourcePlayerId`, by which BG Stats remembers whom a player was matched to."""
    return name.casefold()


def place_key(location: str) -> str:
    return location.casefold()


def uuid_of(kind: str, key: str) -> str:
    """A name-based UUID (RFC 4122 version 5) for a player, title, place or game: the same key
    always gives the same UUID. Upper case, as BG Stats writes them."""
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}")).upper()


def _number(kind: str, key: str) -> int:
    import hashlib

    digest = hashlib.sha256(f"{kind}:{key}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % _LARGEST + 1


def numbers(kind: str, keys: Iterable[str]) -> dict[str, int]:
    """A record number for each key, from its hash: the same in every export. Two keys whose
    hashes meet (about once in a billion pairs) are told apart by giving the later one in
    sorted order the next free number, so every reference still names one record."""
    out: dict[str, int] = {}
    taken: set[int] = set()
    for key in sorted(set(keys)):
        number = _number(kind, key)
        while number in taken:
            number = number % _LARGEST + 1
        taken.add(number)
        out[key] = number
    return out
