"""Many plays as one file in the shape BG Stats' file import takes (its own export's shape).

One object: `games`, `players` and `locations`, each a list of records numbered by `id` and
named by `uuid`; `plays`, each pointing at them by `gameRefId`, `locationRefId` and, in its
`playerScores`, `playerRefId`; and `userInfo`. Numbers and UUIDs come from `ids`, so the same
player, title, place and game keep theirs in every export and importing twice adds nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.history.bgstats.facts import SavedOn, play_date, starters
from scorekeeper.history.bgstats.ids import numbers, place_key, player_key, uuid_of
from scorekeeper.history.plays import Play, oldest_first, spellings


def plays_file(plays: Sequence[Play], history: Sequence[Play], saved_on: SavedOn) -> dict[str, Any]:
    """The import file for `plays` (oldest first); `history` (every play) gives names as the
    history shows them, who started, and whose first game a play was."""
    ordered = oldest_first(plays)
    names = spellings(history)
    firsts = _first_plays(history)
    first_players = starters(history)
    player_ids = numbers("player", (player_key(r.name) for p in ordered for r in p.results))
    game_ids = numbers("game", (p.game for p in ordered))
    places = {place_key(p.location): p.location for p in reversed(ordered) if p.location}
    place_ids = numbers("location", places)
    titles = {p.game: p.title for p in ordered}
    return {
        "games": [
            {
                "id": number,
                "uuid": uuid_of("game", game),
                "name": titles[game],
                "bggId": 0,  # unknown: BG Stats matches the title by name
                "highestWins": True,
                "noPoints": False,
                "cooperative": False,
                "usesTeams": False,
            }
            for game, number in game_ids.items()
        ],
        "players": [
            {
                "id": number,
                "uuid": uuid_of("player", key),
                "name": names.get(key, key),
                "isAnonymous": False,
                "sourcePlayerId": key,  # the create-play link's id for the same player
            }
            for key, number in player_ids.items()
        ],
        "locations": [
            {"id": number, "uuid": uuid_of("location", key), "name": places[key]}
            for key, number in place_ids.items()
        ],
        "plays": [
            _play(play, saved_on, first_players, firsts, player_ids, game_ids, place_ids)
            for play in ordered
        ],
        "userInfo": {"meRefId": 0},  # no player is known to be the device's owner
    }


def _play(
    play: Play,
    saved_on: SavedOn,
    first_players: dict[str, str],
    firsts: dict[str, str],
    player_ids: dict[str, int],
    game_ids: dict[str, int],
    place_ids: dict[str, int],
) -> dict[str, Any]:
    first = first_players.get(play.stem)
    out: dict[str, Any] = {
        "uuid": uuid_of("play", play.id),
        "gameRefId": game_ids[play.game],
        "playDate": play_date(play, saved_on),
    }
    if play.location:
        out["locationRefId"] = place_ids[place_key(play.location)]
    out["comments"] = play.notes or ""
    out["playerScores"] = [
        {
            "playerRefId": player_ids[player_key(r.name)],
            "score": str(r.total),  # BG Stats keeps scores as text
            "winner": r.is_winner and not play.is_solo,  # a solo game has no win or loss
            "rank": r.rank,
            "seatOrder": r.seat,
            "startPlayer": player_key(r.name) == first,
            "newPlayer": firsts.get(player_key(r.name)) == play.stem,
        }
        for r in play.results
    ]
    # the winners are the rulebook's (tie-breakers, shared victories), not BG Stats' own guess
    out["manualWinner"] = True
    out.update(ignored=False, usesTeams=False, rounds=0, scoringSetting=0, rating=0)
    return out


def _first_plays(history: Sequence[Play]) -> dict[str, str]:
    """Each player's first game in the whole history (file stem): BG Stats' `newPlayer`."""
    out: dict[str, str] = {}
    for play in oldest_first(history):
        for result in play.results:
            out.setdefault(player_key(result.name), play.stem)
    return out
