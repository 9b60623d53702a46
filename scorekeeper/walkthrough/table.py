"""What surrounds a walk-through's questions at the table, as a library object: the draft kept
after every answer, the remembered answers, the names to suggest, the series, the duplicate
check, saving, and the BG Stats offer's memory.

`prompts.walk_through` asks the questions and draws the results; it is handed one `Table`. The
`score` command builds a `TableSession` over a data directory; `history edit` a `Correction`
of one saved file; tests their own. Everything here is data and storage, no prompt and no
word drawn on a screen, so it is tested without a terminal.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from scorekeeper.core.breakdown import Outcome
from scorekeeper.errors import InputError, ScorekeeperError, StorageError
from scorekeeper.games.base import Game
from scorekeeper.history.archive import load
from scorekeeper.history.bgstats import play_link
from scorekeeper.history.players import known_names
from scorekeeper.history.plays import Play, from_session
from scorekeeper.history.saving import find_duplicate, save_played
from scorekeeper.history.series_archive import definitions, open_to
from scorekeeper.session import Session
from scorekeeper.storage.documents import (
    discard_draft,
    draft_path,
    load_draft,
    recall,
    remember,
    save_draft,
    set_aside_draft,
)
from scorekeeper.storage.lock import held_while_open
from scorekeeper.storage.rulings import group_rulings
from scorekeeper.storage.sessions import check_writable, sessions_dir
from scorekeeper.text import plural
from scorekeeper.walkthrough.draft import KIND, Draft, DraftKeeper
from scorekeeper.walkthrough.kept_drafts import (
    DROPPED,
    KEEP_DAYS,
    clear_old,
    draft_id,
    open_lock,
    rescue_home,
)
from scorekeeper.walkthrough.plan import answers_from_session

SHARING = "sharing"  # remembered answers of the walk-through itself, beside each title's
SAVED_AS = "saved_as"  # in a draft: the session file its game was saved as


class Table(Protocol):
    """What the walk-through needs from around it."""

    draft: Draft
    saved_as: Path | None

    @property
    def home(self) -> Path | None:
        """The data directory whose user data (a card catalogue) answers are checked against."""

    @property
    def known_names(self) -> Sequence[str]:
        """Names to suggest, most played first."""

    @property
    def kept(self) -> Path | None:
        """The file the answers are kept in now, if any."""

    def keep(self, draft: Draft) -> None:
        """Keep the draft after an answer."""

    def recall(self, game: str) -> dict[str, Any]:
        """Answers remembered from earlier games of this title."""

    def open_series(self, game: Game[Any, Any]) -> Sequence[tuple[str, str]]:
        """The open series (id, description) this game may join; empty: nothing to offer."""

    def duplicate(self, session: Session) -> str | None:
        """The id of a saved game with the same inputs, if any."""

    def save(self, session: Session, outcome: Outcome) -> Path:
        """Write the session; raise StorageError when it cannot be written (a full disk)."""

    def sharing(self) -> bool | None:
        """The BG Stats offer's default (the answer last given); None: not offered."""

    def remember_sharing(self, wanted: bool) -> None: ...

    def play_link(self, path: Path, session: Session, outcome: Outcome) -> str:
        """The BG Stats link of the game saved at `path`."""

    def ruled(self, session: Session) -> Session:
        """The session under the house rulings it is scored by."""


@dataclass
class TableSession:
    """`scorekeeper score` over one data directory: open it with `TableSession.open`."""

    home: Path
    draft: Draft
    keeper: DraftKeeper
    plays: list[Play] = field(default_factory=list)
    series: str | None = None  # given on the command line: every save joins it
    saved_as: Path | None = None
    remembered: dict[str, dict[str, Any]] = field(default_factory=dict)
    warn: Callable[[str], None] = lambda text: None
    program: str = "scorekeeper"  # how to run scorekeeper on this data directory (--home)

    @property
    def known_names(self) -> list[str]:
        return known_names(self.plays)

    @property
    def kept(self) -> Path | None:
        """The file the answers are in now (the rescue folder's on a full disk)."""
        if self.keeper.where is not None:
            return self.keeper.where
        path = draft_path(self.home, KIND)
        return path if path.exists() else None

    def keep(self, draft: Draft) -> None:
        self.keeper(draft)

    def recall(self, game: str) -> dict[str, Any]:
        """Answers remembered from earlier games of this title; a broken file costs only them."""
        if game not in self.remembered:
            try:
                self.remembered[game] = recall(self.home, game) or {}
            except StorageError as error:
                self.warn(str(error))
                self.remembered[game] = {}
        return self.remembered[game]

    def open_series(self, game: Game[Any, Any]) -> Sequence[tuple[str, str]]:
        return () if self.series else open_to(self.home, self.plays, game)

    def duplicate(self, session: Session) -> str | None:
        return find_duplicate(self.home, session)

    def save(self, session: Session, outcome: Outcome) -> Path:
        """Save into the history; just before the file appears (under the lock) its name goes
        into the draft, so a kill in between never saves the game twice."""

        def mark(path: Path) -> None:
            self.draft.answers.setdefault("walk", {})[SAVED_AS] = path.name
            self.keep(self.draft)

        session = replace(session, series=self.series or session.series)
        # a duplicate was offered already: "Keep both" is the only way here
        self.saved_as = save_played(session, outcome, self.home, before=mark, allow_duplicate=True)
        return self.saved_as

    def sharing(self) -> bool | None:
        return self.recall(SHARING).get("bgstats") is True

    def remember_sharing(self, wanted: bool) -> None:
        with contextlib.suppress(ScorekeeperError):  # only the default is lost
            remember(self.home, SHARING, {"bgstats": wanted})

    def play_link(self, path: Path, session: Session, outcome: Outcome) -> str:
        play = from_session(path, session, outcome)
        return play_link(play, [*self.plays, play])

    def ruled(self, session: Session) -> Session:
        """A new game is scored under the group's house rulings (`rulings.toml`)."""
        return session.ruled_by(group_rulings(self.home, session.game))

    # -- before and after the questions ---------------------------------------------------------
    @classmethod
    @contextlib.contextmanager
    def open(cls, home: Path, warn: Callable[[str], None]) -> Iterator[TableSession | None]:
        """The data directory's walk-through, held for as long as it runs (None: another
        terminal has it open); its draft is the kept one, if any (`kept_draft`), else none.
        The lock file goes when the walk-through ends (one left by a killed process is
        harmless: the next walk-through takes it)."""
        check_writable(home)
        with held_while_open(open_lock(home)) as mine:
            if not mine:
                yield None
                return
            keeper = DraftKeeper(home, rescue_home(home), warn)
            empty = Draft(datetime.now().replace(microsecond=0))
            yield cls(home, empty, keeper, load(home).plays, warn=warn)

    def start(
        self,
        game: str | None,
        *,
        discard: bool,
        resume: bool,
        tell: Callable[[str], None],
        warn: Callable[[str], None],
    ) -> Draft | None:
        """The kept draft to carry on with, if any (`discard`: put aside first), saying what
        was done with one that cannot be continued (`warn`: a damaged one, `tell`: the rest);
        InputError when `resume` cannot be. Drafts set aside long ago go to the trash first."""
        self.clear_old_drafts(tell, warn)
        if discard and self.has_draft():
            aside = self.drop_draft()
            tell(
                f"The unfinished walk-through was put aside as {aside}; "
                f"`{self.restore_command(aside)}` brings it back."
            )
        draft, warning, note = (None, "", "") if discard else self.kept_draft()
        if warning:
            warn(warning)
        if note:
            tell(note)
        if resume and draft is None:
            raise InputError("no unfinished walk-through to resume")
        if resume and game is not None and draft is not None and draft.game != game:
            raise InputError(f"the unfinished walk-through is {draft.game!r}, not {game!r}")
        return draft

    def kept_draft(self) -> tuple[Draft | None, str, str]:
        """The kept walk-through, if one can be continued, with a warning and a note about one
        that cannot: a damaged draft is set aside (warned), one whose game was saved already
        (a kill between the save and the draft's removal) is removed (noted)."""
        home = self.home
        try:
            document = load_draft(home, KIND) or self._rescued()
        except StorageError as error:
            return None, str(error), ""
        if document is None:
            return None, "", ""
        try:
            draft = Draft.from_dict(document)
        except StorageError as error:
            path = draft_path(home, KIND)
            aside = set_aside_draft(home, KIND)
            return None, f"{path}: {error}; it was moved to {aside}", ""
        saved = draft.answers.get("walk", {}).get(SAVED_AS)
        if isinstance(saved, str) and (sessions_dir(home) / saved).is_file():
            discard_draft(home, KIND)
            return None, "", f"The last game was saved as {saved}; its draft is removed."
        return draft, "", ""

    def _rescued(self) -> dict[str, Any] | None:
        """A draft kept in the rescue folder while the data directory was full, moved home."""
        rescue = rescue_home(self.home)
        document = load_draft(rescue, KIND)
        if document is not None:
            save_draft(self.home, KIND, document)
            discard_draft(rescue, KIND)
        return document

    def clear_old_drafts(self, tell: Callable[[str], None], warn: Callable[[str], None]) -> None:
        """Move drafts set aside more than KEEP_DAYS days ago into the trash, saying so; a
        failure only warns (the walk-through goes on)."""
        try:
            moved = clear_old(self.home)
        except StorageError as error:
            warn(f"old drafts were not moved to the trash: {error}")
            return
        if moved:
            tell(
                f"{plural(len(moved), 'draft')} set aside more than {KEEP_DAYS} days ago "
                f"moved to {moved[0].parent}."
            )

    def drop_draft(self) -> Path:
        """Put the kept draft aside (never destroyed); returns where it went."""
        return set_aside_draft(self.home, KIND, DROPPED)

    def restore_command(self, aside: Path) -> str:
        """The command that brings a draft set aside back, for the messages that name it."""
        return f"{self.program} drafts restore {draft_id(aside)}"

    def has_draft(self) -> bool:
        return draft_path(self.home, KIND).exists()

    def is_series_known(self, name: str) -> tuple[bool, list[str]]:
        """Whether a series of this name exists (defined, or played), and the names known."""
        known = {d.name for d in definitions(self.home).found}
        known |= {p.series for p in self.plays if p.series}
        return name in known, sorted(known)

    def finish(self, saved: bool) -> Path | None:
        """After the walk-through: what the title asks to remember is kept; a saved game's
        draft goes, an unsaved one is set aside (returned)."""
        memory = self.draft.answers.get("walk", {}).get("remember")
        if self.draft.game is not None and isinstance(memory, dict):
            try:
                remember(self.home, self.draft.game, memory)
            except StorageError as error:
                self.warn(f"not remembered for next time: {error}")
        if saved:
            if self.has_draft():
                discard_draft(self.home, KIND)
            return None
        return self.drop_draft() if self.has_draft() else None


def new_draft(game: Game[Any, Any] | None, live: bool) -> Draft:
    """A walk-through from its first question: the game menu unless a game was named."""
    answers: dict[str, Any] = {"walk": {"menu": True}} if game is None else {"game": game.id}
    if live:
        answers["walk"] = {"live": True, "entry": "rounds"}
    return Draft(datetime.now().replace(microsecond=0), answers)


@dataclass
class Correction:
    """`history edit`: a saved game corrected at its review; saving replaces its file."""

    draft: Draft
    home: Path | None
    replace_file: Callable[[Session, Outcome], Path]
    known_names: Sequence[str] = ()
    saved_as: Path | None = None
    kept: Path | None = None  # the saved file itself holds the answers until replaced

    @classmethod
    def of(
        cls, session: Session, home: Path | None, replace_file: Callable[[Session, Outcome], Path]
    ) -> Correction:
        """The saved game as a finished walk-through at its review: every answer as the
        first walk-through would have it (a title's own `from_session`), so a correction asks
        what the first way through would."""
        answers = answers_from_session(session)
        return cls(
            Draft(datetime.now().replace(microsecond=0), answers, "review"), home, replace_file
        )

    def keep(self, draft: Draft) -> None:
        """Nothing to keep: the saved file is the answers until the correction is saved."""

    def recall(self, game: str) -> dict[str, Any]:
        return {}

    def open_series(self, game: Game[Any, Any]) -> Sequence[tuple[str, str]]:
        return ()

    def duplicate(self, session: Session) -> str | None:
        return None

    def save(self, session: Session, outcome: Outcome) -> Path:
        self.saved_as = self.replace_file(session, outcome)
        return self.saved_as

    def sharing(self) -> bool | None:
        return None

    def remember_sharing(self, wanted: bool) -> None:
        """Never offered for a correction."""

    def play_link(self, path: Path, session: Session, outcome: Outcome) -> str:
        play = from_session(path, session, outcome)
        return play_link(play, [play])

    def ruled(self, session: Session) -> Session:
        """A correction keeps the rulings the game was saved under (its own [rulings])."""
        return session
