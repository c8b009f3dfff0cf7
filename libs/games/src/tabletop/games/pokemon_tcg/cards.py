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
from dataclasses import asdict, dataclass, field, fields
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

    # Derived once per card (not properties): the rules ask these on every step.
    is_pokemon: bool = field(init=False, repr=False, compare=False)
    is_basic_pokemon: bool = field(init=False, repr=False, compare=False)
    stage: int = field(init=False, repr=False, compare=False)  # 0 Basic, 1, 2 (Pokémon only)
    is_ex: bool = field(init=False, repr=False, compare=False)
    is_basic_energy: bool = field(init=False, repr=False, compare=False)
    # 'item', 'supporter', 'stadium' or 'tool' for Trainers, else ''.
    trainer_kind: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sub = self.subtypes
        stage = 2 if "Stage 2" in sub else 1 if "Stage 1" in sub else 0
        kind = ""
        if self.kind == "trainer":
            kind = "tool" if sub[0] == "Pokémon Tool" else sub[0].lower()
        derived = {
            "is_pokemon": self.kind == "pokemon",
            "is_basic_pokemon": self.kind == "pokemon" and "Basic" in sub,
            "stage": stage,
            "is_ex": "ex" in sub,
            "is_basic_energy": self.kind == "energy" and "Basic" in sub,
            "trainer_kind": kind,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)  # frozen: set once, here


def printed_facts(card: Card) -> dict[str, object]:
    """The card's printed fields (without the derived ones), as plain data."""
    printed = {f.name for f in fields(card) if f.init}
    return {name: value for name, value in asdict(card).items() if name in printed}


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
