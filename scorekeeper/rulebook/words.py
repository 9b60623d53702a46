"""How a question becomes search words: tokens, stop words, a small stemmer, synonyms, typos.

Everything here is plain Python over small tables, so it costs nothing at start-up and needs no
download. The same `stem()` runs over notes and questions, so its occasional odd stem
("stor" for store, stored, storing) only has to be consistent, not pretty.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_POSSESSIVE = re.compile(r"['\u2019]s\b")
_APOSTROPHE = re.compile(r"['\u2019]")

# Words that say nothing about which rule is meant: how questions are built, not what they ask.
_STOP_WORDS_TEXT = """
a about above again am an and any are as at be been being both but by can could did do does
doing done down during for from further get gets getting got had has have having he her here
hers him his how i if in into is it its itself just let lets me might mine much must my myself
nor of on once or other our ours own really s she should so some such than that the their
theirs them then there these they this those through to too under until up us very was we were
what whats when where which while who whom whose why will with would you your yours actually
anyone anything ok okay please right still thing things way well dont doesnt didnt cant isnt
arent wont im ive id youre theyre either neither
"""
# Kept on purpose although common: "same" (ties), "before"/"after" (order), "first", "last",
# "all", "each", "no", "not", "only", "most", "more", "over", "out", "off" carry meaning here.
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

# Groups of words players use for the same idea at a game table. A question word from a group
# also searches for the rest of its group, at a lower weight than the word itself. Words are
# given in plain form; they are stemmed when the table is built.
SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("tie", "tied", "draw", "even", "equal", "level", "deadlock", "tiebreaker", "tiebreak"),
    ("win", "winner", "won", "victory", "champion", "victor"),
    ("start", "begin", "beginning", "kick", "opening", "initial", "setup"),
    ("end", "finish", "over", "ending", "final", "conclude", "last"),
    ("point", "score", "vp", "scoring", "worth"),
    ("lose", "minus", "negative", "penalty", "deduct", "subtract"),
    ("bonus", "extra", "additional"),
    ("solo", "alone", "myself", "single", "one-player"),
    ("short", "quick", "quicker", "shorter", "kids", "children", "family"),
    ("discard", "dump", "drop", "throw", "ditch", "remove"),
    ("look", "peek", "see", "view", "secret", "hidden", "reveal"),
    ("limit", "maximum", "max", "most", "cap", "capacity"),
    ("minimum", "least", "fewest"),
    ("goal", "aim", "object", "objective", "purpose"),
    ("component", "contents", "contain", "piece", "bits", "box", "parts", "include", "comes"),
    ("setup", "set-up", "prepare", "preparation", "arrange", "layout"),
    ("take", "grab", "pick", "choose", "collect", "gain"),
    ("place", "put", "lay", "position", "set"),
    ("turn", "go", "move", "round"),
    ("player", "people", "person", "opponent", "seat"),
    ("order", "sequence", "next", "after", "following", "subsequent"),
    ("side", "edge", "border"),
    ("winter", "wintry", "cold", "colder", "freeze", "frozen", "icy"),
    ("bird", "goose", "duck", "fowl"),
    ("fit", "squeeze", "cram"),
    ("day", "daytime", "morning"),
    ("night", "evening", "overnight", "nighttime"),
    ("repair", "mend", "fix"),
    ("damage", "broken", "break", "wear", "worn"),
    ("empty", "gone", "run", "runs", "exhausted", "none", "nothing", "left"),
    ("flip", "turn over", "reverse", "back", "side", "face"),
    ("tv", "telly", "television"),
    ("couch", "sofa", "settee"),
    ("rock", "stone"),
    ("log", "wood", "firewood", "timber"),
    ("money", "coin", "cash", "gold"),
    ("credit", "designer", "author", "artist", "illustrator", "inventor"),
    ("pronounce", "pronunciation", "say", "spoken", "meaning", "name"),
    ("food", "eat", "meal", "feed", "diet"),
    ("tool", "gear", "equipment", "item"),
    ("make", "craft", "build", "create"),
    ("allowed", "allow", "permitted", "legal", "can", "may"),
    ("store", "bank", "save", "keep", "tuck", "stash"),
    ("hand", "holding", "hold"),
    ("total", "sum", "add", "count", "tally", "overall", "result", "calculate"),
    ("new", "fresh", "refill", "replace", "replenish"),
    ("adjacent", "next", "beside", "touching", "neighbour", "neighbor"),
    ("same", "identical", "matching", "duplicate"),
    ("several", "multiple", "many"),
    ("rule", "rulebook"),
    ("card", "cards"),
    ("die", "dice", "roll"),
    ("colour", "color"),
    ("carry", "capacity", "inventory", "pack", "backpack", "bag"),
    ("location", "spot", "space", "place", "site"),
    ("camp", "camping", "sleep", "night"),
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
        (r"\bfall(?:s|ing)? apart\b|\bwears? out\b", "break damage"),
        (r"\bgo(?:es|ing)? after\b", "hunt"),
        (r"\bplay(?:ing)? again\b|\banother game\b|\bnext game\b", "series"),
        (r"\bran out\b|\bruns? out\b|\bnone left\b|\bnothing left\b", "empty"),
        (r"\bpick(?:s|ed|ing)? up\b", "draw"),
        (r"\bset(?:s|ting)? up\b", "setup"),
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
        (r"\bcan (?:i|we) still\b", "last"),
        # "we both ended on 12", "all of us have 40": a number shared by several players.
        (r"\b(?:both|all|each)\b.*\b(?:on|with|have|had|got|scored)\s+\d+\b", "tie"),
    )
)
# "3 of us", "four of us": a player count.
_COUNT_OF_US = re.compile(r"\b(\d+|two|three|four|five|six) of us\b")


def cue_words(text: str) -> list[str]:
    """The words implied by idioms in the text: "kicks things off" -> "start first"."""
    folded = fold(text)
    found = [
        word for pattern, meaning in CUES if pattern.search(folded) for word in meaning.split()
    ]
    for match in _COUNT_OF_US.finditer(folded):
        found += [match.group(1), "players"]
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


# Irregular forms the suffix stripper cannot reach.
_IRREGULAR = {
    "won": "win",
    "tied": "tie",
    "used": "use",
    "lying": "lie",
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
    "put": "put",
    "men": "man",
    "children": "child",
    "people": "person",
    "dice": "die",
    "mice": "mouse",
    "geese": "goose",
    "wolves": "wolf",
    "shelves": "shelf",
    "leaves": "leaf",
    "knives": "knife",
}
# Words the suffix stripper would wreck ("evening" is not "even").
_KEEP = frozenset({"evening", "morning", "nothing", "something", "during", "thing", "everything"})


def stem(word: str) -> str:
    """A small suffix stripper: plurals, -ing, -ed, -er, -est, -ly and a final e.

    Only consistency matters (the same function runs on notes and questions): "stores",
    "stored" and "storing" all become "stor"; "tiles" and "tile" become "til".
    """
    if word in _KEEP:
        return word
    word = _NUMBERS.get(word) or _IRREGULAR.get(word, word)
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed", "est", "er", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "ls":
                word = word[:-1]  # putting -> put, winner -> win
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def stems(text: str, *, keep_stop_words: bool = False) -> list[str]:
    """The stems of the meaningful words in a text, in order."""
    return [stem(word) for word in surface_words(text) if keep_stop_words or word not in STOP_WORDS]


def synonym_table(groups: Iterable[tuple[str, ...]] = SYNONYM_GROUPS) -> dict[str, frozenset[str]]:
    """Stem -> the other stems a player might mean by it (a word may sit in several groups)."""
    table: dict[str, set[str]] = {}
    for group in groups:
        group_stems = {stem(w) for phrase in group for w in surface_words(phrase)}
        for member in group_stems:
            table.setdefault(member, set()).update(group_stems - {member})
    return {key: frozenset(values) for key, values in table.items()}


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment distance (a swap of neighbours counts 1), capped at limit + 1."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, char_b in enumerate(b, 1):
            cost = char_a != char_b
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def typo_limit(word: str) -> int:
    """How many slips a word of this length may carry and still be recognised."""
    if len(word) <= 3:
        return 0
    return 1 if len(word) <= 8 else 2
