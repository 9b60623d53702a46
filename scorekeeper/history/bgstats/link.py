"""One play as BG Stats' "create play" link, small enough for a QR code read off a terminal.

The link is `bgstats://app.bgstatsapp.com/createPlay.html?data=` and the play as URL-encoded
JSON. Every byte widens the QR code, so the JSON is compact and leaves out what BG Stats
assumes anyway: a title where the highest score wins, a player who neither won nor started,
ranks that follow from the scores.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from scorekeeper.history.bgstats.facts import (
    SavedOn,
    is_shown_rank,
    play_date,
    saved_today,
    starters,
)
from scorekeeper.history.bgstats.ids import player_key
from scorekeeper.history.plays import Play, spellings

SOURCE_NAME = "scorekeeper"
LINK_PREFIX = "bgstats://app.bgstatsapp.com/createPlay.html?data="

# What a URL's query may hold as it is (RFC 3986: unreserved characters, sub-delimiters, ':',
# '@', '/', '?') less what would end or split the `data` value or be read as a space:
# '&', '=', '+', '#' and '%' itself. Quotes and brackets must be escaped in a valid URL.
_KEPT = "!$'()*,;:@/?"


def link_data(
    play: Play, history: Sequence[Play], saved_on: SavedOn = saved_today
) -> dict[str, Any]:
    """The BG Stats play for one session; `history` (every play) gives each player's name as
    the history shows it and tells who started."""
    names = spellings(history)
    first = starters(history).get(play.stem)
    ranks = is_shown_rank(play)
    out: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.id,
        "playDate": play_date(play, saved_on),
    }
    if play.location:
        out["location"] = play.location
    if play.notes:
        out["comments"] = play.notes
    out["game"] = {"name": play.title, "sourceGameId": play.game}
    players = []
    for result in play.results:
        key = player_key(result.name)
        entry: dict[str, Any] = {
            "name": names.get(key, result.name),
            "sourcePlayerId": key,
            "score": result.total,
        }
        if ranks:
            entry["rank"] = result.rank
        if result.is_winner and not play.is_solo:  # a solo game has no win or loss, as in stats
            entry["winner"] = True
        if key == first:
            entry["startPlayer"] = True
        players.append(entry)
    out["players"] = players
    return out


def create_play_link(data: dict[str, Any]) -> str:
    """The link that opens BG Stats' import dialog for one play: compact JSON, and only the
    characters a URL's query cannot hold percent-encoded."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return LINK_PREFIX + quote(text, safe=_KEPT)


def play_link(play: Play, history: Sequence[Play], saved_on: SavedOn = saved_today) -> str:
    """The BG Stats link for one saved play: what `history show --bgstats` prints and what
    the walk-through can offer after saving (then draw it with render.qr.print_qr)."""
    return create_play_link(link_data(play, history, saved_on))
