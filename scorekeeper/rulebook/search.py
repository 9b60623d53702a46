"""Ranking rule notes for a question: BM25 over weighted fields, with typo repair, and the
players' questions each note is known to answer.

A note's title and `terms` say what it is about, so a word there counts more than the same
word in the body text, and far more than one in a worked example; the words players use for a
rule are in its note's terms, not in a shared table. Question words the notes never use are
split or joined when they are two of the notes' words run together or apart, else repaired
against the notes' own vocabulary (one slip in short words, two in long ones). Naming a game
in the question ("hygge tiebreaker") favours that game's notes. A question much like one
players asked before (`Library.asked`) lifts the note that answered it: people word the same
doubt in ways no note's text foresees. Last, the words that told each note from its neighbours
in those questions (`learnt.py`) re-rank the first answers.
"""

from __future__ import annotations

import functools
import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.rulebook import learnt, words
from scorekeeper.rulebook.notes import Chapter, Library, Note, registered
from scorekeeper.rulebook.postings import Idf, Numbers, Posting, Postings

# Field weights and BM25 constants, tuned on tests/rules_eval/tuned and studied, and on half
# of the notes' own `asks` asked against an index of the other half; `asked`, NEIGHBOUR_WEIGHT,
# NEIGHBOURS, COVERAGE and PAIR_WEIGHT on the fresh questions of each labelled set asked against
# an index that learnt from the others (docs/rules-assistant.md).
FIELD_WEIGHTS = {
    "title": 6.0,
    "terms": 0.85,
    "section": 0.05,
    "text": 0.4,
    "examples": 1.2,
    "interpretation": 0.02,
    "asks": 0.28,
    "asked": 0.6,
}
K1 = 0.9
B = 0.9
TYPO_WEIGHT = 0.8
# Of several repairs as near, the one in the most notes weighs TYPO_WEIGHT and the others this
# share of it: the rest of the question decides between them ("polar bear atack" is "attack",
# "atack the pile" may be "stack").
RARER_REPAIR = 0.5
CUE_WEIGHT = 0.9
GAME_BOOST = 5.0
PAIR_WEIGHT = 0.2
PAIR_WINDOW = 3
COVERAGE = 0.9
NUMBER_SHARE = 0.3  # of a number's idf, in coverage
# How much a word no note knows weighs in a hit's coverage: as much as a rare word ("chess",
# "password" are what a question is about when no note knows them).
UNKNOWN_IDF = 5.0
# When neither of the first GOOD_AMONG notes covers this share of a question, no note answers
# it. Chosen on the tuned and studied sets and every other question of tests/rules_eval/offtopic:
# 0.6% of the tuned set's questions fall below it, and seven in ten of those questions about
# other things ("who won the world cup"; six in ten of the file's other half).
GOOD_COVERAGE = 0.39
GOOD_AMONG = 2
# How much the questions asked before lift a note: this share of the best score, times the mean
# of the squared likeness (0 to 1) of its NEIGHBOURS questions most like the new one, so only a
# close likeness counts much, and more when two such questions agree.
NEIGHBOUR_WEIGHT = 1.3
LIKENESS_POWER = 2.0
NEIGHBOURS = 2
# Stop words that say what kind of answer a question wants ("when", "who", "how many"): they
# count in a question's likeness to those asked before, each by its idf among them times
# QUESTION_WORD_WEIGHT, though never in the notes' fit. Held out, 91.4% to 92.0% top-1.
QUESTION_WORDS = frozenset(
    {"when", "who", "how", "which", "why", "where", "what", "whose", "many", "if"}
)
QUESTION_WORD_WEIGHT = 1.0
# The learnt word-to-note weights (`learnt.py`) re-rank the search's first RERANKED answers:
# each gains LEARNT_WEIGHT times the best score times its share of the question by those
# weights. Held out on the fourteen studied sets' fresh questions, top-1 93.3% without them,
# 94.7% with them (docs/rules-assistant.md).
RERANKED = 10
LEARNT_WEIGHT = 0.3
# A note scoring at least this share of the best one is "also possible".
CLOSE_SCORE = 0.9
# A question asked of one game whose words another title's notes fit at least this many times
# as well is said to be about that title ("polar bear" asked of Hungry). At twice, a tie
# question asked of one title was said to be Hungry's, whose notes have learnt the most ties.
OTHER_TITLE = 4.0
# A word run together from two ("polarbear") is split only into parts of this many letters or
# more: shorter ones are too easily found by chance.
MIN_PART = 3
# The longest question players asked in the studied sets has 150 characters. A longer text is
# not a question (a pasted page) and reading it word by word would take seconds.
MAX_QUESTION = 300


class QuestionTooLongError(ScorekeeperError):
    """A question longer than MAX_QUESTION characters."""


# A one-word title after one of these is an ordinary word: "goes hungry", "is hungry".
LINKING_VERBS = frozenset(
    {"am", "is", "are", "was", "were", "be", "been", "being", "go", "goes", "going", "went"}
    | {"stay", "stays", "stayed", "get", "gets", "got", "getting", "feel", "feels", "felt"}
    | {"remain", "remains", "become", "becomes", "too", "very", "so"}
)

Slot = dict[str, float]  # stem -> weight: what one question word may stand for


@dataclass(frozen=True)
class Hit:
    """A note that answers the question, with how well it matched.

    score ranks the notes (higher is better); coverage is the share of the question's words,
    weighted by how rare they are, that the note holds (0 to 1), which says whether the best
    note answers the question at all; fit is the score before a question asked before lifted
    it, which says how well the words fit, for "also possible".
    """

    note: Note
    score: float
    coverage: float
    fit: float


def is_good_match(hits: Sequence[Hit]) -> bool:
    """Whether the notes answer the question, rather than merely sharing a word with it: one of
    the first two covers enough of it. Not only the first: the learnt weights may put first a
    note that players' questions say is meant though it shares fewer of the words ("can we play
    First Snow with a group of four" is its Number of players, which has no "group")."""
    return any(hit.coverage >= GOOD_COVERAGE for hit in hits[:GOOD_AMONG])


def close_to_best(hits: Sequence[Hit]) -> int:
    """How many hits after the first fit the question's words nearly as well: a reader should
    weigh them too. Fit, not score: a question asked before lifts the one note it was labelled
    with, though "who goes first" fits every title's note as well."""
    close = 0
    for hit in hits[1:]:
        if hit.fit < CLOSE_SCORE * hits[0].fit:
            break
        close += 1
    return close


def _fields(note: Note) -> dict[str, str]:
    return {
        "title": note.title,
        "terms": " ; ".join(note.terms),
        "section": note.section,
        "text": note.text,
        "examples": " ".join(note.examples),
        "interpretation": note.interpretation,
        "asks": " ".join(note.asks),
    }


def _note_from_json(data: dict[str, Any]) -> Note:
    return Note(
        id=data["id"],
        game=data["game"],
        title=data["title"],
        section=data["section"],
        text=data["text"],
        terms=tuple(data["terms"]),
        related=tuple(data["related"]),
        examples=tuple(data["examples"]),
        interpretation=data["interpretation"],
        asks=tuple(data["asks"]),
    )


def _game_names(library: Library) -> list[tuple[tuple[str, ...], str, bool]]:
    """Word sequences naming a title (name, id, aliases, and each run together), longest first,
    each with whether it is an alias: another game's name ("tabula rasa") may be what a question
    asks about, where the title's own name only says which game it is about."""
    names = set()
    for title in library.titles:
        own = {title.name.lower().replace("-", " "), title.id.replace("-", " ")}
        for name in (title.name, title.id, *title.aliases):
            spelled = tuple(name.lower().replace("-", " ").split())
            alias = " ".join(spelled) not in own
            names.add((spelled, title.id, alias))
            names.add((("".join(spelled),), title.id, alias))
    return sorted(names, key=lambda item: (-len(item[0]), item))


def _holds(tokens: Sequence[str], name: tuple[str, ...]) -> bool:
    """Whether the words hold the name, its words in a row."""
    return any(tuple(tokens[start : start + len(name)]) == name for start in range(len(tokens)))


def _pair(first: str, second: str) -> str:
    """One key for two stems in either order: "start player" ~ "player starts"."""
    return f"{first} {second}" if first < second else f"{second} {first}"


def _pairs(stems: Sequence[str]) -> list[str]:
    """Keys of different stems close together ("two different animals" ~ "two animals"), each
    once, in the order met (so that an index is built the same way every time)."""
    found = (
        _pair(first, second)
        for i, first in enumerate(stems)
        for second in stems[i + 1 : i + PAIR_WINDOW]
        if first != second
    )
    return list(dict.fromkeys(found))


def _example(stems: list[str], meant: list[str], asking: list[str]) -> learnt.Features:
    """What the learnt weights read of a note's title, term or player question, or of a question
    asked before (its typos repaired), as `Index.search` reads it of a new question."""
    weights = dict.fromkeys(meant, CUE_WEIGHT) | dict.fromkeys(stems, 1.0)
    return learnt.features(stems, weights, asking)


def _merged(cue: list[Slot]) -> Slot:
    """An idiom's words as one question word: "we both ended on 12" means "tie"."""
    merged: Slot = {}
    for slot in cue:
        for stemmed, weight in slot.items():
            merged[stemmed] = max(merged.get(stemmed, 0.0), weight)
    return merged


@dataclass(frozen=True)
class Asked:
    """The questions of `Library.asked`, numbered: the note each answers, and the questions each
    stem is in."""

    notes: list[int]  # question number -> the note's position in the index
    postings: Numbers  # stem -> the numbers of the questions that use it
    weights: list[float]  # question number -> the idf of its words, for its likeness to another

    @classmethod
    def numbered(
        cls, by_note: list[list[str]], stems: Callable[[str], list[str]], idf: Idf
    ) -> Asked:
        """Every note's questions (by the note's position), numbered in that order."""
        notes: list[int] = []
        postings: dict[str, list[int]] = defaultdict(list)
        for position, questions in enumerate(by_note):
            for question in questions:
                for stemmed in dict.fromkeys(stems(question) + question_words(question)):
                    postings[stemmed].append(len(notes))
                notes.append(position)
        weights = [0.0] * len(notes)
        for stemmed, numbers in postings.items():
            weight = (
                _question_word_weight(len(notes), len(numbers))
                if stemmed.startswith("?")
                else idf[stemmed]
            )
            for number in numbers:
                weights[number] += weight
        # four decimals are as many as the likeness can tell apart, and parse in half the time
        return cls(notes, Numbers.from_lists(postings), [round(w, 4) for w in weights])

    def to_data(self) -> dict[str, Any]:
        """What the index's cache keeps: the postings as their text (see Numbers)."""
        return {"notes": self.notes, "postings": self.postings.encoded, "weights": self.weights}

    def question_word_weight(self, key: str) -> float:
        """How much a question word ("?when") counts in likeness: more, the fewer use it."""
        return _question_word_weight(len(self.notes), len(self.postings.get(key, ())))


def _question_word_weight(questions: int, holding: int) -> float:
    """A question word's weight in likeness: its idf among the asked questions, scaled."""
    return QUESTION_WORD_WEIGHT * math.log((questions + 1) / (holding + 1))


def question_words(text: str) -> list[str]:
    """The text's QUESTION_WORDS, as keys no stem can be ("?when"): the kind of answer it
    wants, which its other words do not say ("stock refill when")."""
    found = dict.fromkeys(words.surface_words(text))
    return [f"?{word}" for word in found if word in QUESTION_WORDS]


def _best_held(
    stand_ins: dict[str, float], holders: Callable[[str], Iterable[int]]
) -> dict[int, float]:
    """For each note or question holding any of a question word's stand-ins (stem -> weight),
    the weight of the best one it holds: a word counts once, by its best reading."""
    best: dict[int, float] = {}
    for stemmed, weight in stand_ins.items():
        for holder in holders(stemmed):
            best[holder] = max(best.get(holder, 0.0), weight)
    return best


def _split(
    word: str,
    is_known: Callable[[str], bool],
    held: Callable[[str], int],
    size: Callable[[str], int],
) -> list[str]:
    """`word` as two known words, or as it is. It is split if the notes never use it, or if
    more notes hold the two as a pair (`held`, by their stems' pair) than use the word itself
    (`size`, by its stem); of several ways, the pair most held, then the most even."""
    if word in words.STOP_WORDS or word.isdigit():
        return [word]
    ways = [
        (word[:cut], word[cut:])
        for cut in range(MIN_PART, len(word) - MIN_PART + 1)
        if all(part not in words.STOP_WORDS and is_known(part) for part in (word[:cut], word[cut:]))
    ]
    if not ways:
        return [word]
    count = {way: held(_pair(*map(words.stem, way))) for way in ways}
    best = max(ways, key=lambda way: (count[way], min(map(len, way))))
    if not is_known(word) or count[best] >= size(words.stem(word)):
        return list(best)
    return [word]


def _nearest(
    word: str, vocabulary: list[str], surface: dict[str, str], spread: Callable[[str], int]
) -> list[str]:
    """The words of the vocabulary nearest an unknown one, within the slips its length allows,
    those whose stems are in the most notes first ("hotle" is more likely "hotel" than "hole").
    Distance is rapidfuzz's optimal string alignment: a swap of neighbours counts once.
    """
    limit = words.typo_limit(word)
    if limit == 0:
        return []
    from rapidfuzz import process  # only for a word the notes never use
    from rapidfuzz.distance import OSA

    found = process.extract(word, vocabulary, scorer=OSA.distance, score_cutoff=limit, limit=None)
    if not found:
        return []
    best = min(distance for _, distance, _ in found)
    nearest = [candidate for candidate, distance, _ in found if distance == best]
    return sorted(nearest, key=lambda candidate: -spread(surface[candidate]))


class Index:
    """The notes and the postings of every stem in them: built once, then cached as JSON.

    Everything an Index holds is plain data (dicts, lists, strings, numbers; postings as text
    until a question uses them), so it round-trips through `to_json()` / `from_json()` and a
    query never re-reads or re-parses the notes.
    """

    def __init__(
        self,
        library: Library,
        postings: Postings,
        pairs: dict[str, list[int]],
        surface: dict[str, str],
        asked: Asked,
        learnt_weights: dict[str, Postings],
    ) -> None:
        self.library = library
        self.notes: tuple[Note, ...] = tuple(library.notes.values())
        self.postings = postings
        self.idf = Idf(postings, len(self.notes))
        self.pairs = pairs
        self.surface = surface
        self.asked = asked
        self.learnt = learnt_weights
        self.vocabulary = list(surface)
        self.game_names = _game_names(library)

    @classmethod
    def build(cls, library: Library) -> Index:
        """Tokenize every note field and learn from the questions asked before: a second or two,
        hence the cache and the index shipped prebuilt.

        The notes' own fields are read first: their words are the vocabulary that the asked
        questions' typos are repaired against, as a player's question's are, so that "hotle"
        in one asked question does not become a word of its own.
        """
        notes = tuple(library.notes.values())
        surface: dict[str, str] = {}

        def stems_of(text: str) -> list[str]:
            found = []
            for word in words.surface_words(text):
                if word not in words.STOP_WORDS:
                    if word not in surface:
                        surface[word] = words.stem(word)
                    found.append(surface[word])
            return found

        readings: dict[str, tuple[list[str], list[str]]] = {}

        def reading(text: str) -> tuple[list[str], list[str]]:
            # Idioms count in notes as in questions: "set up" in a note is also "setup".
            if text not in readings:
                meant = [stem for cue in words.cues(text) for stem in stems_of(cue)]
                readings[text] = (stems_of(text), meant)
            return readings[text]

        def field_stems(text: str) -> list[str]:
            stems, meant = reading(text)
            return stems + meant

        counts = [
            {field: Counter(field_stems(text)) for field, text in _fields(note).items()}
            for note in notes
        ]
        spread = Counter(
            stem for note_counts in counts for stem in set().union(*note_counts.values())
        )
        vocabulary = list(surface)
        pairs: dict[str, list[int]] = defaultdict(list)
        for position, note in enumerate(notes):
            for phrase in (note.title, *note.terms):
                for pair in _pairs(stems_of(phrase)):
                    pairs[pair].append(position)

        def split(word: str) -> list[str]:  # as a question's words are (Index._split)
            return _split(
                word,
                lambda part: words.stem(part) in spread,
                lambda pair: len(set(pairs.get(pair, ()))),
                spread.__getitem__,
            )

        def repaired(text: str) -> str:
            kept = []
            named = words.names(text)
            for word in (part for w in words.surface_words(text) for part in split(w)):
                known = surface.get(word) or words.stem(word)
                if known in spread or word in words.STOP_WORDS:
                    kept.append(word)
                elif word in named:
                    continue  # a player's name says nothing of the rule ("Sam has 3")
                else:
                    kept.append(
                        next(iter(_nearest(word, vocabulary, surface, spread.__getitem__)), word)
                    )
            return " ".join(kept)

        asked_texts = [[repaired(q) for q in library.asked.get(note.id, ())] for note in notes]
        for note_counts, questions in zip(counts, asked_texts, strict=True):
            note_counts["asked"] = Counter(s for q in questions for s in field_stems(q))
        averages = {
            field: max(1.0, sum(c[field].total() for c in counts) / len(notes))
            for field in FIELD_WEIGHTS
        }
        lists: dict[str, Posting] = defaultdict(list)
        for position, note_counts in enumerate(counts):
            weighted: dict[str, float] = defaultdict(float)
            for field, counter in note_counts.items():
                norm = 1 - B + B * counter.total() / averages[field]
                for stemmed, count in counter.items():
                    weighted[stemmed] += FIELD_WEIGHTS[field] * count / norm
            for stemmed, tf in weighted.items():
                lists[stemmed].append((position, round(tf / (K1 + tf), 4)))
        postings = Postings.from_lists(lists)
        asked = Asked.numbered(asked_texts, field_stems, Idf(postings, len(notes)))
        # each title learns apart: which title a question is about is for its words to say
        examples: dict[str, list[tuple[learnt.Features, int]]] = defaultdict(list)
        for position, note in enumerate(notes):
            for text in (note.title, *note.terms, *note.asks, *asked_texts[position]):
                found = _example(*reading(text), question_words(text))
                examples[note.game].append((found, position))
        learnt_weights = {
            game: Postings.from_lists(learnt.train(shown)) for game, shown in examples.items()
        }
        return cls(library, postings, dict(pairs), surface, asked, learnt_weights)

    def to_json(self) -> str:
        """Everything needed to search again without reading the notes."""
        return json.dumps(
            {
                "titles": [
                    {"id": title.id, "notes": [asdict(note) for note in title.notes]}
                    for title in self.library.titles
                ],
                "postings": self.postings.encoded,
                "pairs": self.pairs,
                "surface": self.surface,
                "asked": self.asked.to_data(),
                "learnt": {game: weights.encoded for game, weights in self.learnt.items()},
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Index:
        """The inverse of to_json(); raises KeyError/ValueError on a damaged document."""
        data = json.loads(text)
        titles = [
            Chapter(
                registered(title["id"], "rules index"),
                tuple(_note_from_json(note) for note in title["notes"]),
            )
            for title in data["titles"]
        ]
        asked_data = data["asked"]
        asked = Asked(asked_data["notes"], Numbers(asked_data["postings"]), asked_data["weights"])
        return cls(
            Library(titles),
            Postings(data["postings"]),
            data["pairs"],
            data["surface"],
            asked,
            {game: Postings(weights) for game, weights in data["learnt"].items()},
        )

    def split_games(self, question: str) -> tuple[list[str], set[str]]:
        """The question's words without any game names in it, and the games it names.

        An alias of a title asked of beside the title's own name ("is Hungry just Tabula
        Rasa?") is what the question is about, so its words are kept too; alone ("hygge
        tiebreaker"), it only names the game.
        """
        tokens = [
            part
            for word in words.fold(question).replace("-", " ").split()
            for part in words.surface_words(word)
            if "-" not in part
        ]
        named: set[str] = set()
        kept: list[str] = []
        aliases: list[tuple[tuple[str, ...], str]] = []
        position = 0
        while position < len(tokens):
            after_linking_verb = position > 0 and tokens[position - 1] in LINKING_VERBS
            for name, game, alias in self.game_names:
                if len(name) == 1 and after_linking_verb:
                    continue  # "my Inuit goes hungry" describes, it does not name the game
                if tuple(tokens[position : position + len(name)]) == name:
                    named.add(game)
                    if alias:
                        aliases.append((name, game))
                    position += len(name)
                    break
            else:
                kept.append(tokens[position])
                position += 1
        for name, game in aliases:
            if all(self.is_known(word) for word in name) and any(
                not alias and _holds(tokens, own)
                for own, title, alias in self.game_names
                if title == game
            ):
                kept += name
        return kept, named

    def repair(self, word: str) -> list[str]:
        """The known words nearest an unknown one (see `_nearest`)."""
        return _nearest(
            word,
            self.vocabulary,
            self.surface,
            lambda stem: self.postings.size(stem) if stem in self.postings else 0,
        )

    def is_known(self, word: str) -> bool:
        """Whether a note uses the word (in any of its forms)."""
        return words.stem(word) in self.postings

    def compounds(self, tokens: Sequence[str]) -> list[str]:
        """The words with compounds mended: two words the notes write as one are joined
        ("snow flakes"), and a word the notes never use that is two of theirs run together is
        split ("polarbear", "holidayhome")."""
        mended: list[str] = []
        for token in tokens:
            if mended and (self._is_unknown(token) or self._is_unknown(mended[-1])):
                joined = mended[-1] + token
                if self.is_known(joined):
                    mended[-1] = joined
                    continue
            mended += self._split(token)
        return mended

    def _is_unknown(self, word: str) -> bool:
        return word not in words.STOP_WORDS and not word.isdigit() and not self.is_known(word)

    def _split(self, word: str) -> list[str]:
        """A word as two known ones, if the notes never use it ("polarbear" is "polar bear") or
        if more notes' titles and terms hold the two as a pair than use the word itself
        ("holidayhome", which only a hyphenated "holiday-home" in a few notes spells so)."""
        return _split(
            word,
            self.is_known,
            lambda pair: len(set(self.pairs.get(pair, ()))),
            self.postings.size,
        )

    def slots(
        self, tokens: Sequence[str], written: str = "", games: frozenset[str] = frozenset()
    ) -> tuple[list[Slot], list[list[Slot]]]:
        """The stems each question word may stand for, and those each idiom in it means.

        A word itself weighs 1; a repaired typo and an idiom's meaning weigh less. A word that
        stands for nothing the notes hold has an empty slot. Idioms are read from the words
        with typos repaired and from the question as `written`, whose punctuation some need
        ("me 3, Kim 3" is a tie, "I have 3 fish 3 berries" is not).
        """
        # read only for a typo with rival repairs: most questions have none
        context = functools.cache(lambda: self._context(tokens, games))
        readings = {token: self._reading(token, context) for token in tokens}
        meaningful = [t for t in tokens if t not in words.STOP_WORDS] or list(tokens)
        found = [dict(readings[token][0]) for token in meaningful]
        # Idioms are read after typos are repaired: "who goes frist" is "goes first".
        corrected = [readings[token][1] for token in tokens]
        meant = [
            [{words.stem(word): CUE_WEIGHT} for word in cue.split()]
            for cue in dict.fromkeys(words.cues(" ".join(corrected)) + words.cues(written))
        ]
        return found, meant

    def _context(self, tokens: Sequence[str], games: frozenset[str]) -> dict[int, int]:
        """For each note (of `games`, if any), how many of the question's known words it holds."""
        known = {words.stem(t) for t in tokens if t not in words.STOP_WORDS}
        held: dict[int, int] = defaultdict(int)
        for stemmed in known:
            if stemmed in self.postings:
                for position, _ in self.postings[stemmed]:
                    if not games or self.notes[position].game in games:
                        held[position] += 1
        return held

    def _reading(self, token: str, context: Callable[[], Mapping[int, int]]) -> tuple[Slot, str]:
        """The stems a question word stands for, and the word as meant (a typo repaired).

        A stop word the notes never use stands for nothing: "hve" may be a slip, "have" is not.
        Of equally near repairs, the one sharing a note with the most of the question's other
        words comes first (`context`): "polar bear atack" is an attack, not a stack.
        """
        stemmed = words.stem(token)
        if stemmed in self.postings:
            return {stemmed: 1.0}, token
        if token in words.STOP_WORDS:
            return {}, token
        candidates = self.repair(token)
        if len(candidates) > 1:
            held_here = context()

            def company(candidate: str) -> int:
                held = self.postings[self.surface[candidate]]
                return max((held_here.get(position, 0) for position, _ in held), default=0)

            candidates.sort(key=lambda candidate: -company(candidate))
        slot: Slot = {}
        for rank, candidate in enumerate(candidates):
            weight = TYPO_WEIGHT * (1.0 if rank == 0 else RARER_REPAIR)
            slot[self.surface[candidate]] = max(slot.get(self.surface[candidate], 0.0), weight)
        return slot, candidates[0] if candidates else token

    def search(self, question: str, game: str | None = None) -> list[Hit]:
        """Every note sharing a word with the question, best first."""
        if len(question) > MAX_QUESTION:
            raise QuestionTooLongError(
                f"a rules question is at most {MAX_QUESTION} characters; "
                f"this one has {len(question):,}"
            )
        tokens, named = self.split_games(question)
        tokens = self.compounds(tokens)
        every_slot, meant = self.slots(tokens, question, frozenset({game} if game else named))
        slots = [slot for slot in every_slot if slot]
        weights: dict[str, float] = {}
        for slot in slots + [slot for cue in meant for slot in cue]:
            for stemmed, weight in slot.items():
                if stemmed in self.postings:
                    weights[stemmed] = max(weights.get(stemmed, 0.0), weight)
        scores: dict[int, float] = defaultdict(float)
        for stemmed, weight in weights.items():
            for position, tf in self.postings[stemmed]:
                scores[position] += weight * self.idf[stemmed] * tf
        for position, bonus in self._pair_bonuses(slots, meant).items():
            scores[position] += bonus
        whole = slots + [_merged(cue) for cue in meant]
        coverage = self._reward_coverage(scores, whole, len(every_slot) - len(slots))
        fits: dict[int, float] = {}
        for position, score in scores.items():
            note = self.notes[position]
            if game is not None and note.game != game:
                continue
            fits[position] = score * GAME_BOOST if game is None and note.game in named else score
        ranked = dict(fits)
        if fits:
            lift = NEIGHBOUR_WEIGHT * max(fits.values())
            asking = question_words(" ".join(tokens))
            for position, likeness in self._likeness(whole, asking).items():
                if position in ranked:
                    # a question naming its game prefers that game's notes in the lift too:
                    # the best fit it scales by is already multiplied for the named game
                    named_other = game is None and named and self.notes[position].game not in named
                    ranked[position] += lift * likeness / (GAME_BOOST if named_other else 1.0)
            stems = [max(slot, key=lambda s: (slot[s], s)) for slot in slots]
            self._rerank(ranked, learnt.features(stems, weights, asking))
        hits = [
            Hit(self.notes[p], score, coverage.get(p, 0.0), fits[p]) for p, score in ranked.items()
        ]
        hits.sort(key=lambda hit: (-hit.score, hit.note.id))
        return hits

    def _rerank(self, ranked: dict[int, float], found: learnt.Features) -> None:
        """Lift the first RERANKED notes by their share of the question by the learnt weights:
        the words that told a note from its neighbours in the questions asked before."""
        first = sorted(ranked, key=lambda position: (-ranked[position], self.notes[position].id))
        first = first[:RERANKED]
        best = ranked[first[0]]
        games = [(position, self.notes[position].game) for position in first]
        for position, share in zip(first, learnt.shares(self.learnt, found, games), strict=True):
            ranked[position] += LEARNT_WEIGHT * best * share

    def other_title(self, question: str, game: str, hits: Sequence[Hit]) -> str | None:
        """The title whose notes fit a question asked of `game` (whose hits are given) far
        better than that game's own: its words belong to another game."""
        everywhere = self.search(question)
        if not is_good_match(everywhere) or everywhere[0].note.game == game:
            return None
        here = hits[0].fit if is_good_match(hits) else 0.0
        return everywhere[0].note.game if everywhere[0].fit >= OTHER_TITLE * here else None

    def _likeness(self, slots: list[Slot], asking: list[str]) -> dict[int, float]:
        """How alike the question is to the questions each note answered before: the mean of
        the likeness, raised to LIKENESS_POWER, of its NEIGHBOURS nearest ones (0 to 1).

        Likeness is the Dice coefficient of the two questions' words weighted by idf: twice
        what they share, over what both hold. A question word shares as much as the best of
        its stand-ins the other question uses; `asking`, the question's QUESTION_WORDS, count
        too, so "when is the stock refilled" is nearer "when do we refill" than "how to refill".
        """
        wanted = 0.0
        shared: dict[int, float] = defaultdict(float)
        for key in asking:
            weight = self.asked.question_word_weight(key)
            wanted += weight
            for number in self.asked.postings.get(key, ()):
                shared[number] += weight
        for slot in slots:
            known = {s: w * self.idf[s] for s, w in slot.items() if s in self.postings}
            if not known:
                continue
            wanted += max(known.values())
            best = _best_held(known, lambda stemmed: self.asked.postings.get(stemmed, ()))
            for number, weight in best.items():
                shared[number] += weight
        by_note: dict[int, list[float]] = defaultdict(list)
        for number, weight in shared.items():
            likeness = 2 * weight / (wanted + self.asked.weights[number])
            by_note[self.asked.notes[number]].append(likeness**LIKENESS_POWER)
        return {
            position: sum(sorted(found, reverse=True)[:NEIGHBOURS]) / NEIGHBOURS
            for position, found in by_note.items()
        }

    def _pair_bonuses(self, slots: list[Slot], meant: list[list[Slot]]) -> dict[int, float]:
        """Extra score for notes whose title or terms hold two question words together.

        Words pair with their near neighbours; an idiom's words pair with each other and with
        every question word, since an idiom has no one position in the question.
        """
        candidates = [
            (first, second)
            for i, first in enumerate(slots)
            for second in slots[i + 1 : i + PAIR_WINDOW]
        ]
        for cue in meant:
            candidates += [(a, b) for i, a in enumerate(cue) for b in cue[i + 1 :]]
            candidates += [(a, b) for a in cue for b in slots]
        best: dict[str, float] = {}
        for first, second in candidates:
            for a, weight_a in first.items():
                for b, weight_b in second.items():
                    pair = _pair(a, b)
                    if a != b and pair in self.pairs:
                        best[pair] = max(best.get(pair, 0.0), weight_a * weight_b)
        bonuses: dict[int, float] = defaultdict(float)
        for pair, weight in best.items():
            bonus = PAIR_WEIGHT * weight * sum(self.idf[s] for s in pair.split()) / 2
            for position in self.pairs[pair]:
                bonuses[position] += bonus
        return bonuses

    def _reward_coverage(
        self, scores: dict[int, float], slots: list[Slot], unknown: int
    ) -> dict[int, float]:
        """Scale scores by how much of the question a note covers; return each note's share.

        Each question word counts by its idf, and is covered as well as the best of its
        stand-ins the note holds: fully by the word itself, partly by a repair. Words the
        notes know nothing of do not change the ranking, but the share returned counts each
        as a word of UNKNOWN_IDF that no note covers ("is chess better" is half about chess),
        and a number counts NUMBER_SHARE of its idf there ("we both ended on 12" is about a
        tie, whatever the score).
        """
        wanted = share_wanted = 0.0
        covered: dict[int, float] = defaultdict(float)
        share_covered: dict[int, float] = defaultdict(float)
        for slot in slots:
            known = {s: w for s, w in slot.items() if s in self.postings}
            if not known:
                continue
            weight_of_word = max(self.idf[s] * w for s, w in known.items())
            in_share = weight_of_word * (NUMBER_SHARE if all(map(str.isdigit, known)) else 1.0)
            wanted += weight_of_word
            share_wanted += in_share
            best = _best_held(known, lambda stemmed: (p for p, _ in self.postings[stemmed]))
            for position, weight in best.items():
                covered[position] += weight_of_word * weight
                share_covered[position] += in_share * weight
        if not wanted:  # only idioms ("who goes first"): nothing to weigh, all is covered
            return dict.fromkeys(scores, 1.0)
        for position in scores:
            scores[position] *= 1 - COVERAGE + COVERAGE * covered[position] / wanted
        asked = share_wanted + unknown * UNKNOWN_IDF
        return {position: share_covered[position] / asked for position in scores}
