"""The history as data for other programs: CSV for spreadsheets, JSON for scripts (every
listing's `--json`; a scored game's is render/outcome.py).

Each command that lists something has one JSON shape, built here from the same computed data
its table shows (docs/commands.md documents every shape). User text is data in every shape:
JSON escapes what a terminal would act on (history.json_text), CSV neutralises formulas
(history.csv_cell). Nothing here reads or writes files.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from scorekeeper.history.plays import Play, csv_cell, to_json
from scorekeeper.render.sentences import tiebreak_text

if TYPE_CHECKING:  # `history export` and completion need none of these
    from scorekeeper.history.players import PlayerCount
    from scorekeeper.history.series import SeriesReport
    from scorekeeper.history.stats import HeadToHead, PlayerStats

# The session's facts, the same in both CSV forms: one form per column (a day is always
# YYYY-MM-DD, a time HH:MM:SS in its own column, empty when the session gives none).
_FACTS = ("session", "file", "played", "time", "game", "series", "location", "notes")


def day_and_time(play: Play) -> tuple[str, str]:
    """'2026-11-27', '20:15:00'; the day from the file name when the session gives none."""
    day = play.day.isoformat() if play.day is not None else ""
    time = play.played.strftime("%H:%M:%S") if isinstance(play.played, datetime) else ""
    return day, time


def _facts(play: Play) -> dict[str, object]:
    day, time = day_and_time(play)
    return {
        "session": play.id,
        "file": play.file,
        "played": day,
        "time": time,
        "game": play.game,
        "series": play.series or "",
        "location": play.location or "",
        "notes": play.notes or "",
    }


def wide_columns(categories: Sequence[str]) -> list[str]:
    """The wide CSV: the session, the player, one column per category, total, rank, winner."""
    return [*_FACTS, "player", "seat", *categories, "total", "rank", "winner"]


def wide_rows(plays: Iterable[Play], categories: Sequence[str]) -> list[dict[str, object]]:
    """One row per player per session; a category a title lacks stays empty."""
    rows = []
    for play in plays:
        for result in play.results:
            points = dict(result.points)
            row = {
                **_facts(play),
                "player": result.name,
                "seat": result.seat,
                **{c: points.get(c, "") for c in categories},
                "total": result.total,
                "rank": result.rank,
                "winner": int(result.is_winner),  # 1/0: sums in a spreadsheet
            }
            rows.append({key: csv_cell(value) for key, value in row.items()})
    return rows


LONG_COLUMNS = [*_FACTS, "player", "seat", "category", "points", "rank", "winner"]
"""The long ("tidy") CSV: the same columns whatever titles are exported."""


def long_rows(plays: Iterable[Play]) -> list[dict[str, object]]:
    """One row per session, player and category, in the title's category order."""
    rows = []
    for play in plays:
        facts = _facts(play)
        for result in play.results:
            for category, points in result.points:
                row = {
                    **facts,
                    "player": result.name,
                    "seat": result.seat,
                    "category": category,
                    "points": points,
                    "rank": result.rank,
                    "winner": int(result.is_winner),
                }
                rows.append({key: csv_cell(value) for key, value in row.items()})
    return rows


def session_json(play: Play) -> dict[str, Any]:
    """One session, as `history list --json`, `history show --json` and
    `history export --format json` write it: the play cache's shape and the title's name,
    the tie-break in words (the cache keeps it as data)."""
    return {
        **to_json(play),
        "tiebreak": tiebreak_text(play.game, play.tiebreak),
        "title": play.title,
    }


def _day(value: date | None) -> str | None:
    return value.isoformat() if value is not None else None


def players_json(rows: Sequence[PlayerCount]) -> list[dict[str, Any]]:
    """`players --json`: everyone, most plays first."""
    return [
        {"name": p.name, "plays": p.plays, "wins": p.wins, "last": _day(p.last), "was": list(p.was)}
        for p in rows
    ]


def _player_stats(place: int, stats: PlayerStats) -> dict[str, Any]:
    return {
        "place": place,
        "player": stats.player,
        "plays": stats.plays,
        "contests": stats.contests,
        "wins": stats.wins,
        "win_rate": stats.win_rate,
        "average": stats.average,
        "best": stats.best,
        "scores": list(stats.scores),
    }


def stats_json(
    boards: Sequence[Sequence[tuple[int, PlayerStats]]], pairs: Sequence[HeadToHead]
) -> dict[str, Any]:
    """`stats --json`: one leaderboard per title, then the head-to-head records shown."""
    return {
        "leaderboards": [
            {
                "game": board[0][1].game,
                "title": board[0][1].title,
                "players": [_player_stats(place, s) for place, s in board],
            }
            for board in boards
            if board
        ],
        "head_to_head": [
            {
                "player": h.player,
                "opponent": h.opponent,
                "ahead": h.ahead,
                "behind": h.behind,
                "level": h.level,
            }
            for h in pairs
        ],
    }


def series_json(report: SeriesReport, *, games: bool = False) -> dict[str, Any]:
    """One series: `series list --json` (its progress and leaders) and, with `games`, `series
    show --json` (also game by game, the standings and who starts next)."""
    definition = report.definition
    out: dict[str, Any] = {
        "name": definition.name,
        "game": definition.game,
        "planned": definition.games,
        "played": len(report.plays),
        "complete": report.is_complete,
        "mixed": report.is_mixed,
        "leaders": list(report.leaders),
    }
    if not games:
        return out
    out["plays"] = [
        {
            "session": play.id,
            "played": to_json(play)["played"],
            "game": play.game,
            "results": [{"name": r.name, "total": r.total, "rank": r.rank} for r in play.results],
            "winners": list(play.winners),
        }
        for play in report.plays
    ]
    out["standings"] = [
        {
            "rank": s.rank,
            "name": s.name,
            "played": s.played,
            "wins": s.wins,
            "total": s.total,
            "average_place": s.average_place,
        }
        for s in report.standings
    ]
    out["next_starter"] = list(report.next_starter)
    return out
