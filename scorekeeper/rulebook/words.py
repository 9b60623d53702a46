"""How a question becomes search words: tokens, stop words, stems, synonyms and idioms.

Stems come from the Snowball English stemmer (PyStemmer), imported only when a question is
asked; the same `stem()` runs over notes and questions, so its stems ("improv" for
improvement) only have to be consistent, not pretty.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
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

# Words players use for the same thing at a game table. A question word also searches for
# the rest of its group, at a lower weight than the word itself. Words are written plainly and
# stemmed when the table is built; a word may sit in several groups.
SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("tie", "tied", "draw", "equal", "deadlock", "tiebreaker", "tiebreak"),
    ("win", "winner", "victory", "champion", "victor"),
    ("start", "begin", "beginning", "kick", "opening", "initial"),
    ("end", "finish", "ending", "final", "conclude"),
    ("point", "score", "vp", "scoring"),
    ("lose", "minus", "negative", "penalty", "deduct", "subtract"),
    ("bonus", "extra", "additional"),
    ("solo", "alone"),
    ("short", "quick", "quicker", "shorter"),
    ("discard", "dump", "drop", "throw", "ditch", "remove"),
    ("look", "peek", "see", "view"),
    ("limit", "maximum", "max", "cap"),
    ("minimum", "least", "fewest"),
    ("goal", "aim", "objective", "purpose"),
    ("component", "contents", "contain", "bits", "box", "parts", "include"),
    ("setup", "set-up", "prepare", "preparation", "arrange", "layout"),
    ("take", "grab", "pick"),
    ("place", "put", "lay", "position"),
    ("side", "edge", "border"),
    ("bottom", "under", "underneath", "beneath", "below"),
    ("hallway", "hall", "corridor", "passage", "doorway"),
    ("bird", "goose", "duck", "fowl"),
    ("fit", "squeeze", "cram"),
    ("day", "daytime", "morning"),
    ("night", "evening", "overnight", "nighttime"),
    ("repair", "mend", "fix"),
    ("damage", "broken", "break", "wear", "worn"),
    ("tv", "telly", "television"),
    ("couch", "sofa", "settee"),
    ("rock", "stone"),
    ("log", "wood", "firewood", "timber"),
    ("money", "coin", "cash"),
    ("credit", "designer", "author", "artist", "illustrator", "inventor"),
    ("tool", "gear", "equipment"),
    ("make", "craft", "build", "create"),
    ("store", "stash", "tuck"),
    ("total", "sum", "tally", "calculate"),
    ("adjacent", "beside", "touching", "neighbour", "neighbor"),
    ("same", "identical", "matching", "duplicate"),
    ("colour", "color"),
    ("pronounce", "pronunciation"),
    ("next", "following", "subsequent"),
    ("stop", "quit", "cease", "halt"),
    ("fewer", "less", "reduce", "lower"),
    ("2", "pair", "couple"),
    ("carry", "lug", "haul"),
    ("tan", "suntan", "suntanned", "tanned"),
    ("meeple", "pawn", "figure", "figurine"),
    ("variant", "mode", "version"),
    ("token", "chip", "counter", "disc"),
    ("home", "house", "villa", "chalet"),
    ("holiday", "vacation"),
    ("trade", "swap", "exchange", "barter"),
    ("rotate", "spin", "turn around"),
    ("deck", "draw pile", "stack"),
    ("camp", "campsite", "tent"),
    ("majority", "most"),
    ("rating", "stars"),
    ("empty", "blank", "vacant", "unoccupied"),
    ("worth", "value"),
    ("phase", "stage"),
    ("move", "shift", "relocate", "reposition"),
    ("permanent", "stuck", "locked"),
)
# Looser associations: a word that often, but not always, means the same as the others.
ASSOCIATIONS: tuple[tuple[str, ...], ...] = (
    ("goal", "object"),  # "object of the game", but also the object cards of a game
    ("token", "marker"),  # a scoring marker, but also a player's marker
    ("tie", "even", "level", "same"),
    ("start", "setup", "first"),
    ("end", "over", "last"),
    ("point", "worth"),
    ("solo", "myself", "single"),
    ("short", "kids", "children", "family"),
    ("look", "secret", "hidden", "reveal"),
    ("limit", "most", "capacity"),
    ("component", "piece", "comes"),
    ("take", "choose", "collect", "gain"),
    ("place", "set"),
    ("turn", "go", "move", "round"),
    ("player", "people", "person", "opponent", "seat"),
    ("order", "sequence", "next", "after", "following", "subsequent"),
    ("winter", "wintry", "cold", "colder", "freeze", "frozen", "icy"),
    ("empty", "run", "exhausted", "none", "nothing", "left"),
    ("flip", "turn over", "reverse", "back", "side", "face"),
    ("money", "gold"),
    ("pronounce", "say", "spoken", "name"),
    ("food", "eat", "meal", "feed", "diet", "hungry", "starve", "starving"),
    ("tool", "item"),
    ("allowed", "allow", "permitted", "legal", "can", "may"),
    ("store", "bank", "save", "keep"),
    ("hand", "holding", "hold"),
    ("total", "add", "count", "overall", "result"),
    ("new", "fresh", "refill", "replace", "replenish", "fill", "top"),
    ("adjacent", "next"),
    ("several", "multiple", "many"),
    ("rule", "rulebook"),
    ("die", "roll"),
    ("carry", "capacity", "inventory", "pack", "backpack", "bag"),
    ("location", "spot", "space", "place", "site"),
    ("camp", "camping", "sleep", "night"),
    ("bonus", "special", "reward"),
    ("colour", "red", "blue", "green", "yellow", "purple", "orange", "white", "black"),
    ("score", "count", "tally"),
    ("discard", "leave"),
    ("resort", "hotel"),
    ("buy", "pay", "spend", "cost", "afford"),
    ("shop", "market", "buy"),
    ("reroll", "roll", "dice"),
    ("wall", "edge"),
    ("furniture", "item", "piece"),
)


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
    )
)
# "3 of us", "a group of four": a player count.
_COUNT_OF_US = re.compile(
    r"\b(\d+|two|three|four|five|six) of us\b|\bgroup of (\d+|two|three|four|five|six)\b"
)


def cues(text: str) -> list[str]:
    """What the idioms in the text mean: "who kicks things off?" -> ["start first"]."""
    folded = fold(text)
    found = [meaning for pattern, meaning in CUES if pattern.search(folded)]
    found += [f"{m.group(1) or m.group(2)} players" for m in _COUNT_OF_US.finditer(folded)]
    return found


def fold(text: str) -> str:
    """Lower case without accents or apostrophes: "What's Hyggé?" -> "whats hygge?"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
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


def synonym_table(
    close: Iterable[tuple[str, ...]] = SYNONYMS,
    loose: Iterable[tuple[str, ...]] = ASSOCIATIONS,
) -> dict[str, dict[str, bool]]:
    """Stem -> {other stem: is it a close synonym (True) or a looser association (False)}."""
    table: dict[str, dict[str, bool]] = {}
    for groups, is_close in ((loose, False), (close, True)):
        for group in groups:
            group_stems = dict.fromkeys(stem(w) for phrase in group for w in surface_words(phrase))
            for member in group_stems:
                related = table.setdefault(member, {})
                for other in (other for other in group_stems if other != member):
                    related[other] = related.get(other, False) or is_close
    return table


def vocabulary() -> Iterator[str]:
    """Every word the synonym tables know, so typos of them can be repaired too."""
    for group in SYNONYMS + ASSOCIATIONS:
        for phrase in group:
            yield from surface_words(phrase)


def typo_limit(word: str) -> int:
    """How many slips a word of this length may carry and still be recognised."""
    if len(word) <= 3:
        return 0
    return 1 if len(word) <= 8 else 2
