"""Everything rich draws: score tables, breakdowns and winner lines. User text is never markup."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from scorekeeper.text import plural, visible

if TYPE_CHECKING:
    from rich.panel import Panel

    from scorekeeper.core.breakdown import Outcome
    from scorekeeper.history import Play
    from scorekeeper.players import PlayerCount
    from scorekeeper.rulebook.notes import Note, Title
    from scorekeeper.series import SeriesReport
    from scorekeeper.stats import HeadToHead, PlayerStats
    from scorekeeper.storage import Unreadable


def user(text: str, style: str = "") -> Text:
    """A rich Text for user-typed words: literal (no markup), control characters escaped."""
    return Text(visible(text), style=style)


def make_console(stderr: bool = False) -> Console:
    """No highlighting or :emoji: codes: nothing here is markup, and the codes cost start-up."""
    return Console(stderr=stderr, highlight=False, emoji=False)


def score_table(outcome: Outcome, title: str) -> Table:
    """Players (best first) by categories, with totals and ranks."""
    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Player")
    for category in outcome.categories:
        table.add_column(category, justify="right")
    table.add_column("Total", justify="right", style="bold")
    for standing in outcome.by_rank():
        table.add_row(
            str(standing.rank),
            user(standing.name, "bold" if standing.rank == 1 else ""),
            *(str(standing.category_total(c)) for c in outcome.categories),
            str(standing.total),
        )
    return table


def breakdown_table(outcome: Outcome) -> Table:
    """Every line behind every point, with the rule note that justifies it."""
    table = Table(title="Where the points came from", title_justify="left", show_lines=False)
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
                user(line.detail),
                f"{line.points:+d}",
                line.rule,
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
    if show_warnings:
        print_warnings(console, outcome.warnings)
    console.print(winner_text(outcome))
    if outcome.tiebreak:
        line = Text("Tie-break: ", style="bold")
        line.append_text(user(outcome.tiebreak + "."))
        console.print(line)
        if outcome.tiebreak_rule:
            console.print(rule_hint(outcome.tiebreak_rule))
    if outcome.title:
        console.print(Text("Title: ", style="bold").append_text(user(outcome.title)))


def print_warnings(console: Console, warnings: Sequence[str]) -> None:
    for warning in warnings:
        console.print(Text("Warning: ", style="bold yellow").append_text(user(warning)))


def rule_hint(rule: str, help_text: str = "") -> Text:
    """A dim line pointing at the rule note behind a question or a result."""
    text = Text(help_text + (" " if help_text else ""), style="dim")
    text.append(f"(scorekeeper rules show {rule})", style="dim italic")
    return text


def rule_text(title: str, text: str) -> Text:
    """A rule note shown where its question is first asked."""
    line = Text(f"{title}: ", style="bold dim")
    line.append(" ".join(text.split()), style="dim")
    return line


def review_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    """What was entered, one row per player, before anything is scored or saved."""
    table = Table(title=title, title_justify="left")
    for header in headers:
        table.add_column(header)
    for row in rows:
        table.add_row(*(user(cell) for cell in row))
    return table


def note_panel(note: Note, game_name: str | None, related: Sequence[tuple[str, str]]) -> Panel:
    """One rule note as a panel: its text, examples, how scorekeeper reads it, related notes.

    The title names the game when the answer may come from any title (game_name given).
    Note text is data, not markup: it goes in as literal Text so brackets stay brackets.
    """
    from rich.panel import Panel  # only `rules` draws panels

    heading = Text()
    if game_name:
        heading.append(game_name, style="bold cyan")
        heading.append(": ")
    heading.append(note.title, style="bold")
    body = Text(note.text)
    for example in note.examples:
        body.append("\n\nExample: ", style="bold")
        body.append(example)
    if note.interpretation:
        body.append("\n\nHow scorekeeper reads it: ", style="bold")
        body.append(note.interpretation)
    parts: list[Text | Table] = [body]
    if related:
        parts.append(Text("\nRelated:", style="bold"))
        links = Table.grid(padding=(0, 2))
        links.add_column(style="cyan", no_wrap=True)
        links.add_column(style="dim")
        for note_id, title in related:
            links.add_row(Text("  " + note_id), Text(title))
        parts.append(links)
    return Panel(
        Group(*parts),
        title=heading,
        title_align="left",
        subtitle=Text(f"{note.section} | {note.id}", style="dim"),
        subtitle_align="right",
    )


def rules_contents(titles: Sequence[Title]) -> Group:
    """The table of contents: for each game, every note id with its title and section."""
    tables = []
    for title in titles:
        table = Table(title=f"{title.name} ({title.id})", title_justify="left")
        table.add_column("Id", style="cyan", no_wrap=True)
        table.add_column("Title")
        table.add_column("Rulebook section", style="dim")
        for note in title.notes:
            table.add_row(note.id, Text(note.title), Text(note.section))
        tables.append(table)
    return Group(*tables)


# -- history, series, statistics and players ---------------------------------------------


def when(played: date | datetime | None) -> str:
    """'2026-11-27 20:15', '2026-11-22' or '-'."""
    if isinstance(played, datetime):
        return played.strftime("%Y-%m-%d %H:%M")
    return played.isoformat() if played else "-"


def _names(names: Sequence[str], sep: str = ", ") -> Text:
    return Text(sep).join(user(name) for name in names)


def print_unreadable(console: Console, items: Sequence[Unreadable]) -> None:
    """One line per file that could not be used, with its path and the reason."""
    for item in items:
        line = Text("Unreadable: ", style="bold yellow")
        reason = item.reason if str(item.path) in item.reason else f"{item.path}: {item.reason}"
        console.print(line.append_text(user(reason)), soft_wrap=True)


def history_table(plays: Sequence[Play], title: str) -> Table:
    """One row per session: id, date, title, winner, then every player with points (seat order)."""
    table = Table(title=title, title_justify="left")
    table.add_column("ID", no_wrap=True)
    table.add_column("Date", no_wrap=True)
    table.add_column("Game")
    table.add_column("Winner", style="bold")
    table.add_column("Players and points")
    for play in plays:
        scores = Text(", ").join(
            user(r.name).append(f" {r.total}", style="bold" if r.is_winner else "")
            for r in play.results
        )
        # A solo game has a score but nobody to beat.
        winner = Text("solo", style="dim") if play.is_solo else _names(play.winners, " & ")
        table.add_row(user(play.id), when(play.played), play.title, winner, scores)
    return table


def play_facts(play: Play) -> Text:
    """The session's own facts above its breakdown: file, date, series, place, notes."""
    text = Text()
    facts = [
        ("File", play.file),
        ("Played", when(play.played)),
        ("Series", play.series),
        ("Location", play.location),
        ("Notes", play.notes),
    ]
    for label, value in facts:
        if value:
            text.append(f"{label}: ", style="bold")
            text.append_text(user(value))
            text.append("\n")
    text.rstrip()
    return text


def rescore_table(changed: Sequence[tuple[Play, Sequence[str]]]) -> Table:
    table = Table(title="Results that changed with the current rules", title_justify="left")
    table.add_column("ID", no_wrap=True)
    table.add_column("Date", no_wrap=True)
    table.add_column("Game")
    table.add_column("What changed (stored -> now)")
    for play, changes in changed:
        table.add_row(user(play.id), when(play.played), play.title, user("\n".join(changes)))
    return table


def _place(rank: int) -> str:
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def series_games_table(report: SeriesReport) -> Table:
    """Game by game: each player's points (running total, or place in a mixed series)."""
    note = "place" if report.is_mixed else "running total"
    table = Table(
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
            extra = _place(result.rank) if report.is_mixed else str(running[name.casefold()])
            star = "*" if result.is_winner and not play.is_solo else ""
            cells.append(Text(f"{result.total}{star} ({extra})", style="bold" if star else ""))
        table.add_row(*cells)
    return table


def series_standings_table(report: SeriesReport) -> Table:
    """Standings best first: points then wins for one title; wins then average place mixed."""
    table = Table(title="Standings", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Player")
    table.add_column("Games", justify="right")
    table.add_column("Wins", justify="right")
    # Points of different titles do not add up: a mixed series shows places instead.
    table.add_column("Avg place" if report.is_mixed else "Points", justify="right")
    for s in report.standings:
        cells: list[Text | str] = [str(s.rank), user(s.name, "bold" if s.rank == 1 else "")]
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
        line = Text(label, style="bold green").append_text(_names(leaders, " and "))
        lines.append(line.append(summary))
    if report.tiebreak:
        lines.append(Text("Tie-break: ", style="bold").append_text(user(report.tiebreak + ".")))
    if report.starter_rule and report.next_starter:
        text = Text("Next game: ", style="bold")
        names = _names(report.next_starter, " or ")
        text.append_text(names)
        tied = len(report.next_starter) > 1
        text.append(
            f" {'tied for the' if tied else 'starts:'} {report.starter_rule.describe}"
            + ("; the table decides who starts." if tied else ".")
        )
        lines.extend([text, rule_hint(report.starter_rule.rule)])
    return lines


def _title(game: str | None) -> str | None:
    from scorekeeper.games import find_game

    return find_game(game).name if game else None


def series_list_table(reports: Sequence[SeriesReport]) -> Table:
    table = Table(title="Series", title_justify="left")
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
            _names(report.leaders, " & "),
        )
    return table


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def leaderboard_table(
    title: str,
    rows: Sequence[tuple[int, PlayerStats]],
    spark: Callable[[Sequence[int]], str],
    highlight: str | None = None,
) -> Table:
    """One title's players, best first: plays, wins, win rate, average, best, scores over time."""
    table = Table(
        title=f"{title}: leaderboard",
        title_justify="left",
        caption="Most wins first; win rates leave out solo games.",
        caption_justify="left",
    )
    table.add_column("#", justify="right")
    table.add_column("Player")
    for header in ("Plays", "Wins", "Win rate", "Average", "Best"):
        table.add_column(header, justify="right")
    table.add_column("Scores, oldest first", no_wrap=True)
    for place, s in rows:
        mine = highlight is not None and s.player.casefold() == highlight.casefold()
        table.add_row(
            str(place),
            user(s.player, "bold" if mine or (highlight is None and place == 1) else ""),
            str(s.plays),
            str(s.wins),
            _rate(s.win_rate),
            f"{s.average:.1f}",
            str(s.best),
            spark(s.scores),
            style="reverse" if mine else None,
        )
    return table


def head_to_head_table(rows: Sequence[HeadToHead]) -> Table:
    """Games together and who placed ahead of whom."""
    table = Table(title="Head to head", title_justify="left")
    table.add_column("Player")
    table.add_column("Opponent")
    for header in ("Games", "Ahead", "Behind", "Level"):
        table.add_column(header, justify="right")
    for h in rows:
        table.add_row(
            user(h.player),
            user(h.opponent),
            str(h.games),
            str(h.ahead),
            str(h.behind),
            str(h.level),
        )
    return table


def players_table(rows: Sequence[PlayerCount]) -> Table:
    table = Table(title="Players", title_justify="left")
    table.add_column("Player")
    table.add_column("Plays", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Last played", no_wrap=True)
    for p in rows:
        table.add_row(user(p.name), str(p.plays), str(p.wins), when(p.last))
    return table
