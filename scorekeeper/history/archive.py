"""The saved history as a library: every play through the play cache, saving a scored session
(with its series and duplicate checks), and the names players have used.

The history, series, stats, players and score commands call these; nothing here prints or
knows the command line."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.errors import InputError, ScorekeeperError, Where
from scorekeeper.storage.sessions import short_id

if TYPE_CHECKING:
    from scorekeeper.core.breakdown import Outcome
    from scorekeeper.history.plays import Play
    from scorekeeper.history.series import SeriesDef
    from scorekeeper.session import Session
    from scorekeeper.storage.sessions import Unreadable
    from scorekeeper.storage.trash import Moved


@dataclass(frozen=True)
class Loaded:
    """The usable plays (file order) and the files that could not be used."""

    plays: list[Play]
    unreadable: list[Unreadable]


def load(home: Path, *, rescore: bool = False) -> Loaded:
    """Every session file as a scored Play, from the play cache where the file is unchanged
    (with `rescore`, every file is scored again and the cache refreshed).

    A file that cannot be read or scored counts as unreadable.
    """
    from scorekeeper.history.cache import PlayCache
    from scorekeeper.storage.sessions import Unreadable, session_files

    plays: list[Play] = []
    unreadable: list[Unreadable] = []
    with _collector_paused():
        cache = PlayCache(home)
        for path in session_files(home):
            play = None if rescore else cache.get(path)
            if play is None:
                scored = score_file(path, home, refresh=not rescore)
                if isinstance(scored, Unreadable):
                    unreadable.append(scored)
                    continue
                cache.put(path, scored)
                play = scored
            plays.append(play)
        cache.prune()
        cache.save()
    return Loaded(plays, unreadable)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while the plays are built: they all stay alive, so
    its repeated walks over them found nothing and took a tenth of a long history's load."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def known_names(plays: list[Play]) -> list[str]:
    """The names the walk-through suggests: every player of the history, most played first,
    spelled as in their latest session. A name with control characters cannot be typed at a
    prompt (and breaks completion menus), so it is not suggested."""
    from scorekeeper.history.players import player_counts
    from scorekeeper.text import visible

    return [count.name for count in player_counts(plays) if visible(count.name) == count.name]


def save_played(
    session: Session,
    outcome: Outcome,
    home: Path,
    *,
    before: Callable[[Path], None] | None = None,
    allow_duplicate: bool = False,
) -> Path:
    """Save a scored session and cache its Play, so `history` need not score it again.

    All under the data directory's lock: a series' room is checked again there, so ten
    games saved at once into a three-game series leave exactly three in it; so is a
    duplicate (DuplicateError, unless `allow_duplicate`). `before` is told the file's name
    just before it can appear (see `storage.save_session`).
    """
    from scorekeeper.history import cache as playcache
    from scorekeeper.history.plays import from_session
    from scorekeeper.storage.lock import locked
    from scorekeeper.storage.sessions import save_session

    with locked(home):
        existing = None if allow_duplicate else find_duplicate(home, session)
        if existing is not None:
            raise DuplicateError(existing)
        if session.series is not None:
            _check_room(home, session.series, session.game.id)
        path = save_session(session, outcome, home, before=before)
        playcache.add(home, path, from_session(path, session, outcome))
    return path


def replace_played(
    home: Path, path: Path, session: Session, outcome: Outcome, text: str | None = None
) -> Path:
    """Save a corrected session under its own name (the previous version to the trash, so
    `undo` brings it back) and cache its Play; `text`, when given, is a hand edit already
    proven to read back as `session` (see `storage.replace_session`)."""
    from scorekeeper.history import cache as playcache
    from scorekeeper.history.plays import from_session
    from scorekeeper.storage.trash import replace_session

    if text is not None:  # a hand edit: its [result] record is derived again from it
        from scorekeeper.history.results import with_current_result

        text = with_current_result(text, session, outcome) or text
    path = replace_session(home, path, session, outcome, text)
    playcache.add(home, path, from_session(path, session, outcome))
    return path


class DuplicateError(ScorekeeperError):
    """The session is saved already: same title, day and players' inputs."""

    def __init__(self, stem: str) -> None:
        self.stem = stem
        named = stem if short_id(stem) == stem else f"{short_id(stem)} ({stem})"
        super().__init__(
            f"this game is saved already as {named}; "
            "`scorekeeper history show` shows it, --allow-duplicate saves it again"
        )


def find_duplicate(home: Path, session: Session) -> str | None:
    """The stem of a saved session with the same title, day and players' inputs (names and
    every answer, in any seat order), or None. Notes, location and series do not count."""
    from scorekeeper.storage.sessions import read_session

    day = _day_of(session.played)
    wanted = _inputs(session)
    for play in load(home).plays:
        if play.game != session.game.id or play.day != day:
            continue
        try:
            if _inputs(read_session(Path(play.file), home)) == wanted:
                return play.stem
        except ScorekeeperError:
            continue
    return None


def _day_of(played: date | None) -> date:
    """The calendar day a session is saved under (today when it has no date)."""
    if played is None:
        return date.today()
    return played.date() if isinstance(played, datetime) else played


def _inputs(session: Session) -> list[str]:
    """The players' names and inputs as comparable text, in any seat order."""
    import json

    from scorekeeper.session import to_dict

    document = to_dict(session)
    players = [json.dumps(p, sort_keys=True, default=str) for p in document["players"]]
    settings = {k: v for k, v in document.items() if k not in NOT_INPUTS}
    return [*sorted(players), json.dumps(settings, sort_keys=True, default=str)]


NOT_INPUTS = ("format", "played", "series", "location", "notes", "players", "extra")


def _check_room(home: Path, series: str, game: str) -> None:
    """Raise SeriesError when the series is complete or for another title, as it is now."""
    from scorekeeper.history.series import SeriesDef, check_join
    from scorekeeper.storage.sessions import Unreadable

    definition = next(
        (
            d
            for d in series_definitions(home)
            if not isinstance(d, Unreadable) and d.name == series
        ),
        SeriesDef(series),
    )
    check_join(definition, load(home).plays, game)


def series_definitions(home: Path) -> Iterator[SeriesDef | Unreadable]:
    """Every series file's definition, by name; a file that cannot be used is reported, not
    fatal. A definition's `name` must be its file name, as sessions link by that name."""
    from scorekeeper.games import find_game
    from scorekeeper.history.series import series_from_dict
    from scorekeeper.storage.seriesfiles import series_documents
    from scorekeeper.storage.sessions import Unreadable

    for entry in series_documents(home):
        if isinstance(entry, Unreadable):
            yield entry
            continue
        path, raw = entry
        try:
            definition = series_from_dict(raw, find_game)
            if definition.name != path.stem:
                raise InputError(
                    f"{definition.name!r} does not match the file name {path.stem!r}",
                    Where(key="name"),
                )
        except InputError as error:
            yield Unreadable(path, str(error.at(file=str(path))))
        else:
            yield definition


def score_file(path: Path, home: Path, *, refresh: bool = False) -> Play | Unreadable:
    """The play of one session file, scored against `home`'s user data; or why not. With
    `refresh`, a [result] record that no longer matches the file's inputs is derived again
    in the file (history/results.py)."""
    from scorekeeper.errors import CatalogueError, ScorekeeperError
    from scorekeeper.history.plays import from_session
    from scorekeeper.session import result_is_current
    from scorekeeper.storage.sessions import Unreadable, read_session_and_record

    try:
        session, record = read_session_and_record(path, home)
    except CatalogueError as error:  # the catalogue is the broken file, not the session
        return Unreadable(path, f"{error} (needed by {path})")
    except ScorekeeperError as error:
        return Unreadable(path, str(error))
    try:
        outcome = session.score()
    except ScorekeeperError as error:
        return Unreadable(path, f"{path}: cannot score: {error}")
    if refresh and record is not None and result_is_current(record, session) is False:
        from scorekeeper.history.results import refresh_result  # only for a changed file

        refresh_result(home, path, session, outcome)
    return from_session(path, session, outcome)


def delete_played(home: Path, refs: list[str]) -> list[tuple[Play, Moved]]:
    """Move the sessions named by short id or file name to the trash, as one undoable change;
    each deleted play with where its file went."""
    from scorekeeper.storage.trash import delete_sessions

    chosen = {play.stem: play for play in chosen_plays(load(home).plays, refs)}
    moved = delete_sessions(home, [Path(play.file) for play in chosen.values()])
    return [(chosen[item.source.stem], item) for item in moved]


def chosen_plays(plays: list[Play], refs: list[str]) -> list[Play]:
    """The plays named by short ids or file names (a unique prefix), each once, in the order
    first named."""
    from scorekeeper.history.plays import find_play

    found = [find_play(plays, ref) for ref in refs]
    return list({play.stem: play for play in found}.values())


def restore_trashed(home: Path, refs: list[str]) -> list[Moved]:
    """Put the trashed sessions named by file name or short id back, as one undoable change;
    refused, as `series add` would refuse, when a series they belong to filled up meanwhile."""
    from scorekeeper.storage.lock import locked
    from scorekeeper.storage.trash import restore_sessions, trashed_files

    with locked(home):
        trashed = trashed_files(home)
        chosen = list(dict.fromkeys(_find_trashed(trashed, ref) for ref in refs))
        _check_rooms(home, chosen)
        return restore_sessions(home, chosen)


def _check_rooms(home: Path, trashed: list[Path]) -> None:
    """Raise SeriesError when a trashed session's series has no room (or another title) now.
    A session whose name is taken in the history meanwhile is left to the restore's own
    refusal, which names it."""
    from scorekeeper.history.series import SeriesDef, SeriesError, check_join
    from scorekeeper.storage.changes import original_stem
    from scorekeeper.storage.sessions import Unreadable, sessions_dir

    plays = list(load(home).plays)
    defined = {d.name: d for d in series_definitions(home) if not isinstance(d, Unreadable)}
    for path in trashed:
        if (sessions_dir(home) / f"{original_stem(path)}.toml").exists():
            continue
        play = score_file(path, home)
        if isinstance(play, Unreadable) or play.series is None:
            continue
        try:
            check_join(defined.get(play.series, SeriesDef(play.series)), plays, play.game)
        except SeriesError as error:
            raise SeriesError(f"cannot restore {short_id(path.stem)}: {error}") from None
        plays.append(play)


def trashed_plays(home: Path) -> Loaded:
    """The sessions in the trash as plays, each with the short id of its trashed file name
    (the name `restore` takes), and those that could not be scored."""

    from scorekeeper.storage.sessions import Unreadable
    from scorekeeper.storage.trash import trashed_files

    plays: list[Play] = []
    broken: list[Unreadable] = []
    for path in trashed_files(home):
        scored = score_file(path, home)
        if isinstance(scored, Unreadable):
            broken.append(scored)
        else:
            plays.append(replace(scored, id=short_id(path.stem)))
    return Loaded(plays, broken)


def _find_trashed(trashed: list[Path], ref: str) -> Path:
    """The trashed file whose name, or short id, is `ref` or starts with it if only one does."""
    from scorekeeper.history.plays import HistoryError

    wanted = ref.strip().removesuffix(".toml")
    exact = [p for p in trashed if wanted in (p.stem, short_id(p.stem))]
    found = exact or [
        p for p in trashed if p.stem.startswith(wanted) or short_id(p.stem).startswith(wanted)
    ]
    if not wanted or not found:
        raise HistoryError(
            f"no session {ref!r} in the trash; `scorekeeper history list --trash` shows them"
        )
    if len(found) > 1:
        shown = ", ".join(p.stem for p in found[:5])
        raise HistoryError(f"{ref!r} matches {len(found)} trashed files ({shown}); type more")
    return found[0]
