"""`scorekeeper stats`: plays, wins and scores per player and title, leaderboards, head to head."""

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper import render
from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.records import game_id, report_unreadable
from scorekeeper.history.archive import load
from scorekeeper.history.plays import json_text, select, spellings
from scorekeeper.history.stats import head_to_head, leaderboard, player_stats, sparkline
from scorekeeper.render.export import stats_json
from scorekeeper.render.stats import head_to_head_table, leaderboard_table
from scorekeeper.text.suggest import did_you_mean

if TYPE_CHECKING:
    from scorekeeper.history.plays import Play

app = command_app()


@app.command("stats")
def stats(
    ctx: typer.Context,
    game: Annotated[
        str | None,
        typer.Option(
            "--game", help="Only this title (id, alias or name).", autocompletion=complete.games
        ),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player", help="Only this player (any case).", autocompletion=complete.players
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON for scripts (docs/commands.md: its shape).")
    ] = False,
) -> None:
    """Statistics from every saved session."""

    state: AppState = ctx.obj
    with user_errors():
        loaded = load(state.home)
        plays = select(loaded.plays, game=game_id(game))
    report_unreadable(loaded.unreadable)
    if player is not None:
        _check_player(player, loaded.plays)
    rows = player_stats(plays)
    wanted = None if player is None else player.casefold()
    titles = list(dict.fromkeys(s.game for s in rows if wanted in (None, s.player.casefold())))
    boards = [leaderboard(rows, title_game) for title_game in titles]
    pairs = head_to_head(plays)
    if wanted is None:
        shown = [h for h in pairs if h.player.casefold() < h.opponent.casefold()]
    else:
        shown = [h for h in pairs if h.player.casefold() == wanted]
    if as_json:
        sys.stdout.write(json_text(stats_json(boards, shown)))
        return
    console = render.make_console()
    if not titles:
        console.print("No sessions." if player is None else render.user(f"No games of {player}."))
        return
    for board in boards:
        console.print(leaderboard_table(board[0][1].title, board, sparkline, player))
    if shown:
        console.print(head_to_head_table(shown))


def _check_player(name: str, plays: "list[Play]") -> None:
    """A player who is in no session at all is a mistyped name: say which ones are near."""

    known = spellings(plays)
    if name.casefold() not in known:
        hint = did_you_mean(name, known.values()) or "`scorekeeper players` lists them"
        raise fail(f"no player {name!r} in the history; {hint}")
