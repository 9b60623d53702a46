"""A scored game: the table, the breakdown behind every point, the winner and the tie-break."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from scorekeeper.render import print_warnings, rule_hint, user
from scorekeeper.render.sentences import line_detail, tiebreak_text, unclaimed_text, warnings_text
from scorekeeper.render.table import Table

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Outcome


def score_table(outcome: Outcome, title: str) -> Table:
    """Players (best first) by categories, with totals and places ('2=' when shared)."""
    table = Table(keys=2, title=title, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Player", overflow="fold")
    for category in outcome.categories:  # narrow terminals fold a header, never cut it
        table.add_column(category, justify="right", overflow="fold")
    table.add_column("Total", justify="right", style="bold", overflow="fold")
    for standing in outcome.by_rank():
        table.add_row(
            outcome.place(standing),
            user(standing.name, "bold" if standing.rank == 1 else ""),
            *(str(standing.category_total(c)) for c in outcome.categories),
            str(standing.total),
        )
    return table


def totals_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    """Points so far (the --live "After round N" table): the first column names the player,
    every other column is a number and is right-aligned, as in every score table."""
    table = Table(keys=1, title=title, title_justify="left")
    for index, header in enumerate(headers):
        table.add_column(header, justify="left" if index == 0 else "right")
    for row in rows:
        table.add_row(user(row[0]), *row[1:])
    return table


def breakdown_table(outcome: Outcome) -> Table:
    """Every line behind every point, with the rule note that justifies it. The notes of one
    title share its prefix, said once in the title, so the other columns keep their width."""
    rules = {line.rule for standing in outcome.by_rank() for line in standing.lines}
    prefixes = {rule.split(".", 1)[0] for rule in rules if "." in rule}
    prefix = f"{prefixes.pop()}." if len(prefixes) == 1 and all("." in r for r in rules) else ""
    title = "Where the points came from"
    if prefix:
        title += f" (rule notes: scorekeeper rules show {prefix}RULE)"
    table = Table(title=title, title_justify="left", show_lines=False)
    table.add_column("Player")
    table.add_column("Category")
    table.add_column("Detail", ratio=1)
    table.add_column("Points", justify="right")
    table.add_column("Rule", style="dim", no_wrap=True)
    for standing in outcome.by_rank():
        first = True
        for line in standing.lines:
            table.add_row(
                user(standing.name) if first else "",
                line.category,
                user(line_detail(line)),
                f"{line.points:+d}",
                line.rule.removeprefix(prefix),
            )
            first = False
        if not standing.lines:
            table.add_row(user(standing.name), "-", "no points", "0", "")
        table.add_section()
    return table


def winner_text(outcome: Outcome) -> Text:
    """'Ana wins with 17 points.' or 'Shared victory: Ana and Ben with 17 points.'"""
    top = outcome.by_rank()[0].total if outcome.standings else 0
    names = list(outcome.winners)
    text = Text()
    if len(outcome.standings) == 1:  # a solo game has a score, not a winner
        text.append("Final score: ", style="bold green")
        text.append_text(user(names[0], "bold"))
        text.append(f", {top} points.")
    elif len(names) == 1:
        text.append("Winner: ", style="bold green")
        text.append_text(user(names[0], "bold"))
        text.append(f" with {top} points.")
    else:
        text.append("Shared victory: ", style="bold green")
        for index, name in enumerate(names):
            if index:
                text.append(" and " if index == len(names) - 1 else ", ")
            text.append_text(user(name, "bold"))
        text.append(f" with {top} points.")
    return text


def print_outcome(
    console: Console, outcome: Outcome, game_name: str, *, show_warnings: bool = True
) -> None:
    """The whole result: table, breakdown, warnings, winner and how a tie was settled."""
    console.print(score_table(outcome, f"{game_name}: final scores"))
    console.print(breakdown_table(outcome))
    for unclaimed in outcome.unclaimed:
        text = Text("Not scored: ", style="bold").append_text(user(unclaimed_text(unclaimed)))
        console.print(text.append(f" ({unclaimed.rule})", style="dim"))
    if show_warnings:
        print_warnings(console, warnings_text(outcome))
    console.print(winner_text(outcome))
    tiebreak = tiebreak_text(outcome.game, outcome.tiebreak)
    if tiebreak:
        line = Text("Tie-break: ", style="bold")
        line.append_text(user(tiebreak + "."))
        console.print(line)
        if outcome.tiebreak_rule:
            console.print(rule_hint(outcome.tiebreak_rule))
    if outcome.title:
        console.print(Text("Title: ", style="bold").append_text(user(outcome.title)))
