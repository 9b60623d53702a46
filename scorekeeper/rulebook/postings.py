"""The postings of the search index as its cache keeps them: one string per stem, read when a
question first uses that stem.

A query touches a few dozen of the index's thousands of stems, and parsing every posting's
numbers from JSON cost more than the whole query (about 3 ms of a rules command's 30), so the
cache holds each posting as text ("12:0.5321 40:0.1234") and only the stems a question uses
are decoded. How rare a stem is (its idf) needs only the posting's length, counted the same
lazy way.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import TypeVar

Posting = list[tuple[int, float]]  # (note position, weighted term frequency), by position
T = TypeVar("T")


class TextPerKey(Mapping[str, T]):
    """Values kept as one string per key (as the cache holds them), each decoded on first use."""

    def __init__(self, encoded: dict[str, str], decoded: dict[str, T] | None = None) -> None:
        self.encoded = encoded
        self._decoded = decoded if decoded is not None else {}

    def _decode(self, text: str) -> T:
        raise NotImplementedError

    def __getitem__(self, key: str) -> T:
        value = self._decoded.get(key)
        if value is None:
            value = self._decoded[key] = self._decode(self.encoded[key])
        return value

    def __contains__(self, key: object) -> bool:
        return key in self.encoded

    def __iter__(self) -> Iterator[str]:
        return iter(self.encoded)

    def __len__(self) -> int:
        return len(self.encoded)


class Postings(TextPerKey[Posting]):
    """Each stem's posting, decoded from its text ("12:0.5321 40:0.1234") on first use."""

    @classmethod
    def from_lists(cls, postings: dict[str, Posting]) -> Postings:
        """Postings just built: kept decoded, with the text the cache will hold."""
        encoded = {
            stem: " ".join(f"{position}:{tf!r}" for position, tf in posting)
            for stem, posting in postings.items()
        }
        return cls(encoded, dict(postings))

    def _decode(self, text: str) -> Posting:
        return [
            (int(position), float(tf))
            for position, _, tf in (item.partition(":") for item in text.split())
        ]

    def size(self, stem: str) -> int:
        """How many notes hold the stem, without decoding its posting."""
        posting = self._decoded.get(stem)
        return len(posting) if posting is not None else self.encoded[stem].count(" ") + 1


class Numbers(TextPerKey[list[int]]):
    """Each stem's numbers (of the questions asked before that use it), decoded from their text
    ("3 17 40") on first use, as Postings are: the asked questions' postings were half the time
    of reading the index."""

    @classmethod
    def from_lists(cls, numbers: dict[str, list[int]]) -> Numbers:
        """Numbers just counted: kept decoded, with the text the cache will hold."""
        encoded = {key: " ".join(map(str, found)) for key, found in numbers.items()}
        return cls(encoded, dict(numbers))

    def _decode(self, text: str) -> list[int]:
        return [int(number) for number in text.split()]


class Idf(dict[str, float]):
    """BM25's inverse document frequency of each stem of the postings, worked out on first use
    (`stem in postings` says whether a stem has one)."""

    def __init__(self, postings: Postings, total: int) -> None:
        super().__init__()
        self._postings = postings
        self._total = total

    def __missing__(self, stem: str) -> float:
        size = self._postings.size(stem)
        idf = self[stem] = math.log(1 + (self._total - size + 0.5) / (size + 0.5))
        return idf
