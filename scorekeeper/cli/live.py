"""`scorekeeper score first-snow --live`: keep a First Snow game round by round while it is played.

Not a command of its own: `score --live` calls run(); the prompts are imported only here.
"""

from __future__ import annotations

import typer

from scorekeeper.cli.common import AppState, fail, user_errors

LIVE_GAME = "first-snow"


def run(state: AppState, game_name: str | None) -> None:
    """The live flow; Ctrl-C pauses it, the game so far stays in the draft."""
    from scorekeeper import render
    from scorekeeper.cli.records import known_names, load, save_played
    from scorekeeper.games import find_game

    with user_errors():
        if game_name is not None and find_game(game_name).id != LIVE_GAME:
            raise fail(f"--live is for {LIVE_GAME} (scored round by round), not {game_name!r}")
        home = state.home
        known = known_names(load(home).plays)
    from scorekeeper.prompts.first_snow import live

    console = render.make_console()
    try:
        with user_errors():
            live(console, home, known, lambda s, o: save_played(s, o, home))
    except KeyboardInterrupt:
        console.print(
            f"\nPaused: the game so far is kept. Run `scorekeeper score {LIVE_GAME} --live` "
            "to go on."
        )
        raise typer.Exit(130) from None
