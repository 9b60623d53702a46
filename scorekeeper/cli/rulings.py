"""`scorekeeper rulings`: the points the rulebooks leave open, and the group's house rulings."""

import json
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from scorekeeper import render
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.core.rulings import RULEBOOK
from scorekeeper.errors import InputError
from scorekeeper.games import TITLES, find_ruling, find_title
from scorekeeper.games.title import Title
from scorekeeper.render.rulings import rulings_text
from scorekeeper.storage.rulings import choose, read_group

app = command_app()

USAGE = "use `rulings [GAME]`, `rulings set ID VALUE` or `rulings reset ID`"


@app.command("rulings")
def rulings(
    ctx: typer.Context,
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[GAME] | set ID VALUE | reset ID",
            help="A game to list its points; `set ID VALUE` or `reset ID` to change one.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """List the points the rulebooks leave open, or keep the group's choice for one.

    Each point has an id (`creature-comforts.hearth-vp`), the rulebook's words, its default
    (the rulebook's explicit reading), the other choices and the rule note that explains it.
    `rulings set ID VALUE` keeps the group's choice in rulings.toml in the data directory;
    `rulings reset ID` goes back to the rulebook. `score` scores a new game under the group's
    choices, and every saved game records the ones it was scored under.
    """

    state: AppState = ctx.obj
    args = list(words or [])
    with user_errors():
        if args and args[0] in ("set", "reset"):
            if as_json:
                raise fail("--json goes with the list, not with set or reset")
            wanted = 3 if args[0] == "set" else 2
            if len(args) != wanted:
                raise fail(USAGE)
            title, ruling = find_ruling(args[1])
            try:
                value = ruling.from_text(args[2]) if args[0] == "set" else None
            except InputError as error:
                raise error.at(key=args[1]) from None
            choose(state.home, title, ruling, value)
            shown = ruling.default if value is None else value
            kind = "the rulebook's reading" if shown == ruling.default else "house ruling"
            typer.echo(f"{title.id}.{ruling.id} = {shown} ({kind})")
            return
        if len(args) > 1:
            raise fail(USAGE)
        titles = [find_title(args[0])] if args else TITLES
        group = read_group(state.home)
    entries = _entries(titles, group)
    if as_json:
        typer.echo(json.dumps(entries, ensure_ascii=False, indent=2))
        return

    render.make_console().print(rulings_text(entries))


def _entries(titles: Sequence[Title], group: dict[str, Any]) -> list[dict[str, Any]]:
    """Every point of the titles, with the group's current choice."""

    return [
        {
            "id": f"{title.id}.{ruling.id}",
            "game": title.id,
            "about": ruling.about,
            "words": ruling.words,
            "default": ruling.default,
            "choices": list(ruling.choices),
            "current": group.get(title.id, RULEBOOK).value(ruling),
            "note": ruling.rule,
        }
        for title in titles
        for ruling in title.rulings
    ]
