"""Plays for BG Stats: the import file, the create-play link, its QR code on screen and as an
image. Every drawn code is read back by two decoders that share nothing with segno's encoder:
tests/qr_decode.py (the standard, module by module) and zxing-cpp off a simulated screen."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.history.archive import load
from scorekeeper.history.bgstats import LINK_PREFIX, create_play_link, ids, link_data, plays_file
from scorekeeper.history.plays import Play, Result, spellings
from scorekeeper.render.qr import BORDER, print_qr, qr_image, qr_matrix
from tests.history_home import make_home, run
from tests.qr_decode import decode
from tests.screen import DARK, LIGHT, QUARTERS, scan

SAMPLES = Path(__file__).parent.parent / "sample_sessions"
SAVED = date(2026, 12, 1)


def saved(play: Play) -> date:
    return SAVED


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return make_home(tmp_path)


@pytest.fixture
def everything(tmp_path: Path) -> Path:
    """The test history and every sample session: five titles, one to five players."""
    home = make_home(tmp_path)
    for sample in SAMPLES.glob("*.toml"):
        shutil.copy(sample, home / "sessions" / sample.name)
    return home


def decode_link(link: str) -> dict[str, Any]:
    assert link.startswith(LINK_PREFIX)
    data: dict[str, Any] = json.loads(unquote(link.removeprefix(LINK_PREFIX)))
    return data


def drawn_modules(lines: list[str], ink_is_dark: bool = True) -> list[tuple[int, ...]]:
    """The dark modules drawn: two rows of modules per text line, and one module a character
    (half blocks) or two (quadrant blocks, when any character is one)."""
    dense = any(char not in " \u2580\u2584\u2588" for line in lines for char in line)
    rows: list[tuple[int, ...]] = []
    for line in lines:
        for half in (0, 1):
            row = []
            for char in line:
                quarters = QUARTERS[char][2 * half : 2 * half + 2]
                row += [int(q == ink_is_dark) for q in (quarters if dense else quarters[:1])]
            rows.append(tuple(row))
    return rows


def qr_lines_of(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and set(line) <= set(QUARTERS)]


def show_bgstats(home: Path, ref: str, columns: int = 120, **env: str) -> Any:
    return CliRunner().invoke(
        app,
        ["--home", str(home), "history", "show", ref, "--bgstats"],
        env={"COLUMNS": str(columns), "COLORFGBG": "0;15", **env},
    )


# The import file -------------------------------------------------------------------------


@dataclass(frozen=True)
class ReadPlay:
    """A play as a reader of BG Stats' import file sees it, every reference resolved."""

    uuid: str
    game: str
    date: str
    location: str | None
    comments: str
    players: tuple[tuple[str, str, bool, int, bool], ...]  # name, score, winner, rank, start


def read_plays_file(data: dict[str, Any]) -> list[ReadPlay]:
    """Read the file as an importer does: records by id, plays by reference; every id and
    UUID unique within its list, every reference resolving."""
    assert set(data) == {"games", "players", "locations", "plays", "userInfo"}
    tables = {}
    for kind in ("games", "players", "locations"):
        records = {r["id"]: r for r in data[kind]}
        assert len(records) == len(data[kind]) == len({r["uuid"] for r in data[kind]})
        assert all(isinstance(i, int) and 0 < i < 2**31 for i in records)
        tables[kind] = records
    out = []
    for play in data["plays"]:
        location = play.get("locationRefId")
        scores = play["playerScores"]
        out.append(
            ReadPlay(
                uuid=play["uuid"],
                game=tables["games"][play["gameRefId"]]["name"],
                date=play["playDate"],
                location=None if location is None else tables["locations"][location]["name"],
                comments=play["comments"],
                players=tuple(
                    (
                        tables["players"][s["playerRefId"]]["name"],
                        s["score"],
                        s["winner"],
                        s["rank"],
                        s["startPlayer"],
                    )
                    for s in sorted(scores, key=lambda s: s["seatOrder"])
                ),
            )
        )
    assert len({p.uuid for p in out}) == len(out)
    return out


def test_the_export_round_trips_through_a_reader_of_the_import_file(everything: Path) -> None:
    result = run(everything, "history", "export", "--format", "bgstats")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    read = read_plays_file(data)
    history = load(everything).plays
    names = spellings(history)  # each player as last spelled ("ana" in an old file is "Ana")
    assert len(read) == len(history) == 17  # one play per readable session
    by_date = sorted(history, key=lambda p: p.sort_key)
    for got, play in zip(read, by_date, strict=True):
        assert got.game == play.title
        assert got.location == play.location
        assert got.comments == (play.notes or "")
        assert [(n, s, w, r) for n, s, w, r, _ in got.players] == [
            (names[r.name.casefold()], str(r.total), r.is_winner and not play.is_solo, r.rank)
            for r in play.results
        ]
    family = next(p for p in read if p.date == "2026-11-27 20:15:00")
    assert family.players == (
        ("Ana", "16", True, 1, False),
        ("Ben", "16", False, 2, False),  # level on points, second by Hungry's tie-breaker
        ("Cy", "15", False, 3, False),
    )
    assert data["userInfo"] == {"meRefId": 0}
    assert all(p["manualWinner"] for p in data["plays"])  # our winners, not BG Stats' guess


def test_ids_are_the_same_in_every_export_and_a_new_game_moves_none(everything: Path) -> None:
    def export(*args: str) -> dict[str, Any]:
        result = run(everything, "history", "export", "--format", "bgstats", *args)
        assert result.exit_code == 0, result.output
        data: dict[str, Any] = json.loads(result.stdout)
        return data

    def identities(data: dict[str, Any]) -> dict[str, tuple[int, str]]:
        return {  # players by their id in the link (their name's spelling may change)
            f"{kind}:{r.get('sourcePlayerId', r['name'])}": (r["id"], r["uuid"])
            for kind in ("games", "players", "locations")
            for r in data[kind]
        }

    whole = export()
    for part in (export("--game", "hungry"), export("--player", "fay")):
        assert identities(part).items() <= identities(whole).items()
        assert {p["uuid"] for p in part["plays"]} <= {p["uuid"] for p in whole["plays"]}
    (everything / "sessions" / "later.toml").write_text(
        'format = 1\ngame = "hungry"\nplayed = 2026-12-24\n'
        '[[players]]\nname = "Zed"\nhomes = [1, 0, 0, 0, 0]\n'
        '[[players]]\nname = "ana"\nhomes = [0, 0, 0, 0, 0]\n',
        encoding="utf-8",
    )
    again = export()
    assert identities(whole).items() <= identities(again).items()
    assert len(again["plays"]) == len(whole["plays"]) + 1


def test_the_file_names_players_as_the_history_shows_them_and_marks_starters(home: Path) -> None:
    plays = load(home).plays
    data = plays_file([p for p in plays if p.game == "before-the-guests-arrive"], plays, saved)
    read = read_plays_file(data)
    starters = [[n for n, *_, start in p.players if start] for p in read]
    # sunday-trio: the lowest total of the previous game starts the next (Fay 10, then Eli)
    assert starters == [[], ["Fay"], ["Eli"], [], []]
    assert {r["name"] for r in data["players"]} == {"Ana", "Ben", "Cy", "Dana", "Eli", "Fay"}
    new = [
        (p["uuid"], s["seatOrder"])
        for p in data["plays"]
        for s in p["playerScores"]
        if s["newPlayer"]
    ]
    # Dana, Eli and Fay's first game; Ana ("ana" then), Ben and Cy first played Hungry
    assert new == [(data["plays"][0]["uuid"], seat) for seat in (1, 2, 3)]


def test_shared_victories_flag_every_winner_and_solo_games_have_none(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "sessions").mkdir(parents=True)
    (home / "sessions" / "tie.toml").write_text(
        'format = 1\ngame = "btga"\n'
        '[[players]]\nname = "Ana"\nstored = 9\nloose_objects = 1\nloose_paws = 0\n'
        '[[players]]\nname = "Ben"\nstored = 9\nloose_objects = 0\nloose_paws = 1\n'
        '[[players]]\nname = "Cy"\nstored = 3\nloose_objects = 0\nloose_paws = 0\n',
        encoding="utf-8",
    )
    shutil.copy(SAMPLES / "creature-comforts-solo.toml", home / "sessions" / "solo.toml")
    plays = load(home).plays
    solo, tie = sorted(plays, key=lambda p: p.stem)
    tie_link = link_data(tie, plays, saved)
    assert tie_link["players"] == [
        {"name": "Ana", "sourcePlayerId": "ana", "score": 8, "winner": True},
        {"name": "Ben", "sourcePlayerId": "ben", "score": 8, "winner": True},
        {"name": "Cy", "sourcePlayerId": "cy", "score": 3},
    ]  # ranks follow from the scores, so they are left to BG Stats
    assert tie_link["playDate"] == "2026-12-01 12:00:00"  # no date given: the day it was saved
    assert "location" not in tie_link and "comments" not in tie_link
    assert link_data(solo, plays, saved)["players"] == [
        {"name": "Robin", "sourcePlayerId": "robin", "score": solo.results[0].total}
    ]  # one player: no opponent, so no win
    read = read_plays_file(plays_file(plays, plays, saved))
    assert [w for p in read for _, _, w, _, _ in p.players] == [False, True, True, False]


# The link --------------------------------------------------------------------------------


def test_the_link_and_its_qr_code_carry_the_sessions_result(home: Path) -> None:
    result = show_bgstats(home, "family-night")
    assert result.exit_code == 0, result.output
    (link,) = [line for line in result.stdout.splitlines() if line.startswith(LINK_PREFIX)]
    assert decode_link(link) == {
        "sourceName": "scorekeeper",
        "sourcePlayId": "family-night",
        "playDate": "2026-11-27 20:15:00",
        "location": "Kitchen table",
        "comments": "Cy's first game",
        "game": {"name": "Hungry", "sourceGameId": "hungry"},
        "players": [  # ranks sent: Ben is second by the tie-breaker, not by points
            {"name": "Ana", "sourcePlayerId": "ana", "score": 16, "rank": 1, "winner": True},
            {"name": "Ben", "sourcePlayerId": "ben", "score": 16, "rank": 2},
            {"name": "Cy", "sourcePlayerId": "cy", "score": 15, "rank": 3},
        ],
    }
    lines = qr_lines_of(result.stdout)
    assert decode(drawn_modules(lines)).decode("utf-8") == link  # COLORFGBG: a light screen
    assert scan(result.stdout, DARK, LIGHT) == [link]
    assert "Played: 2026-11-27 20:15" in result.stdout  # the facts to check before scanning
    assert result.stderr == ""


def test_one_player_has_one_source_id_in_every_link_and_every_link_a_date(
    everything: Path,
) -> None:
    plays = load(everything).plays
    sent: dict[str, set[str]] = {}
    for play in plays:
        data = link_data(play, plays, saved)
        assert data["playDate"]
        for player in data["players"]:
            sent.setdefault(player["name"], set()).add(player["sourcePlayerId"])
    assert all(len(sources) == 1 for sources in sent.values())
    assert sent["Ana"] == {"ana"}
    assert sum(play.result_of("ana") is not None for play in plays) > 1
    file_ids = {r["name"]: r["sourcePlayerId"] for r in plays_file(plays, plays, saved)["players"]}
    assert {name: sources.pop() for name, sources in sent.items()} == file_ids  # the file's too


def test_names_are_sent_as_the_history_shows_them(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "sessions").mkdir(parents=True)
    for day, name in (("01", "ana"), ("02", "Ana")):
        (home / "sessions" / f"g{day}.toml").write_text(
            f'format = 1\ngame = "hungry"\nplayed = 2026-11-{day}\n'
            f'[[players]]\nname = "{name}"\nhomes = [1, 0, 0, 0, 0]\n'
            '[[players]]\nname = "Ben"\nhomes = [0, 0, 0, 0, 0]\n',
            encoding="utf-8",
        )
    plays = load(home).plays
    sent = [link_data(p, plays, saved)["players"][0] for p in plays]
    assert sent == [{"name": "Ana", "sourcePlayerId": "ana", "score": 1, "winner": True}] * 2


def test_the_link_escapes_only_what_a_url_query_cannot_hold() -> None:
    play = Play(
        id="x1",
        stem="x1",
        file="x1.toml",
        game="hungry",
        title="Hungry",
        results=(Result('Zoë & "Q" #1', 1, 10, 1, ()), Result("B+C=?%", 2, 4, 2, ())),
        winners=('Zoë & "Q" #1',),
        notes="100% fun\nnext line",
    )
    link = create_play_link(link_data(play, [play], saved))
    query = link.removeprefix(LINK_PREFIX)
    assert not set(query) & set(' "#&+=\n{}[]<>\\^`|') and "%25" in query
    assert ":" in query and "," in query  # as they are: a query may hold them
    assert decode_link(link)["players"][1]["name"] == "B+C=?%"
    assert decode_link(link)["players"][0]["sourcePlayerId"] == 'zoë & "q" #1'
    assert decode_link(link)["comments"] == "100% fun\nnext line"


# The QR code ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("colorfgbg", "ink", "paper"), [("15;0", LIGHT, DARK), ("0;15", DARK, LIGHT)]
)
def test_without_colours_the_code_is_drawn_for_the_terminals_background(
    home: Path, colorfgbg: str, ink: int, paper: int
) -> None:
    result = show_bgstats(home, "f6a7b8", NO_COLOR="1", COLORFGBG=colorfgbg)
    assert result.exit_code == 0, result.output
    (link,) = [line for line in result.stdout.splitlines() if line.startswith(LINK_PREFIX)]
    assert scan(result.stdout, ink, paper) == [link]
    assert scan(result.stdout, paper, ink) == []  # the same drawing on the other background
    lines = qr_lines_of(result.stdout)
    assert decode(drawn_modules(lines, ink_is_dark=ink == DARK)).decode() == link
    assert result.stderr == ""


def test_without_colours_or_colorfgbg_it_says_how_to_draw_for_a_light_background(
    home: Path,
) -> None:
    result = show_bgstats(home, "f6a7b8", COLORFGBG="")
    assert result.exit_code == 0, result.output
    assert scan(result.stdout, LIGHT, DARK) != []
    assert result.stderr == (
        "No colours: the QR code is drawn for a dark background. On a light one, set "
        "COLORFGBG=0;15 (or write the code to a file with --qr FILE.png).\n"
    )


def test_in_colour_the_code_is_black_on_white_on_any_terminal() -> None:
    link = LINK_PREFIX + "%7B%22sourceName%22:%22scorekeeper%22%7D"
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system="truecolor")
    assert print_qr(console, Console(file=io.StringIO()), link)
    assert scan(out.getvalue(), LIGHT, DARK) == [link] == scan(out.getvalue(), DARK, LIGHT)


def test_every_code_is_drawn_at_80_columns_and_a_narrower_terminal_is_explained(
    everything: Path,
) -> None:
    plays = load(everything).plays
    widths: dict[int, int] = {}
    for play in plays:
        result = show_bgstats(everything, play.stem, columns=80)
        (link,) = [line for line in result.stdout.splitlines() if line.startswith(LINK_PREFIX)]
        modules = len(qr_matrix(link)[0])
        widths[len(play.results)] = max(modules, widths.get(len(play.results), 0))
        assert result.exit_code == 0 and result.stderr == ""
        lines = qr_lines_of(result.stdout)
        assert decode(drawn_modules(lines)).decode() == link
        assert scan(result.stdout, DARK, LIGHT) == [link]
        assert max(len(line) for line in result.stdout.splitlines() if line != link) <= 80
        # square modules (a module a column) while the code fits, else four modules a cell
        assert len(lines[0]) == (modules if modules <= 80 else (modules + 1) // 2)
        narrow = show_bgstats(everything, play.stem, columns=30)
        assert narrow.exit_code == 1 and qr_lines_of(narrow.stdout) == []
        assert narrow.stderr == (
            f"The QR code needs a terminal {(modules + 1) // 2} columns wide; this one has 30. "
            "Widen it or zoom out and run the command again, or write the code to a file with "
            "--qr FILE.png.\n"
        )
    # Each module is a column, and each player sends a name, an id and a score, quoted and
    # escaped: one or two players fit 80 columns with square modules, four need the quadrants.
    assert widths[1] <= 80 and widths[2] <= 80 and widths[4] > 80
    assert BORDER == 1


@pytest.mark.parametrize("kind", ["png", "svg"])
def test_qr_writes_a_new_image_and_never_replaces_one(home: Path, kind: str) -> None:
    target = home.parent / f"code.{kind}"
    args = ["--home", str(home), "history", "show", "family-night", "--qr", str(target)]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    (link,) = [line for line in result.stdout.splitlines() if line.startswith(LINK_PREFIX)]
    assert target.read_bytes() == qr_image(link, kind)  # type: ignore[arg-type]
    assert qr_lines_of(result.stdout) == []
    assert result.stderr == f"Wrote the QR code to {target}.\n"
    target.write_bytes(b"mine")
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 1
    assert again.stderr == f"error: {target} exists already; not replaced (name a new file)\n"
    assert target.read_bytes() == b"mine"


def test_qr_needs_a_png_or_svg_name(home: Path) -> None:
    result = run(home, "history", "show", "family-night", "--qr", "code.jpg")
    assert (result.exit_code, result.stderr) == (
        2,
        "error: --qr: 'code.jpg' does not end in .png or .svg; name a PNG or SVG file\n",
    )


def test_only_the_bgstats_option_loads_the_qr_library(home: Path) -> None:
    def modules(*args: str) -> str:
        return subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "scorekeeper", "--home", str(home), *args],
            capture_output=True,
            text=True,
            check=False,
            env={"COLUMNS": "120", "PATH": ""},
        ).stderr

    assert "segno" not in modules("history", "show", "family-night")
    assert "segno" not in modules("history", "export", "--format", "bgstats")
    assert "| segno" in modules("history", "show", "family-night", "--bgstats")


def test_elsewhere_a_code_too_wide_points_to_history_show() -> None:
    """The walk-through's offer after saving draws through the same function."""
    link = LINK_PREFIX + "%7B%22sourceName%22:%22scorekeeper%22%7D"
    out, err = io.StringIO(), io.StringIO()
    assert not print_qr(Console(file=out, width=10), Console(file=err, width=200), link)
    assert out.getvalue() == ""
    assert err.getvalue().endswith(
        "or write the code to a file with `scorekeeper history show ID --qr FILE.png`.\n"
    )


@given(st.lists(st.text(max_size=12), max_size=30), st.randoms(use_true_random=False))
def test_record_numbers_are_distinct_and_do_not_depend_on_order(
    keys: list[str], random: Any
) -> None:
    numbered = ids.numbers("player", keys)
    assert set(numbered) == set(keys)
    assert len(set(numbered.values())) == len(numbered)
    assert all(1 <= n <= 2**31 - 1 for n in numbered.values())
    shuffled = [*keys, *keys]
    random.shuffle(shuffled)
    assert ids.numbers("player", shuffled) == numbered


def test_numbers_that_meet_are_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ids, "_number", lambda kind, key: 2**31 - 2)
    assert ids.numbers("player", ["c", "a", "b"]) == {"a": 2**31 - 2, "b": 2**31 - 1, "c": 1}
