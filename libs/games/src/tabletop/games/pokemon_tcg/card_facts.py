"""Pokémon TCG's card catalog (`Game.card_catalog`): every card id a deck
(and so a view's `decks`) can hold — the sv1 set and the SVE basic Energy
cards — with what is printed on it. Read from `cards.catalog()`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from .cards import TYPE_NAMES, catalog, printed_facts


class _Facts(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Attack(_Facts):
    name: str
    cost: str  # energy letters, e.g. "LCC" (see `types`)
    damage: int  # the printed number, 0 when none
    modifier: str  # "", "+", "-" or "x" printed after the number
    text: str


class Ability(_Facts):
    name: str
    text: str


class PokemonTcgCard(_Facts):
    id: str  # "sv1-84", "sve-5"
    number: int
    name: str
    kind: Literal["pokemon", "trainer", "energy"]
    subtypes: list[str]  # "Basic", "Stage 1", "ex", "Item", "Supporter", …
    hp: int  # 0 unless a Pokémon
    type: str  # a Pokémon's type letter, else ""
    evolves_from: str | None
    weakness: str
    resistance: str
    retreat: int
    abilities: list[Ability]
    attacks: list[Attack]
    text: str  # a Trainer's rule text
    energy_type: str  # a basic Energy's type letter, else ""


class PokemonTcgCards(_Facts):
    game: Literal["pokemon-tcg"] = "pokemon-tcg"
    types: dict[str, str]  # energy letter -> type name ("L" -> "Lightning")
    cards: dict[str, PokemonTcgCard]


def card_catalog() -> PokemonTcgCards:
    return PokemonTcgCards(
        types=dict(TYPE_NAMES),
        cards={
            card_id: PokemonTcgCard.model_validate(printed_facts(card))
            for card_id, card in catalog().items()
        },
    )
