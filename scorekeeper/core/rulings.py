"""House rulings: the points a rulebook leaves open, and the choices a table plays them by.

A title declares its open points as `Ruling`s (the rulebook's words, its default reading, the
other choices, the rule note that explains them); its engine is handed the table's choices as
`Rulings` and asks them for the value of each point. A line that a choice other than the
rulebook's decided names that ruling (`Line.ruling`), so the breakdown can say so.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.errors import InputError, Where

Value = int | str


@dataclass(frozen=True)
class Ruling:
    """A point a rulebook leaves open: `id` is title-local ("hearth-vp"), `default` is the
    rulebook's explicit reading, `choices` every value a table may play (the default first),
    `rule` the rule note that explains it, `words` the rulebook's own words and `about` what
    it decides, in a few words."""

    id: str
    about: str
    words: str
    default: Value
    choices: tuple[Value, ...]
    rule: str

    def check(self, value: object) -> Value:
        """The value if it is one of the choices (an int is not a str here, nor a bool an int)."""
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return choice
        raise InputError(f"expected one of {choices_text(self)}, got {value!r}")

    def from_text(self, text: str) -> Value:
        """A choice typed on the command line ("6", "next-player")."""
        for choice in self.choices:
            if str(choice) == text.strip():
                return choice
        raise InputError(f"expected one of {choices_text(self)}, got {text!r}")


def choices_text(ruling: Ruling) -> str:
    """'5, 6' or '"no-token", "next-player"': the choices as they are written in TOML."""
    return ", ".join(f'"{c}"' if isinstance(c, str) else str(c) for c in ruling.choices)


@dataclass(frozen=True)
class Rulings:
    """The choices a table plays by, title-local id -> value; a point not named takes the
    rulebook's reading. Hashable, so a session holding it stays comparable."""

    chosen: tuple[tuple[str, Value], ...] = ()

    def value(self, ruling: Ruling) -> Value:
        return dict(self.chosen).get(ruling.id, ruling.default)

    def is_house(self, ruling: Ruling) -> bool:
        """A choice other than the rulebook's decides this point."""
        return self.value(ruling) != ruling.default

    def over(self, base: Rulings) -> Rulings:
        """These choices, and `base`'s for the points these do not name."""
        named = dict(base.chosen) | dict(self.chosen)
        return Rulings(tuple(sorted(named.items())))

    def house(self, rulings: tuple[Ruling, ...]) -> Rulings:
        """Only the choices that differ from the rulebook's (what a saved file records)."""
        return Rulings(tuple((r.id, self.value(r)) for r in rulings if self.is_house(r)))


RULEBOOK = Rulings()
"""Every point as the rulebook reads it."""


def rulings_from_table(declared: tuple[Ruling, ...], raw: object, key: str) -> Rulings:
    """A `[rulings]` table (title-local id -> value) checked against a title's points; a bad
    id or value is an InputError naming `key`.id and what is allowed."""
    if not isinstance(raw, dict):
        raise InputError(f"expected a table, got {raw!r}", Where(key=key))
    by_id = {ruling.id: ruling for ruling in declared}
    chosen = []
    for name, value in raw.items():
        ruling = by_id.get(name)
        if ruling is None:
            allowed = ", ".join(by_id) or "none: this game has no house rulings"
            raise InputError(
                f"unknown house ruling; allowed: {allowed}", Where(key=f"{key}.{name}")
            )
        try:
            chosen.append((name, ruling.check(value)))
        except InputError as error:
            raise error.at(key=f"{key}.{name}") from None
    return Rulings(tuple(sorted(chosen)))
