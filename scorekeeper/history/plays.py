"""The history as data: one Play per session file, ordered, filtered, found by id and exported.

Everything here is computed from sessions and their freshly computed outcomes; nothing reads or
writes files, so the commands stay thin and the computations are easy to test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from scorekeeper.core.tiebreak import TieBreak, tiebreak_from_data, tiebreak_to_data
from scorekeeper.errors import ScorekeeperError, not_found
from scorekeeper.games import find_title
from scorekeeper.storage.sessions import short_id
from scorekeeper.text import visible

if TYPE_CHECKING:  # a Play is built from these, but cached plays need neither
    from scorekeeper.core.breakdown import Outcome
    from scorekeeper.session import Session

_LEADING_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})")
_NOT_PLAIN = re.compile("[^\x20-\x7e\n]")  # what json.dumps may leave raw: judged one by one


class HistoryError(ScorekeeperError):
    """A session id matches no session, or more than one."""


@dataclass(frozen=True)
class Result:
    """One player's line in a finished game: points per category, total, rank."""

    name: str
    seat: int  # 1-based seat order, as in the file
    total: int
    rank: int
    points: tuple[tuple[str, int], ...]  # (category, points) in the title's column order

    @property
    def is_winner(self) -> bool:
        return self.rank == 1


@dataclass(frozen=True)
class Play:
    """One session file with its computed result: the unit of history, series and statistics."""

    id: str
    stem: str
    file: str
    game: str  # game id
    title: str  # game name
    results: tuple[Result, ...]  # seat order
    winners: tuple[str, ...]
    tiebreak: TieBreak | None = None  # as data: worded when shown (render.sentences)
    played: date | datetime | None = None
    series: str | None = None
    location: str | None = None
    notes: str | None = None

    @property
    def sort_key(self) -> tuple[str, str]:
        """Chronological: `played` when given, else the file name (saved files start with a
        date, so they fall in place; other names sort after every dated session)."""
        return (self.played.isoformat() if self.played else self.stem, self.stem)

    @property
    def day(self) -> date | None:
        """The calendar day: from `played`, else from a file name that starts with a date."""
        if isinstance(self.played, datetime):
            return self.played.date()
        if self.played is not None:
            return self.played
        match = _LEADING_DATE.match(self.stem)
        if match:
            try:
                return date.fromisoformat(match.group(1))
            except ValueError:
                return None
        return None

    @property
    def is_solo(self) -> bool:
        """A one-player game: it has a score but no opponent, so it has no win or loss."""
        return len(self.results) == 1

    def result_of(self, player: str) -> Result | None:
        """The result of a player, matched case-insensitively."""
        wanted = player.casefold()
        return next((r for r in self.results if r.name.casefold() == wanted), None)

    @property
    def totals(self) -> tuple[tuple[str, int], ...]:
        """Each player's name and total, in seat order (what a series' starter rule reads)."""
        return tuple((r.name, r.total) for r in self.results)

    def by_rank(self) -> tuple[Result, ...]:
        return tuple(sorted(self.results, key=lambda r: (r.rank, r.seat)))

    def shares_place(self, result: Result) -> bool:
        """Another player has the same place (equal totals below first, or a shared win)."""
        return sum(r.rank == result.rank for r in self.results) > 1


def from_session(path: Path, session: Session, outcome: Outcome) -> Play:
    """The Play for a session file and its computed outcome."""
    order = {name: seat for seat, name in enumerate(session.names, start=1)}
    results = tuple(
        sorted(
            (
                Result(
                    name=standing.name,
                    seat=order[standing.name],
                    total=standing.total,
                    rank=standing.rank,
                    points=tuple((c, standing.category_total(c)) for c in outcome.categories),
                )
                for standing in outcome.standings
            ),
            key=lambda r: r.seat,
        )
    )
    return Play(
        id=short_id(path.stem),
        stem=path.stem,
        file=str(path),
        game=session.game.id,
        title=session.game.name,
        results=results,
        winners=outcome.winners,
        tiebreak=outcome.tiebreak,
        played=session.played,
        series=session.series,
        location=session.location,
        notes=session.notes,
    )


def oldest_first(plays: Iterable[Play]) -> list[Play]:
    return sorted(plays, key=lambda p: p.sort_key)


def newest_first(plays: Iterable[Play]) -> list[Play]:
    return sorted(plays, key=lambda p: p.sort_key, reverse=True)


def select(
    plays: Iterable[Play],
    *,
    game: str | None = None,
    player: str | None = None,
    since: date | None = None,
) -> list[Play]:
    """Plays of one title (id), with one player (any case), on or after a day."""
    out = []
    for play in plays:
        if game is not None and play.game != game:
            continue
        if player is not None and play.result_of(player) is None:
            continue
        if since is not None and (play.day is None or play.day < since):
            continue
        out.append(play)
    return out


def find_play(plays: Sequence[Play], ref: str) -> Play:
    """The play whose short id or file stem is `ref`, or starts with it if only one does."""
    wanted = ref.strip().removesuffix(".toml")
    exact = [p for p in plays if wanted in (p.id, p.stem)]
    if len(exact) == 1:
        return exact[0]
    found = exact or [p for p in plays if p.id.startswith(wanted) or p.stem.startswith(wanted)]
    if not wanted or not found:
        raise not_found(
            HistoryError,
            "session",
            ref,
            f"no session {ref!r}",
            "`scorekeeper history list` shows the ids",
            [p.id for p in newest_first(plays)],
        )
    if len(found) > 1:
        shown = ", ".join(p.stem for p in newest_first(found)[:5])
        more = f" and {len(found) - 5} more" if len(found) > 5 else ""
        raise HistoryError(f"{ref!r} matches {len(found)} sessions ({shown}{more}); type more")
    return found[0]


def spellings(plays: Iterable[Play]) -> dict[str, str]:
    """Case-folded name -> the spelling used in the most recent session."""
    out: dict[str, str] = {}
    for play in oldest_first(plays):
        for result in play.results:
            out[result.name.casefold()] = result.name
    return out


@dataclass(frozen=True)
class Difference:
    """One way a game's result differs from another result of it: a player's `total` or
    `rank` (before and after), a player `missing` from the earlier result, or the `winners`
    (tuples of names; before is None when the earlier result's winners are unreadable).
    Data, not words: render/rescore.py words it when it is shown."""

    kind: Literal["total", "rank", "missing", "winners"]
    name: str = ""
    before: object = None
    after: object = None


def result_changes(stored: Mapping[str, Any], play: Play) -> list[Difference]:
    """How the stored [result] table differs from the result computed now.

    Compares each player's total and rank and the winners; the tie-break is not compared,
    since how a tie was broken changes only with a total, a rank or the winners.
    """
    changes: list[Difference] = []
    before: dict[str, Mapping[str, Any]] = {}
    for entry in stored.get("players", []):
        if isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
            before[entry["name"].casefold()] = entry
    for result in play.results:
        old = before.get(result.name.casefold())
        if old is None:
            changes.append(Difference("missing", result.name))
            continue
        if old.get("total") != result.total:
            changes.append(Difference("total", result.name, old.get("total"), result.total))
        if old.get("rank") != result.rank:
            changes.append(Difference("rank", result.name, old.get("rank"), result.rank))
    old_winners = stored.get("winners", [])
    if not isinstance(old_winners, list) or {str(w).casefold() for w in old_winners} != {
        w.casefold() for w in play.winners
    }:
        was = tuple(map(str, old_winners)) if isinstance(old_winners, list) else None
        changes.append(Difference("winners", before=was, after=tuple(play.winners)))
    return changes


# Spreadsheets run a cell that starts with one of these as a formula (OWASP, CSV Injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A value safe for a spreadsheet: control characters escaped as in every other output,
    and text that a spreadsheet would run as a formula prefixed with a single quote (OWASP's
    advice), so it shows as typed. Numbers pass unchanged: -3 is a total, not a formula."""
    if not isinstance(value, str):
        return value
    text = visible(value)
    return "'" + text if value.startswith(FORMULA_STARTS) else text


def json_text(objects: object) -> str:
    """A JSON export: every control or format character (ESC, BEL, DEL, bidi overrides)
    written as a \\u escape, so the text is inert in a terminal and decodes to the same data."""

    text = json.dumps(objects, ensure_ascii=False, indent=2)
    return _NOT_PLAIN.sub(_json_escape, text) + "\n"


def _json_escape(match: re.Match[str]) -> str:
    """A control or format character as a JSON escape (a surrogate pair past U+FFFF)."""
    char = match.group()
    if visible(char) == char:
        return char
    data = char.encode("utf-16-be")
    return "".join(f"\\u{int.from_bytes(data[i : i + 2]):04x}" for i in range(0, len(data), 2))


def to_json(play: Play) -> dict[str, Any]:
    """The same facts as the CSV, one object per session, the tie-break as data: the play
    cache, read back with from_json(); `history export --format json` words the tie-break
    (render.export.session_json)."""
    return {
        "session": play.id,
        "file": play.file,
        "played": play.played.isoformat() if play.played else None,
        "game": play.game,
        "series": play.series,
        "location": play.location,
        "notes": play.notes,
        "players": [
            {
                "name": r.name,
                "seat": r.seat,
                "categories": dict(r.points),
                "total": r.total,
                "rank": r.rank,
                "winner": r.is_winner,
            }
            for r in play.results
        ],
        "winners": list(play.winners),
        "tiebreak": None if play.tiebreak is None else tiebreak_to_data(play.tiebreak),
    }


def from_json(data: Mapping[str, Any], path: Path) -> Play:
    """The Play to_json() described, for the session file now at `path`; the title's name comes
    from the registry. Raises KeyError, TypeError or ValueError on anything else."""
    played = data["played"]
    when: date | datetime | None = None
    if played is not None:
        when = datetime.fromisoformat(played) if "T" in played else date.fromisoformat(played)
    return Play(
        id=short_id(path.stem),
        stem=path.stem,
        file=str(path),
        game=str(data["game"]),
        title=_title_name(str(data["game"])),
        results=tuple(
            Result(
                name=str(r["name"]),
                seat=int(r["seat"]),
                total=int(r["total"]),
                rank=int(r["rank"]),
                points=tuple((str(c), int(p)) for c, p in r["categories"].items()),
            )
            for r in data["players"]
        ),
        winners=tuple(map(str, data["winners"])),
        tiebreak=None if data["tiebreak"] is None else tiebreak_from_data(data["tiebreak"]),
        played=when,
        series=_optional_text(data["series"]),
        location=_optional_text(data["location"]),
        notes=_optional_text(data["notes"]),
    )


@cache
def _title_name(game: str) -> str:
    """A registered title's name by its id (read for every cached play, so looked up once)."""

    title = find_title(game)
    if title.id != game:
        raise ValueError(f"not a game id: {game!r}")
    return title.name


def _optional_text(value: object) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise TypeError(f"expected text or null, got {value!r}")


def chosen_plays(plays: list[Play], refs: list[str]) -> list[Play]:
    """The plays named by short ids or file names (a unique prefix), each once, in the order
    first named."""
    found = [find_play(plays, ref) for ref in refs]
    return list({play.stem: play for play in found}.values())
