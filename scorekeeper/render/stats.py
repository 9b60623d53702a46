"""Statistics: each title's leaderboard, head to head, and the players' play counts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from scorekeeper.render import user, when
from scorekeeper.render.table import Table
from scorekeeper.text import place_text

if TYPE_CHECKING:
    from scorekeeper.history.players import PlayerCount
    from scorekeeper.history.stats import HeadToHead, PlayerStats


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def leaderboard_table(
    title: str,
    rows: Sequence[tuple[int, PlayerStats]],
    spark: Callable[[Sequence[int]], str],
    highlight: str | None = None,
) -> Table:
    """One title's players, best first: plays, wins, win rate, average, best, scores over time."""
    table = Table(
        keys=2,
        title=f"{title}: leaderboard",
        title_justify="left",
        caption="Most wins first; win rates leave out solo games.",
        caption_justify="left",
    )
    table.add_column("#", justify="right")
    table.add_column("Player")
    for header in ("Plays", "Wins", "Win rate", "Average", "Best"):
        table.add_column(header, justify="right")
    table.add_column("Scores, oldest first", no_wrap=True)
    places = [place for place, _ in rows]
    for place, s in rows:
        mine = highlight is not None and s.player.casefold() == highlight.casefold()
        table.add_row(
            place_text(place, places.count(place) > 1),
            user(s.player, "bold" if mine or (highlight is None and place == 1) else ""),
            str(s.plays),
            str(s.wins),
            _rate(s.win_rate),
            f"{s.average:.1f}",
            str(s.best),
            spark(s.scores),
            style="reverse" if mine else None,
        )
    return table


def head_to_head_table(rows: Sequence[HeadToHead]) -> Table:
    """Games together and who placed ahead of whom."""
    table = Table(keys=2, title="Head to head", title_justify="left")
    table.add_column("Player")
    table.add_column("Opponent")
    for header in ("Games", "Ahead", "Behind", "Level"):
        table.add_column(header, justify="right")
    for h in rows:
        table.add_row(
            user(h.player),
            user(h.opponent),
            str(h.games),
            str(h.ahead),
            str(h.behind),
            str(h.level),
        )
    return table


def players_table(rows: Sequence[PlayerCount]) -> Table:
    table = Table(keys=1, title="Players", title_justify="left")
    table.add_column("Player")
    table.add_column("Plays", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Last played", no_wrap=True)
    for p in rows:
        name = user(p.name).append(user(f" (was {', '.join(p.was)})" if p.was else "", "dim"))
        table.add_row(name, str(p.plays), str(p.wins), when(p.last))
    return table
