"""What the rules ask of a game's card instances step after step, derived once per
game (`state.per_game`) and read with one subscript: each instance's card, its
Energy type, and which instances have an Ability used from the main phase."""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card
from .registry import POOL
from .state import CARDS, instances_of, per_game


class Facts(NamedTuple):
    rows: tuple[Card, ...]  # each instance's card, without the card id's look-up
    types: tuple[str, ...]  # each instance's Energy type letter ('' for other cards)
    abilities: frozenset[int]  # instances whose card has an Ability used from the main phase


@per_game
def facts(cards: tuple[str, ...]) -> Facts:
    rows = tuple(map(CARDS.__getitem__, cards))
    with_ability = {card for card in set(cards) if (entry := POOL.get(card)) and entry.ability}
    return Facts(rows, tuple(row.energy_type for row in rows), instances_of(cards, with_ability))
