"""Statistics over the history: per player and title, leaderboards and head-to-head records.

Names match case-insensitively and are shown as last spelled. A solo game (one player) counts
as a play with a score but never as a win or a loss: it stays out of win rates.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from scorekeeper.history.plays import Play, oldest_first, spellings

SPARK = "▁▂▃▄▅▆▇█"


@dataclass(frozen=True)
class PlayerStats:
    """One player at one title."""

    player: str
    game: str
    title: str
    plays: int
    contests: int  # plays against at least one opponent: the base of the win rate
    wins: int  # shared victories count as wins
    total_points: int
    best: int
    scores: tuple[int, ...]  # oldest first

    @property
    def average(self) -> float:
        return self.total_points / self.plays

    @property
    def win_rate(self) -> float | None:
        """Wins per game against opponents; None when every play was solo."""
        return self.wins / self.contests if self.contests else None


@dataclass(frozen=True)
class HeadToHead:
    """Two players' record in the games they played together: who placed ahead how often."""

    player: str
    opponent: str
    ahead: int
    behind: int
    level: int

    @property
    def games(self) -> int:
        return self.ahead + self.behind + self.level


def player_stats(plays: Iterable[Play]) -> list[PlayerStats]:
    """Per (player, title), ordered by title, then most wins, then best average."""
    ordered = oldest_first(plays)
    names = spellings(ordered)
    found: dict[tuple[str, str], list[tuple[Play, int, bool]]] = {}
    for play in ordered:
        for result in play.results:
            key = (result.name.casefold(), play.game)
            found.setdefault(key, []).append((play, result.total, result.is_winner))
    out = []
    for (player, game), entries in found.items():
        contests = [won for play, _, won in entries if not play.is_solo]
        scores = tuple(total for _, total, _ in entries)
        out.append(
            PlayerStats(
                player=names[player],
                game=game,
                title=entries[0][0].title,
                plays=len(entries),
                contests=len(contests),
                wins=sum(contests),
                total_points=sum(scores),
                best=max(scores),
                scores=scores,
            )
        )
    return sorted(out, key=lambda s: (s.title, *_board_key(s), s.player.casefold()))


def _board_key(stats: PlayerStats) -> tuple[float, float, float]:
    return (-stats.wins, -(stats.win_rate or 0.0), -stats.average)


def leaderboard(stats: Sequence[PlayerStats], game: str) -> list[tuple[int, PlayerStats]]:
    """One title's players with their place: most wins, then win rate, then average score."""
    rows = sorted((s for s in stats if s.game == game), key=_board_key)
    keys = [_board_key(s) for s in rows]
    return [(1 + sum(k < keys[i] for k in keys), s) for i, s in enumerate(rows)]


def head_to_head(plays: Iterable[Play]) -> list[HeadToHead]:
    """Every pair that met, both ways round (A vs B and B vs A), most games together first."""
    ordered = oldest_first(plays)
    names = spellings(ordered)
    record: dict[tuple[str, str], list[int]] = {}
    for play in ordered:
        for a, b in combinations(play.results, 2):
            ka, kb = a.name.casefold(), b.name.casefold()
            outcome = (a.rank < b.rank) - (a.rank > b.rank)  # 1: a ahead, -1: b ahead
            for key, sign in (((ka, kb), outcome), ((kb, ka), -outcome)):
                counts = record.setdefault(key, [0, 0, 0])
                counts[0 if sign > 0 else 1 if sign < 0 else 2] += 1
    rows = [
        HeadToHead(names[a], names[b], ahead, behind, level)
        for (a, b), (ahead, behind, level) in record.items()
    ]
    return sorted(rows, key=lambda h: (-h.games, h.player.casefold(), h.opponent.casefold()))


def sparkline(values: Sequence[int], width: int = 24) -> str:
    """The last `width` values as block characters scaled between their minimum and maximum."""
    shown = list(values)[-width:]
    if not shown:
        return ""
    low, high = min(shown), max(shown)
    if low == high:
        return SPARK[len(SPARK) // 2] * len(shown)
    steps = len(SPARK) - 1
    return "".join(SPARK[round((v - low) * steps / (high - low))] for v in shown)
