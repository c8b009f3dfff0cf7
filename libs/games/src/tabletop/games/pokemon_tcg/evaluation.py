"""Pokémon TCG's evaluation for bots (ADR 0014): prizes taken count most; then
what is in play (each Pokémon's remaining HP, with the prizes it would give
up, and the Energy on it, most for the Active Pokémon), cards in hand and the
deck left (a player who runs out of cards loses). A logistic of the strength
difference turns it into win shares."""

from __future__ import annotations

import math

from .state import Side, State, card_of

SHARPNESS = 0.35  # one prize ahead is worth about 0.7 of the win
PRIZE = 3.0
HP_PER_100 = 0.6  # 100 HP left in play, per Pokémon, weighted by the prizes it gives
ENERGY = 0.35
ACTIVE_ENERGY = 0.25  # extra for Energy on the Active Pokémon (it attacks)
HAND = 0.08
LOW_DECK = 0.3  # per card below 5 left in the deck


def _strength(state: State, seat: int, side: Side) -> float:
    taken = state.prize_count - len(side.prizes)
    total = PRIZE * taken + HAND * len(side.hand)
    for mon in side.mons():
        c = card_of(state, mon.card)
        worth = 2 if c.is_ex else 1
        total += HP_PER_100 * worth * max(0, c.hp - mon.damage) / 100
        total += ENERGY * len(mon.energy)
    if side.active is not None:
        total += ACTIVE_ENERGY * len(side.active.energy)
    total -= LOW_DECK * max(0, 5 - len(side.deck))
    return total


def shares(state: State) -> tuple[float, ...]:
    """Each seat's estimated share of the win."""
    lead = _strength(state, 0, state.sides[0]) - _strength(state, 1, state.sides[1])
    first = 1.0 / (1.0 + math.exp(-SHARPNESS * lead))
    return (first, 1.0 - first)
