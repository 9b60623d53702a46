"""A series: game by game, the standings, the verdict and who starts next; the series list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from scorekeeper.games import find_game
from scorekeeper.render import rule_hint, user, user_names, when
from scorekeeper.render.sentences import series_tiebreak_text
from scorekeeper.render.table import Table
from scorekeeper.text import place_text, plural

if TYPE_CHECKING:
    from scorekeeper.history.series import SeriesReport


def _place(rank: int, shared: bool) -> str:
    """'2nd', or '2nd=' for a place shared with another player."""
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}{'=' if shared else ''}"


def series_games_table(report: SeriesReport) -> Table:
    """Game by game: each player's points (running total, or place in a mixed series)."""
    note = "place" if report.is_mixed else "running total"
    table = Table(
        keys=2,
        title="Game by game",
        title_justify="left",
        caption=f"points in the game ({note}); * won the game",
        caption_justify="left",
    )
    table.add_column("#", justify="right")
    table.add_column("Date", no_wrap=True)
    if report.is_mixed:
        table.add_column("Game")
    for name in report.players:
        table.add_column(user(name), justify="right")
    for number, (play, running) in enumerate(
        zip(report.plays, report.cumulative, strict=True), start=1
    ):
        cells: list[Text | str] = [str(number), when(play.played)]
        if report.is_mixed:
            cells.append(play.title)
        for name in report.players:
            result = play.result_of(name)
            if result is None:
                cells.append("-")
                continue
            place = _place(result.rank, play.shares_place(result))
            extra = place if report.is_mixed else str(running[name.casefold()])
            star = "*" if result.is_winner and not play.is_solo else ""
            cells.append(Text(f"{result.total}{star} ({extra})", style="bold" if star else ""))
        table.add_row(*cells)
    return table


def series_standings_table(report: SeriesReport) -> Table:
    """Standings best first: points then wins for one title; wins then average place mixed."""
    table = Table(keys=2, title="Standings", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Player")
    table.add_column("Games", justify="right")
    table.add_column("Wins", justify="right")
    # Points of different titles do not add up: a mixed series shows places instead.
    table.add_column("Avg place" if report.is_mixed else "Points", justify="right")
    ranks = [s.rank for s in report.standings]
    for s in report.standings:
        place = place_text(s.rank, ranks.count(s.rank) > 1)
        cells: list[Text | str] = [place, user(s.name, "bold" if s.rank == 1 else "")]
        cells += [str(s.played), str(s.wins)]
        cells.append(f"{s.average_place:.2f}" if report.is_mixed else str(s.total))
        table.add_row(*cells)
    return table


def series_verdict(report: SeriesReport) -> list[Text]:
    """Winner (complete) or leader, how a tie was settled, and who starts the next game."""
    lines = []
    leaders = list(report.leaders)
    if leaders:
        if report.is_complete:
            label = "Series winner: " if len(leaders) == 1 else "Shared series victory: "
        else:
            label = "Leading: " if len(leaders) == 1 else "Level at the top: "
        top = report.standings[0]
        if report.is_mixed:
            summary = f" ({plural(top.wins, 'win')}, average place {top.average_place:.2f})"
        else:
            summary = f" ({top.total} points, {plural(top.wins, 'win')})"
        line = Text(label, style="bold green").append_text(user_names(leaders, " and "))
        lines.append(line.append(summary))
    tiebreak = series_tiebreak_text(report.standings, report.is_mixed)
    if tiebreak:
        lines.append(Text("Tie-break: ", style="bold").append_text(user(tiebreak + ".")))
    if report.starter_rule and report.next_starter:
        text = Text("Next game: ", style="bold")
        starters = user_names(report.next_starter, " or ")
        text.append_text(starters)
        tied = len(report.next_starter) > 1
        text.append(
            f" {'tied for the' if tied else 'starts:'} {report.starter_rule.describe}"
            + ("; the table decides who starts." if tied else ".")
        )
        lines.extend([text, rule_hint(report.starter_rule.rule)])
    return lines


def _title(game: str | None) -> str | None:

    return find_game(game).name if game else None


def series_list_table(reports: Sequence[SeriesReport]) -> Table:
    table = Table(keys=1, title="Series", title_justify="left")
    for header in ("Series", "Game", "Games", "Status", "Leader"):
        table.add_column(header)
    for report in reports:
        game = ", ".join(report.titles) or _title(report.definition.game) or "any"
        status = "complete" if report.is_complete else "open"
        table.add_row(
            user(report.definition.name),
            game,
            report.games_text,
            status,
            user_names(report.leaders, " & "),
        )
    return table
