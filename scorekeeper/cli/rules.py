"""`scorekeeper rules`: answer a rules question, show one note, or list them all.

One command rather than a group, so a question needs no sub-command word:
`scorekeeper rules how do ties work`. Its first word picks the other two forms only when the
rest fits them: `rules show ID` (exactly one more word) and `rules list [GAME]` (nothing more,
or a game's name, "first snow" too). Anything else, such as "list the phases of a round", is a
question; but one word nearly a game's name (`list hungy`) is an unknown game, as anywhere.
"""

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorekeeper import render
from scorekeeper.cli import complete
from scorekeeper.cli.common import AppState, command_app, fail, user_errors
from scorekeeper.cli.rule_index import rule_index
from scorekeeper.errors import ExitStatus, UnknownGameError
from scorekeeper.games import find_title
from scorekeeper.render.rules import print_answer, print_notes, rules_contents
from scorekeeper.rulebook import close_to_best, is_good_match, open_notes
from scorekeeper.text.suggest import closest

if TYPE_CHECKING:
    from scorekeeper.rulebook import Index, Library, Note

ANSWERS = 3


app = command_app()


@app.command("rules")
def rules(
    ctx: typer.Context,
    query: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="QUESTION...",
            help="A question in your own words, `show ID`, or `list [GAME]`.",
            show_default=False,
            autocompletion=complete.rules_words,
        ),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help="Only this game (id, name or alias).",
            autocompletion=complete.games,
        ),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="List every matching note, not just the next two.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of panels.")] = False,
) -> None:
    """Answer a rules question from the rule notes of every title.

    \b
    scorekeeper rules how do ties work --game hungry
    scorekeeper rules show hungry.ties
    scorekeeper rules list first-snow

    The best note is shown in full, the next two as a line each. Without --game every title is searched and the answer names its game; a game named in the question ("hygge tiebreaker") counts for more. Exits with 1 when no note answers the question well.
    """  # noqa: E501 - typer keeps line breaks, so the last paragraph is one line
    state: AppState = ctx.obj
    words = query or []
    if not words:
        raise fail("ask a question, or use `rules show ID` or `rules list [GAME]`")
    command = words[0].lower()
    if command == "show" and len(words) == 1:
        raise fail("`rules show` needs a note id, e.g. `scorekeeper rules show hungry.ties`")
    with user_errors():
        title = find_title(game).id if game else None  # before any note is read
        if command == "show" and len(words) == 2:
            _show(open_notes(), words[1], title, as_json)  # showing and listing need no index
        elif command == "list" and len(words) == 1:
            _list(open_notes(), title, as_json)
        elif command == "list" and (named := _title_named(words[1:])):
            _list(open_notes(), named, as_json)
        else:
            _answer(rule_index(state), " ".join(words), title, show_all, as_json)


def _title_named(words: list[str]) -> str | None:
    """The id of the title these words name, if any: `list hungry` and `list first snow` list,
    `list hotels` asks. One word near a title's name (`list hungy`) is a mistyped game, said
    as for any command, rather than a question."""
    try:
        return find_title(" ".join(words)).id
    except UnknownGameError as error:
        if len(words) == 1 and error.missing is not None and closest(words[0], error.missing.known):
            raise
        return None


def _show(library: "Library", note_id: str, title: str | None, as_json: bool) -> None:
    wanted = f"{title}.{note_id}" if title and "." not in note_id else note_id
    note = library.note(wanted)
    if as_json:
        typer.echo(json.dumps(_to_json(library, note), ensure_ascii=False, indent=2))
    else:
        print_notes(render.make_console(), library, [note], show_game=True)


def _list(library: "Library", title: str | None, as_json: bool) -> None:
    titles = [t for t in library.titles if title is None or t.id == title]
    if as_json:
        rows = [
            {"id": n.id, "game": t.id, "title": n.title, "section": n.section}
            for t in titles
            for n in t.notes
        ]
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    render.make_console().print(rules_contents(titles))


def _answer(
    index: "Index", question: str, title: str | None, show_all: bool, as_json: bool
) -> None:
    """The best note in full and the next ones as a line each; or say that none fits well."""

    hits = index.search(question, title)
    good = is_good_match(hits)
    if not show_all:
        hits = hits[:ANSWERS]
    close = close_to_best(hits)
    if as_json:
        answers = [
            dict(
                _to_json(index.library, hit.note),
                score=round(hit.score, 3),
                coverage=round(hit.coverage, 3),
                close_to_first=0 < position <= close,
            )
            for position, hit in enumerate(hits)
        ]
        typer.echo(json.dumps(answers if good else [], ensure_ascii=False, indent=2))
    else:
        print_answer(render.make_console(), index, question, title, hits, close, good)
    if not good:
        raise typer.Exit(ExitStatus.FAILURE)


def _to_json(library: "Library", note: "Note") -> dict[str, Any]:
    return {
        "id": note.id,
        "game": note.game,
        "game_name": library.title_of(note).name,
        "title": note.title,
        "section": note.section,
        "text": note.text,
        "examples": list(note.examples),
        "interpretation": note.interpretation,
        "related": list(note.related),
    }
