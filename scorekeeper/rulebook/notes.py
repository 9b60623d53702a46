"""Rule notes as data: where the shipped `rules/` folder is, and loading it into a Library.

The notes live in one TOML file per title (`rules/<game id>.toml`). Beside them,
`rules/asked/*.toml` holds the question sets the search was measured with, each question
labelled with the notes that answer it: the search learns from them (`Library.asked`). In a wheel
they are copied to `scorekeeper/_rules` (pyproject `force-include`); in a source checkout they
sit at the top of the repository. `rules_root()` is the one place that knows this; every loader
takes the root as a parameter so tests can point anywhere. Both are plain directories (pip
unpacks wheels), so they are read as paths: importlib.resources cost more start-up time than a
whole rules query.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.errors import ScorekeeperError, StorageError, UnknownGameError
from scorekeeper.games import find_title
from scorekeeper.games.title import Title, TitleNames

INSTALLED_DIR = "_rules"
ASKED_DIR = "asked"
REQUIRED_NOTE_KEYS = ("id", "title", "section", "text", "terms", "related")
OPTIONAL_NOTE_KEYS = ("examples", "interpretation", "asks")
MAX_NOTE_ID = 80  # the longest id has about 50 characters; a longer one is not echoed back


class RulesDataError(ScorekeeperError):
    """A rule-note file is missing, unreadable or lacks a required key."""


class UnknownNoteError(ScorekeeperError):
    """No rule note has this id."""


@dataclass(frozen=True)
class Note:
    """One rule, in the project's own words, with the words players use to ask about it."""

    id: str
    game: str
    title: str
    section: str
    text: str
    terms: tuple[str, ...]
    related: tuple[str, ...]
    examples: tuple[str, ...] = ()
    interpretation: str = ""
    asks: tuple[str, ...] = ()  # questions players ask that this note answers: search data only


@dataclass(frozen=True)
class Chapter(TitleNames):
    """The notes of one title; its names come from the registry (the file's header repeats
    them for readers, and a test checks that they agree)."""

    title: Title
    notes: tuple[Note, ...]


def registered(game: str, where: str) -> Title:
    """The registry's title for a rule file's `game` id, which must be the exact id."""
    try:
        title = find_title(game)
    except UnknownGameError as error:
        raise RulesDataError(f"{where}: key 'game': {error}") from None
    if title.id != game:
        raise RulesDataError(f"{where}: key 'game': expected the id {title.id!r}, got {game!r}")
    return title


def rules_root() -> Path:
    """The shipped rule notes: inside the installed package, else the checkout's `rules/`."""
    package = Path(__file__).resolve().parents[1]
    installed = package / INSTALLED_DIR
    if installed.is_dir():
        return installed
    return package.parent / "rules"


def _text(value: Any, where: str) -> str:
    """Text with the file's hard line wraps undone; a blank line still starts a paragraph."""
    if not isinstance(value, str):
        raise RulesDataError(f"{where}: expected text, got {value!r}")
    paragraphs = re.split(r"\n\s*\n", value.strip())
    return "\n\n".join(" ".join(paragraph.split()) for paragraph in paragraphs)


def _texts(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise RulesDataError(f"{where}: expected a list of text, got {value!r}")
    return tuple(_text(item, where) for item in value)


def note_from_dict(data: dict[str, Any], game: str, where: str) -> Note:
    """One `[[notes]]` table; names the file and key of anything missing or mistyped."""
    missing = [key for key in REQUIRED_NOTE_KEYS if key not in data]
    if missing:
        raise RulesDataError(f"{where}: missing key {missing[0]!r}")
    unknown = sorted(set(data) - set(REQUIRED_NOTE_KEYS) - set(OPTIONAL_NOTE_KEYS))
    if unknown:
        raise RulesDataError(f"{where}: unknown key {unknown[0]!r}")
    note_id = _text(data["id"], f"{where}: key 'id'")
    at = f"{where}: note {note_id!r}"
    return Note(
        id=note_id,
        game=game,
        title=_text(data["title"], f"{at}: key 'title'"),
        section=_text(data["section"], f"{at}: key 'section'"),
        text=_text(data["text"], f"{at}: key 'text'"),
        terms=_texts(data["terms"], f"{at}: key 'terms'"),
        related=_texts(data["related"], f"{at}: key 'related'"),
        examples=_texts(data.get("examples", []), f"{at}: key 'examples'"),
        interpretation=_text(data.get("interpretation", ""), f"{at}: key 'interpretation'"),
        asks=_texts(data.get("asks", []), f"{at}: key 'asks'"),
    )


def rule_files(root: Path) -> list[Path]:
    """Every `*.toml` file directly under root, in file-name order."""
    if not root.is_dir():
        raise RulesDataError(f"rule notes folder not found: {root}")
    files = sorted((p for p in root.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name)
    if not files:
        raise RulesDataError(f"no rule notes (*.toml) in {root}")
    return files


def chapter_from_toml(text: str, where: str) -> Chapter:
    """Parse one `rules/<game id>.toml` document; `where` names it in errors."""
    # only when the index is built from the note files, never when it is read prebuilt
    from scorekeeper.storage.reading import parse_toml  # noqa: PLC0415

    try:
        data = parse_toml(text, where)  # its shape checked before tomllib sees it
    except StorageError as error:
        raise RulesDataError(f"cannot read rule notes: {error}") from None
    for key in ("game", "name", "notes"):
        if key not in data:
            raise RulesDataError(f"{where}: missing key {key!r}")
    game = _text(data["game"], f"{where}: key 'game'")
    notes = data["notes"]
    if not isinstance(notes, list):
        raise RulesDataError(f"{where}: key 'notes': expected [[notes]] tables")
    return Chapter(
        registered(game, where), tuple(note_from_dict(note, game, where) for note in notes)
    )


def read_rule_file(path: Path) -> str:
    """A rule file's text, through the hardened reader (a regular file of sensible size, in
    UTF-8); any problem is a RulesDataError naming it."""
    # only when the index is built from the note files, never when it is read prebuilt
    from scorekeeper.storage.reading import RULE_NOTES, read_existing  # noqa: PLC0415

    try:
        return read_existing(path, RULE_NOTES)
    except StorageError as error:
        raise RulesDataError(f"cannot read rule notes: {error}") from None


class Library:
    """Every title's notes, found by id or by game name (rulebook.Index searches them), and the
    questions players asked that each note answers (`rules/asked/`, by note id): search data
    the index learns from, which its cache does not keep."""

    def __init__(
        self, titles: Iterable[Chapter], asked: Mapping[str, tuple[str, ...]] | None = None
    ) -> None:
        self.titles = tuple(titles)
        self.notes = {note.id: note for title in self.titles for note in title.notes}
        self.asked: Mapping[str, tuple[str, ...]] = asked or {}

    def note(self, note_id: str) -> Note:
        """The note with this id, or an error naming the closest ids."""
        wanted = note_id.strip().lower()
        if wanted in self.notes:
            return self.notes[wanted]
        if len(wanted) > MAX_NOTE_ID:
            raise UnknownNoteError(
                f"unknown rule id ({len(wanted):,} characters, longer than any);"
                " see `scorekeeper rules list`"
            )
        game, _, slug = wanted.rpartition(".")
        candidates = [key for key in self.notes if key.startswith(game + ".")] or list(self.notes)
        slugs: dict[str, list[str]] = {}
        for key in candidates:
            slugs.setdefault(key.rpartition(".")[2], []).append(key)
        near = difflib.get_close_matches(slug, slugs, n=3)
        parts = set(slug.split("-"))
        near += [s for s in slugs if parts & set(s.split("-")) and s not in near]
        close = [key for s in near for key in slugs[s]]
        hint = f"; closest: {', '.join(close[:5])}" if close else "; see `scorekeeper rules list`"
        raise UnknownNoteError(f"unknown rule id {note_id!r}{hint}")

    def title(self, name: str) -> Chapter:
        """The notes of the title the registry finds for an id, name or alias."""
        wanted = find_title(name).id
        for chapter in self.titles:
            if chapter.id == wanted:
                return chapter
        raise UnknownGameError(f"no rule notes for {wanted!r}")

    def title_of(self, note: Note) -> Chapter:
        """The game a note belongs to."""
        return next(title for title in self.titles if title.id == note.game)


def asked_files(root: Path) -> list[Path]:
    """The labelled question sets under root/asked, in file-name order (there may be none)."""
    folder = root / ASKED_DIR
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name)


def asked_from_toml(text: str, where: str, known: Iterable[str]) -> dict[str, list[str]]:
    """Each note id's questions in one labelled set: `[[question]]` tables whose `text` the
    notes listed in `notes` answer (other keys, the writer's own, are kept for readers)."""
    # only when the index is built from the note files, never when it is read prebuilt
    from scorekeeper.storage.reading import parse_toml  # noqa: PLC0415

    try:
        data = parse_toml(text, where)
    except StorageError as error:
        raise RulesDataError(f"cannot read asked questions: {error}") from None
    tables = data.get("question")
    if not isinstance(tables, list):
        raise RulesDataError(f"{where}: expected [[question]] tables")
    ids = set(known)
    asked: dict[str, list[str]] = {}
    for number, table in enumerate(tables, 1):
        at = f"{where}: question {number}"
        if not isinstance(table, dict) or "text" not in table or "notes" not in table:
            raise RulesDataError(f"{at}: expected the keys 'text' and 'notes'")
        question = _text(table["text"], f"{at}: key 'text'")
        for note_id in _texts(table["notes"], f"{at}: key 'notes'"):
            if note_id not in ids:
                raise RulesDataError(f"{at}: key 'notes': unknown rule id {note_id!r}")
            asked.setdefault(note_id, []).append(question)
    return asked


def load_notes(root: Path) -> Library:
    """Every title's notes from the `*.toml` files under root, without the asked questions:
    what showing a note needs (a checkout's root/asked is thousands of questions to parse)."""
    return Library(chapter_from_toml(read_rule_file(p), p.name) for p in rule_files(root))


def load_library(root: Path) -> Library:
    """Every title's notes from the `*.toml` files under root, with the questions of
    root/asked by the notes that answer them: what building the search index needs."""
    chapters = load_notes(root).titles
    known = [note.id for chapter in chapters for note in chapter.notes]
    asked: dict[str, list[str]] = {}
    for path in asked_files(root):
        where = f"{ASKED_DIR}/{path.name}"
        for note_id, questions in asked_from_toml(read_rule_file(path), where, known).items():
            asked.setdefault(note_id, []).extend(questions)
    return Library(chapters, {note_id: tuple(texts) for note_id, texts in asked.items()})
