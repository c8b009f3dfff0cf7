"""Card facts: the Scarlet & Violet base set (sv1) as typed, immutable models.

The data file `data/sv1.json` is derived from the pokemontcg.io export by
`data/derive.py` (provenance in docs/games/pokemon-tcg.md). Basic Energy cards
are not all in sv1 (only Lightning and Fighting are), so the eight basic
Energy cards of the SVE set are defined here, ids `sve-1` .. `sve-8`.

Energy types are one letter: G(rass) R (fiRe) W(ater) L(ightning) P(sychic)
F(ighting) D(arkness) M(etal), and C for Colorless in costs.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

TYPES = "GRWLPFDM"
TYPE_NAMES = {
    "G": "Grass",
    "R": "Fire",
    "W": "Water",
    "L": "Lightning",
    "P": "Psychic",
    "F": "Fighting",
    "D": "Darkness",
    "M": "Metal",
    "C": "Colorless",
}

_DAMAGE = re.compile("^(\\d*)([+\u00d7-]?)$")  # \u00d7: the printed times sign


@dataclass(frozen=True, slots=True)
class Attack:
    name: str
    cost: str  # energy letters, e.g. "LCC"
    damage: int  # the printed number (0 when none)
    modifier: str  # "", "+", "-" or "x" (printed as a times sign) after the number
    text: str


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Card:
    id: str  # "sv1-84", "sve-5"
    number: int
    name: str
    kind: str  # "pokemon" | "trainer" | "energy"
    subtypes: tuple[str, ...]
    hp: int = 0
    type: str = ""  # Pokémon type letter
    evolves_from: str | None = None
    weakness: str = ""
    resistance: str = ""
    retreat: int = 0
    abilities: tuple[Ability, ...] = ()
    attacks: tuple[Attack, ...] = ()
    text: str = ""  # a Trainer's rule text
    energy_type: str = ""  # a basic Energy's type letter

    @property
    def is_pokemon(self) -> bool:
        return self.kind == "pokemon"

    @property
    def is_basic_pokemon(self) -> bool:
        return self.kind == "pokemon" and "Basic" in self.subtypes

    @property
    def stage(self) -> int:
        """0 Basic, 1 Stage 1, 2 Stage 2 (only meaningful for Pokémon)."""
        return 2 if "Stage 2" in self.subtypes else 1 if "Stage 1" in self.subtypes else 0

    @property
    def is_ex(self) -> bool:
        return "ex" in self.subtypes

    @property
    def is_basic_energy(self) -> bool:
        return self.kind == "energy" and "Basic" in self.subtypes

    @property
    def trainer_kind(self) -> str:
        """'item', 'supporter', 'stadium' or 'tool' for Trainers, else ''."""
        if self.kind != "trainer":
            return ""
        sub = self.subtypes[0]
        return "tool" if sub == "Pokémon Tool" else sub.lower()


def _attack(raw: dict) -> Attack:
    match = _DAMAGE.match(raw["damage"])
    if match is None:
        raise ValueError(f"unreadable damage {raw['damage']!r}")
    number, modifier = match.groups()
    modifier = "x" if modifier == "\u00d7" else modifier
    return Attack(raw["name"], raw["cost"], int(number or 0), modifier, raw["text"])


def _card(raw: dict) -> Card:
    energy_type = ""
    if raw["kind"] == "energy":
        energy_type = next(k for k, v in TYPE_NAMES.items() if f"Basic {v} Energy" == raw["name"])
    return Card(
        id=raw["id"],
        number=raw["number"],
        name=raw["name"],
        kind=raw["kind"],
        subtypes=tuple(raw["subtypes"]),
        hp=raw.get("hp", 0),
        type=raw.get("type", ""),
        evolves_from=raw.get("evolves_from"),
        weakness=raw.get("weakness", ""),
        resistance=raw.get("resistance", ""),
        retreat=raw.get("retreat", 0),
        abilities=tuple(Ability(a["name"], a["text"]) for a in raw.get("abilities", ())),
        attacks=tuple(_attack(a) for a in raw.get("attacks", ())),
        text=raw.get("text", ""),
        energy_type=energy_type,
    )


def _basic_energy(number: int, letter: str) -> Card:
    return Card(
        id=f"sve-{number}",
        number=number,
        name=f"Basic {TYPE_NAMES[letter]} Energy",
        kind="energy",
        subtypes=("Basic",),
        energy_type=letter,
    )


@cache
def catalog() -> dict[str, Card]:
    """Every known card by id: sv1 plus the eight SVE basic Energy cards."""
    raw = json.loads(resources.files(__package__).joinpath("data", "sv1.json").read_text("utf-8"))
    cards = {c.id: c for c in map(_card, raw)}
    for number, letter in enumerate(TYPES, start=1):
        energy = _basic_energy(number, letter)
        cards[energy.id] = energy
    return cards


def card(card_id: str) -> Card:
    return catalog()[card_id]


def basic_energy_id(letter: str) -> str:
    """The canonical card id of the basic Energy of type `letter`."""
    return f"sve-{TYPES.index(letter) + 1}"
