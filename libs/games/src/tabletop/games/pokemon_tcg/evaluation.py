"""Pokémon TCG's evaluation for bots (ADR 0014): prizes taken count most; then
what is in play (each Pokémon's remaining HP, with the prizes it would give
up, its stage, and the Energy on it up to what its costliest attack needs, more
for the Active Pokémon), what the Active Pokémon's attacks could do to the
opponent's Active right now (a Knock Out is worth part of its prizes), an
empty Bench (the Active's Knock Out would lose the game), cards in hand and
the deck left (a player who runs out of cards loses). A logistic of the
strength difference turns it into win shares.

Against the first version (HP, Energy, hand and deck only) the greedy policy
won 78 of 140 games and ismcts:100 9 of 16, random prebuilt pairs."""

from __future__ import annotations

import math
from functools import cache

from .cards import card
from .main_phase import energy_meets
from .state import Side, State, card_of

SHARPNESS = 0.35  # one prize ahead is worth about 0.7 of the win
PRIZE = 3.0
HP_PER_100 = 0.6  # 100 HP left in play, per Pokémon, weighted by the prizes it gives
ENERGY = 0.35  # per Energy attached, up to the costliest attack's cost
ACTIVE_ENERGY = 0.25  # extra for Energy on the Active Pokémon (it attacks)
STAGE = 0.3  # per evolution stage in play
NO_BENCH = 1.0  # an Active Pokémon alone: its Knock Out loses the game
KNOCK_OUT = 0.5  # per prize an attack of the Active Pokémon could take now
DAMAGE_PER_100 = 0.4  # an attack it could make now that does not Knock Out
HAND = 0.08
LOW_DECK = 0.3  # per card below 5 left in the deck


@cache
def _costliest(card_id: str) -> int:
    return max((len(a.cost) for a in card(card_id).attacks), default=0)


def _threat(state: State, side: Side, foe: Side) -> float:
    """What the Active Pokémon's best payable attack (printed damage, Weakness
    and Resistance) would do to the opponent's Active Pokémon."""
    mon, target = side.active, foe.active
    if mon is None or target is None:
        return 0.0
    attacker, defender = card_of(state, mon.card), card_of(state, target.card)
    best = 0
    for attack in attacker.attacks:
        if attack.damage and energy_meets(state, mon.energy, attack.cost):
            damage = attack.damage
            if attacker.type and attacker.type in defender.weakness:
                damage *= 2
            if attacker.type and attacker.type in defender.resistance:
                damage = max(0, damage - 30)
            best = max(best, damage)
    if best >= defender.hp - target.damage:
        return KNOCK_OUT * (2 if defender.is_ex else 1)
    return DAMAGE_PER_100 * best / 100


def _strength(state: State, side: Side, foe: Side) -> float:
    taken = state.prize_count - len(side.prizes)
    total = PRIZE * taken + HAND * len(side.hand)
    for mon in side.mons():
        c = card_of(state, mon.card)
        worth = 2 if c.is_ex else 1
        total += HP_PER_100 * worth * max(0, c.hp - mon.damage) / 100
        total += ENERGY * min(len(mon.energy), max(1, _costliest(c.id)))
        total += STAGE * c.stage
    if side.active is not None:
        total += ACTIVE_ENERGY * len(side.active.energy)
        total += _threat(state, side, foe)
        if not side.bench:
            total -= NO_BENCH
    total -= LOW_DECK * max(0, 5 - len(side.deck))
    return total


def shares(state: State) -> tuple[float, ...]:
    """Each seat's estimated share of the win."""
    first, second = state.sides
    lead = _strength(state, first, second) - _strength(state, second, first)
    share = 1.0 / (1.0 + math.exp(-SHARPNESS * lead))
    return (share, 1.0 - share)
