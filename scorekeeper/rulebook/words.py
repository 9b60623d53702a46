"""How a question becomes search words: tokens, stop words, stems and idioms.

Stems come from the Snowball English stemmer (PyStemmer), imported only when a question is
asked; the same `stem()` runs over notes and questions, so its stems ("improv" for
improvement) only have to be consistent, not pretty.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterator
from typing import cast

_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_POSSESSIVE = re.compile(r"['\u2019]s\b")
_APOSTROPHE = re.compile(r"['\u2019]")

# Words that say nothing about which rule is meant: how questions are built, not what they ask.
_STOP_WORDS_TEXT = """
a about am an and any are as at be been being both but by can could did do does
doing done down during for from further get gets getting got had has have having he her here
hers him his how i if in into is it its itself just let lets me might mine much must my myself
nor of on once or other our ours own really s she should so some such than that the their
theirs them then there these they this those through to too until up us very was we were
what whats when where which while who whom whose why will with would you your yours actually
anyone anything ok okay please right still thing things well dont doesnt didnt cant isnt
arent wont im ive id youre theyre either neither
lol um umm uh er erm hmm oh yeah yep yes pls plz sorry hey hi
work works worked working
"""
# Kept on purpose although common: "same" (ties), "before"/"after" (order), "first", "last",
# "all", "each", "no", "not", "only", "most", "more", "over", "out", "off", "again" (another
# turn) and "way" (which way round) carry meaning here.
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split())

_NUMBERS = {
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "eleven": "11",
    "twelve": "12",
}

# Idioms and phrasal verbs whose meaning is not in their single words, and the words they mean.
# Matched against the folded question (see fold()).
CUES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), meaning)
    for pattern, meaning in (
        (r"\bkick\w* (?:\w+ )?off\b", "start first"),
        (r"\b(?:came|come|comes|coming) up with\b", "designer"),
        (r"\bwork(?:ed|s|ing)? out\b", "calculate total"),
        (r"\badd(?:ed|s|ing)? (?:\w+ )?up\b", "total"),
        (r"\bput(?:s|ting)? (?:\w+ )?away\b", "store"),
        (r"\bleft over\b", "leftover"),
        (r"\bfall(?:s|ing)? apart\b|\bwears? out\b", "break damage"),
        (r"\bgo(?:es|ing)? after\b", "hunt"),
        (r"\bplay(?:ing)? again\b|\banother game\b|\bnext game\b", "series"),
        (r"\bran out\b|\bruns? out\b|\bnone left\b|\bnothing left\b", "empty"),
        (r"\bpick(?:s|ed|ing)? up\b", "draw"),
        (r"\bset(?:s|ting)? up (?:on|at|in|camp)\b", "place camp"),
        (r"\bset(?:s|ting)? up\b(?! (?:on|at|in|camp)\b)", "setup"),
        (r"\bturn(?:s|ed|ing)? (?:\w+ )?over\b|\bflip(?:s|ped)? (?:\w+ )?over\b", "flip"),
        (r"\bget(?:ting)? rid of\b", "discard"),
        (r"\b(?:go(?:es)?|start(?:s)?|begins?) first\b", "first player"),
        (r"\bwhose (?:turn|go)\b|\bperson(?:s)? go\b|\bplayers? go\b", "turn"),
        (r"\bby myself\b", "solo"),
        (r"\bhow many (?:people|of us|can play)\b", "player count"),
        (
            r"\b(?:just|only) (?:the )?(?:2|two) of us\b|\b(?:just|only) (?:me and )?my partner\b",
            "2 player",
        ),
        (r"\bwhats? the point\b|\btrying to (?:do|achieve)\b", "goal"),
        (r"\b(?:start|begin)s? (?:the game )?with\b", "starting setup"),
        (r"\bat the (?:start|beginning)\b|\bbefore (?:we|you|i) (?:start|begin)\b", "setup"),
        (r"\bbefore the first (?:round|turn)\b", "setup"),
        (r"\bnobody (?:chose|picked|took|wanted)\b|\bnot (?:chosen|picked|taken)\b", "remaining"),
        (r"\bnext to each other\b|\bside by side\b", "adjacent"),
        # "can I still ..." asks about the last action only once the game is ending
        (
            r"^(?=.*\b(?:end\w*|over|winter|last|finish\w*|flipped|revealed)\b)"
            r".*\bcan (?:i|we) still\b",
            "last final action",
        ),
        (  # owning two of a card, not holding two cards of a kind
            r"\b(?:own|build)s? (?:2|two) (?:of the same|(?:\w+ )?\w+s)\b"
            r"|\b(?:have|hold)s? (?:2|two) of the same\b",
            "duplicate limit",
        ),
        (r"\bcosts? (?:me |you |us )?(?:a |any )?points?\b", "lose penalty"),
        (r"\b(?:straight|right) away\b|\bat once\b|\bimmediately\b", "immediately"),
        (r"\bwrap(?:s|ped|ping)? (?:\w+ )?up\b", "finish"),
        (r"\b(?:lay|lays|laying|laid) (?:\w+ )?out\b", "setup"),
        # "we both ended on 12", "all of us have 40": a number shared by several players.
        (r"\b(?:both|all|each)\b.*\b(?:on|with|have|had|got|scored)\s+\d+\b", "tie"),
        (r"\b(?:same|equal) (?:number|amount|count|score|total|points)\b", "tie"),
        # "we finish on 12 each", "Ben 2 and Cy 2", "me 3, Kim 3": the facts of a tie, without
        # the word ("I have 3 fish, 3 berries" is not: the comma must follow the name's count).
        (r"\b\d+ (?:each|apiece)\b", "tie"),
        (r"\b[a-z]+ (\d+)(?:,? and|,) [a-z]+ (?:has |had |with |on )?\1\b", "tie"),
    )
)
# "3 of us", "a group of four": a player count.
_COUNT_OF_US = re.compile(
    r"\b(\d+|two|three|four|five|six) of us\b|\bgroup of (\d+|two|three|four|five|six)\b"
)


# "3 players", "a three-player game", "4p": a player count, which becomes one word ("3player")
# in notes and questions alike, so a count says which of two setup notes is meant, as the pair
# of a common number and a common word did not.
_PLAYER_COUNT = re.compile(r"\b(\d|two|three|four|five|six)(?: |-)?(?:players?|p)\b")


def cues(text: str) -> list[str]:
    """What the idioms in the text mean: "who kicks things off?" -> ["start first"]."""
    folded = fold(text)
    found = [meaning for pattern, meaning in CUES if pattern.search(folded)]
    counts = [m.group(1) or m.group(2) for m in _COUNT_OF_US.finditer(folded)]
    found += [f"{count} players" for count in counts]
    counts += [m.group(1) for m in _PLAYER_COUNT.finditer(folded)]
    found += [f"{_NUMBERS.get(count, count)}player" for count in dict.fromkeys(counts)]
    return found


# A capitalised word that does not open a sentence: a name, as in "Sam has 3 and Jo 1".
_NAME = re.compile(r"(?<![.?!:;]\s)(?<!^)(?<![.?!:;])\b([A-Z][a-z]+)\b")


def names(text: str) -> set[str]:
    """The folded words written as names in the text: capitalised, not opening a sentence.

    "In Hungry, Sam has 3" -> {"hungry", "sam"}; whether a name is a word the notes use is for
    the caller to say.
    """
    return {fold(match.group(1)) for match in _NAME.finditer(text.strip())}


def fold(text: str) -> str:
    """Lower case without accents or apostrophes: "What's Hyggé?" -> "whats hygge?"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    plain = (
        decomposed
        if decomposed.isascii()  # most text: nothing to strip, and the build folds much
        else "".join(char for char in decomposed if not unicodedata.combining(char))
    )
    return _APOSTROPHE.sub("", _POSSESSIVE.sub("", plain))


def surface_words(text: str) -> Iterator[str]:
    """Words as written, lower-cased; a hyphenated word also yields its parts and its join.

    "tie-breaker" gives "tie-breaker"'s parts "tie", "breaker" and the join "tiebreaker", so a
    player typing any of the three finds it.
    """
    for match in _WORD.finditer(fold(text)):
        word = match.group()
        if "-" in word:
            parts = word.split("-")
            yield from parts
            yield "".join(parts)
        else:
            yield word


# Irregular forms a suffix stemmer cannot reach: "won" is "win", "ate" is "eat".
_IRREGULAR = {
    "won": "win",
    "took": "take",
    "taken": "take",
    "came": "come",
    "made": "make",
    "ate": "eat",
    "eaten": "eat",
    "went": "go",
    "gone": "go",
    "gave": "give",
    "given": "give",
    "left": "leave",
    "chose": "choose",
    "chosen": "choose",
    "drew": "draw",
    "drawn": "draw",
    "began": "begin",
    "begun": "begin",
    "lost": "lose",
    "paid": "pay",
    "held": "hold",
    "kept": "keep",
    "built": "build",
    "children": "child",
    "people": "person",
    "dice": "die",
    "geese": "goose",
    "wolves": "wolf",
    "shelves": "shelf",
    "leaves": "leaf",
    "knives": "knife",
    "caught": "catch",
    "fought": "fight",
    "bought": "buy",
    "brought": "bring",
    "thrown": "throw",
    "threw": "throw",
    "stole": "steal",
    "stolen": "steal",
}


@functools.cache
def _snowball() -> Callable[[str], str]:
    """The Snowball English (Porter2) stemmer, compiled (PyStemmer): a millisecond to import.

    The pure-Python `snowballstemmer` package imports all of its thirty languages at once,
    which costs ten times as much start-up for the same stems.
    """
    import Stemmer  # only when a question is asked

    return cast("Callable[[str], str]", Stemmer.Stemmer("english").stemWord)


def stem(word: str) -> str:
    """Snowball's stem after irregular forms and number words are mapped to a regular word.

    "stores", "stored" and "storing" all become "store"; "won" becomes "win", "three" "3".
    """
    word = _NUMBERS.get(word) or _IRREGULAR.get(word, word)
    if word.isdigit():
        return word
    return _snowball()(word)


def typo_limit(word: str) -> int:
    """How many slips a word of this length may carry and still be recognised."""
    if len(word) <= 3:
        return 0
    return 1 if len(word) <= 8 else 2
