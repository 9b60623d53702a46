"""Plays for BG Stats, the play tracker most players use, through its "create play" link.

BG Stats takes one play per link: `bgstats://app.bgstatsapp.com/createPlay.html?data=` and
the play as URL-encoded JSON. Opening the link on a phone shows BG Stats' import dialog,
which matches the game and the players by name. The same objects, as a JSON array, are what
`history export --format bgstats` writes. Pure: plays in, data and text out.

No title carries a BoardGameGeek id: none is known for certain from the rulebooks, and a
wrong id would file the play under another game, so BG Stats matches the title by name.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from urllib.parse import quote

from scorekeeper.history.plays import Play, oldest_first

SOURCE_NAME = "scorekeeper"
LINK_PREFIX = "bgstats://app.bgstatsapp.com/createPlay.html?data="
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
NOON = "12:00:00"  # a day without a time: noon stays on that day in any time zone


def play_date(play: Play) -> str | None:
    """`played` as BG Stats writes dates; a day alone (or from the file name) at noon."""
    if isinstance(play.played, datetime):
        return play.played.strftime(DATE_FORMAT)
    day = play.day
    return f"{day.isoformat()} {NOON}" if day is not None else None


def starter(play: Play, history: Sequence[Play]) -> str | None:
    """Who started this game, where the session knows it: in a series whose title's rulebook
    names the next starter (the lowest total of the previous game), when that is one player."""
    from scorekeeper.history.series import series_rules

    rules = series_rules(play.game)
    if play.series is None or rules is None or rules.starter is None:
        return None
    earlier = [
        p
        for p in oldest_first(history)
        if p.series == play.series and p.sort_key < play.sort_key and p.stem != play.stem
    ]
    if not earlier or earlier[-1].game != play.game:
        return None
    picked = rules.starter.pick(earlier[-1].totals)
    if len(picked) != 1:  # a tie is left to the table: the file does not say who started
        return None
    result = play.result_of(picked[0])
    return result.name if result is not None else None


def play_object(play: Play, history: Sequence[Play] = ()) -> dict[str, Any]:
    """The BG Stats play for one session; `history` (every play) tells who started."""
    first = starter(play, history)
    players = []
    for result in play.results:
        entry: dict[str, Any] = {
            "name": result.name,
            "score": result.total,
            "rank": result.rank,
            # a solo game has no opponent, so no win or loss (as in `stats`)
            "winner": result.name in play.winners and not play.is_solo,
        }
        if first is not None:
            entry["startPlayer"] = result.name == first
        players.append(entry)
    out: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": play.id}
    date = play_date(play)
    if date is not None:
        out["playDate"] = date
    if play.location:
        out["location"] = play.location
    if play.notes:
        out["comments"] = play.notes
    out["game"] = {
        "name": play.title,
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": play.game,
    }
    out["players"] = players
    return out


def create_play_link(play_data: dict[str, Any]) -> str:
    """The link that opens BG Stats' import dialog for one play object.

    Encoded as JavaScript's encodeURIComponent does, except for ':' ',' '@' '/', which a URL
    query may hold as they are: the QR code of a four-player game stays a size smaller.
    """
    text = json.dumps(play_data, ensure_ascii=False, separators=(",", ":"))
    return LINK_PREFIX + quote(text, safe="!'()*:,@/")


def play_link(play: Play, history: Sequence[Play] = ()) -> str:
    """The BG Stats link for one saved play: what `history show --bgstats` prints and what
    the walk-through can offer after saving (then draw it with render.qr.print_qr)."""
    return create_play_link(play_object(play, history))
