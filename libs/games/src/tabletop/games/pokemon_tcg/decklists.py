"""Deck lists in the Pokémon TCG Live text format, and the deck rules.

    Pokémon: 12
    4 Ralts SVI 84
    Trainer: 36
    4 Nest Ball SVI 181
    Energy: 12
    12 Basic {P} Energy SVE 5

A card line is `COUNT NAME SET NUMBER`. Sets: `SVI` (Scarlet & Violet base,
our `sv1`) and `SVE` (basic Energy; SVE 1-8 = G R W L P F D M). Basic Energy
may also be written without a set, as `10 Psychic Energy`, `10 Basic Psychic
Energy` or `10 Basic {P} Energy` (TCG Live writes the `{P}` form). A section
header's count must match its lines; `Total Cards: 60` lines are ignored.

Deck rules (validate): exactly 60 cards; at most 4 with the same name except
basic Energy (a Pokémon and its ex are different names); at least one Basic
Pokémon; every card known and implemented. An evolution card without the
Pokémon it evolves from is only a warning.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field

from .cards import TYPE_NAMES, basic_energy_id, catalog

DECK_SIZE = 60
MAX_COPIES = 4

_SECTION = re.compile(r"^(pok[eé]mon|trainer|energy)\s*:\s*(\d+)\s*$", re.IGNORECASE)
_TOTAL = re.compile(r"^total cards\s*:\s*\d+\s*$", re.IGNORECASE)
_CARD = re.compile(r"^(\d+)\s+(.+?)\s+([A-Z]{2,4})\s+(\d+)$")
_ENERGY = re.compile(r"^(\d+)\s+(?:basic\s+)?(\{[A-Z]\}|[A-Za-z]+)\s+energy$", re.IGNORECASE)
_SETS = {"SVI": "sv1", "SVE": "sve"}
_KIND_OF_SECTION = {"pokemon": "pokemon", "trainer": "trainer", "energy": "energy"}


class DeckListError(ValueError):
    """A deck list that cannot be read or breaks the deck rules; `errors`
    lists every problem found, one line each."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("; ".join(errors))
        self.errors = errors


@dataclass(frozen=True)
class DeckList:
    entries: tuple[tuple[int, str], ...]  # (count, card id) in list order
    warnings: tuple[str, ...] = field(default=())

    def cards(self) -> tuple[str, ...]:
        """One card id per card, in list order."""
        return tuple(cid for count, cid in self.entries for _ in range(count))


def _fold(text: str) -> str:
    """Accents and case do not matter in names ("Pokemon" = "Pokémon")."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in plain if not unicodedata.combining(ch)).casefold()


def _energy_letter(word: str) -> str | None:
    if word.startswith("{") and word[1:-1] in TYPE_NAMES and word[1:-1] != "C":
        return word[1:-1]
    for letter, name in TYPE_NAMES.items():
        if letter != "C" and _fold(name) == _fold(word):
            return letter
    return None


def _name_matches(written: str, card_name: str) -> bool:
    written = re.sub(r"\{([A-Z])\}", lambda m: TYPE_NAMES.get(m[1], m[1]), written)
    # "Professor's Research" names both printings "(Professor Sada)" / "(Professor Turo)".
    return _fold(card_name) == _fold(written) or _fold(card_name).startswith(_fold(written) + " (")


def _parse_line(line: str) -> tuple[int, str] | str:
    """(count, card id) or an error message."""
    energy = _ENERGY.match(line)
    if energy:
        letter = _energy_letter(energy[2])
        if letter is None:
            return f"unknown Energy type in {line!r}"
        return int(energy[1]), basic_energy_id(letter)
    match = _CARD.match(line)
    if match is None:
        return f"cannot read {line!r} (expected 'COUNT NAME SET NUMBER')"
    count, name, set_code, number = int(match[1]), match[2], match[3], int(match[4])
    if set_code not in _SETS:
        return f"{line!r}: set {set_code} is not supported (only SVI and SVE)"
    card_id = f"{_SETS[set_code]}-{number}"
    known = catalog().get(card_id)
    if known is None:
        return f"{line!r}: there is no card {set_code} {number}"
    if not _name_matches(name, known.name):
        return f"{line!r}: {set_code} {number} is {known.name}, not {name}"
    return count, card_id


def parse(text: str) -> DeckList:
    """Read a deck list (no rule checks beyond the format; see `validate`)."""
    errors: list[str] = []
    entries: list[tuple[int, str]] = []
    section: str | None = None
    declared: dict[str, int] = {}
    counted: Counter[str] = Counter()
    for raw in text.splitlines():
        line = raw.strip()
        if not line or _TOTAL.match(line):
            continue
        header = _SECTION.match(line)
        if header:
            section = _fold(header[1])
            declared[section] = int(header[2])
            continue
        parsed = _parse_line(line)
        if isinstance(parsed, str):
            errors.append(parsed)
            continue
        count, card_id = parsed
        if count < 1:
            errors.append(f"{line!r}: a count must be at least 1")
            continue
        kind = catalog()[card_id].kind
        if section is not None and _KIND_OF_SECTION[section] != kind:
            errors.append(f"{line!r} is a {kind} card listed under {section}")
        counted[kind] += count
        entries.append((count, card_id))
    for section_name, number in declared.items():
        if counted[_KIND_OF_SECTION[section_name]] != number:
            errors.append(
                f"section {section_name} says {number} cards but lists "
                f"{counted[_KIND_OF_SECTION[section_name]]}"
            )
    if errors:
        raise DeckListError(errors)
    return DeckList(tuple(entries))


def validate(deck: DeckList, implemented: Collection[str]) -> DeckList:
    """Check the deck rules; return the deck with its warnings, or raise
    DeckListError listing every broken rule."""
    cards = catalog()
    errors: list[str] = []
    total = sum(count for count, _ in deck.entries)
    if total != DECK_SIZE:
        errors.append(f"a deck has exactly {DECK_SIZE} cards, this one has {total}")
    by_name: Counter[str] = Counter()
    for count, cid in deck.entries:
        c = cards[cid]
        if not c.is_basic_energy:
            by_name[c.name.split(" (")[0]] += count
        if cid not in implemented:
            errors.append(f"{c.name} ({cid}) is not implemented yet, so it cannot be played")
    for name, count in sorted(by_name.items()):
        if count > MAX_COPIES:
            errors.append(f"at most {MAX_COPIES} cards named {name}, this deck has {count}")
    if not any(cards[cid].is_basic_pokemon for _, cid in deck.entries):
        errors.append("a deck needs at least one Basic Pokémon")
    if errors:
        raise DeckListError(sorted(set(errors), key=errors.index))
    names = {cards[cid].name for _, cid in deck.entries}
    warnings = tuple(
        f"{cards[cid].name} evolves from {cards[cid].evolves_from}, which is not in the deck"
        for _, cid in deck.entries
        if cards[cid].evolves_from and cards[cid].evolves_from not in names
    )
    return DeckList(deck.entries, tuple(dict.fromkeys(warnings)))


def load(text: str, implemented: Collection[str]) -> DeckList:
    """`parse` then `validate`."""
    return validate(parse(text), implemented)
