"""`scorekeeper series`: series of games. Each subcommand is defined beside its close kin and
imported only to run it: `show` and `list` in series_view.py; `new`, `add`, `remove` and
`delete` in series_edit.py, which change the data directory."""

from scorekeeper.cli.common import command_app, lazy_group

SUBCOMMANDS = {
    "new": (
        "series_edit",
        "Start a series; sessions join it with `scorekeeper score --series NAME`.",
    ),
    "show": (
        "series_view",
        "Game by game, standings, the winner once complete, and who starts the next game.",
    ),
    "list": (
        "series_view",
        "Every series, defined or named by sessions, with its progress and leader.",
    ),
    "add": (
        "series_edit",
        "Put saved sessions into a series (taking them out of any other), refusing what "
        "`score --series` would refuse: another title, or no room left.",
    ),
    "remove": (
        "series_edit",
        "Take saved sessions out of a series (they stay in the history).",
    ),
    "delete": (
        "series_edit",
        "Delete a series definition (to the trash; `undo` brings it back); refused while "
        "sessions belong to it unless --detach.",
    ),
}
"""Each subcommand with the module under scorekeeper.cli that defines it and its summary."""

app = command_app(no_args_is_help=True, cls=lazy_group(SUBCOMMANDS))


@app.callback()
def series() -> None:
    """Series of games: a three-game evening, a season, a games night."""
