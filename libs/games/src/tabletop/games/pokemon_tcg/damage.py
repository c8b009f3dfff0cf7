"""Damage from attacks, and the passives of cards in play that modify it.

Order (rulebook): the attack's base damage (with its own +, -, x) → the
attacking Pokémon's modifiers → Weakness x2 → Resistance -30 → the defending
Pokémon's modifiers. A base of 0 stays 0. Against a Benched Pokémon neither
Weakness nor Resistance applies.

A passive is what a card in play (a Pokémon's Ability, a Tool, the Stadium)
does to rules without being used: modify damage, prevent a special condition,
change a Retreat Cost. Every card in play is asked; each passive decides
whether it applies (a Tool only to the Pokémon it is attached to).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from .cards import card, catalog
from .state import CARDS, Mon, State, card_of, instances_of, is_active, per_game


@dataclass(frozen=True)
class Passive:
    # (state, source card, attacker, defender) -> damage added before Weakness
    attack_bonus: Callable[[State, int, Mon, Mon], int] | None = None
    # (state, source card, attacker, defender) -> damage removed after Resistance
    damage_reduction: Callable[[State, int, Mon, Mon], int] | None = None
    # (state, source card, Pokémon, condition) -> True prevents it
    prevents_condition: Callable[[State, int, Mon, str], bool] | None = None
    # (state, source card, Pokémon) -> change to its Retreat Cost
    retreat_delta: Callable[[State, int, Mon], int] | None = None
    # (state, source card, Pokémon) -> True: the Pokémon has no Weakness
    removes_weakness: Callable[[State, int, Mon], bool] | None = None
    # (state, source card, attacker, damaged Pokémon) -> damage counters put on the
    # attacker after an attack damaged that Pokémon (Rocky Helmet, Counterattack Quills)
    retaliation: Callable[[State, int, Mon, Mon], int] | None = None
    # (state, source card, Pokémon) -> True: it may evolve on its owner's first turn and
    # on the turn it came into play (Adaptive Evolution)
    evolves_early: Callable[[State, int, Mon], bool] | None = None
    # (state, source card, Pokémon) -> True: that Pokémon stays Poisoned when it evolves
    keeps_poison: Callable[[State, int, Mon], bool] | None = None


PASSIVES: dict[str, Passive] = {}


LOCK = "Mischievous Lock"  # Klefki: while Active, Basic Pokémon have no Abilities but this one


# The cards with that Ability, by id (looked up on every passive and Ability).
_LOCKERS = frozenset(i for i, c in catalog().items() if any(a.name == LOCK for a in c.abilities))


def abilities_off(state: State, mon: Mon) -> bool:
    """`mon` has no Abilities now (a Basic Pokémon while an Active Klefki locks them)."""
    cards = state.cards
    if card_of(state, mon.card).stage != 0 or cards[mon.card] in _LOCKERS:
        return False
    return any(
        side.active is not None and cards[side.active.card] in _LOCKERS for side in state.sides
    )


# The last answer with what it was computed from: the game's cards, each side's
# Active and Bench, the Stadium. Records are immutable, so the same objects (`is`)
# mean the same passives: a step that moves cards between hand, deck and discard
# keeps the Pokémon in play as they were, and asks again for free.
_Sources = tuple[tuple[int, Passive], ...]
_LAST_SOURCES: tuple[Any, ...] = (None, None, None, None, None, -2, ())


def sources(state: State) -> _Sources:
    """Every card in play that has a passive: Pokémon (their Abilities, unless
    switched off), Tools, the Stadium. A pure function of the cards in play, so
    remembered for the last ones asked about: enumerating one position, and the
    steps of one command, ask many times."""
    global _LAST_SOURCES
    last = _LAST_SOURCES  # one read: the record stays consistent across threads
    a, z = state.sides
    if (
        last[0] is state.cards
        and last[1] is a.active
        and last[2] is a.bench
        and last[3] is z.active
        and last[4] is z.bench
        and last[5] == state.stadium
    ):
        found_before: _Sources = last[6]
        return found_before
    cards = state.cards
    holders = _holders(cards)
    locked: bool | None = None  # asked at the first Pokémon with a passive
    found: list[tuple[int, Passive]] = []
    for side in state.sides:
        active = side.active
        for mon in (active, *side.bench) if active is not None else side.bench:
            if mon.card in holders:
                card = cards[mon.card]
                if locked is None:  # `abilities_off`'s lock, asked once: an Active Klefki
                    locked = any(
                        side.active is not None and cards[side.active.card] in _LOCKERS
                        for side in state.sides
                    )
                if not (locked and CARDS[card].stage == 0 and card not in _LOCKERS):
                    found.append((mon.card, PASSIVES[card]))
            if mon.tool in holders:  # -1 (no Tool) is no instance
                found.append((mon.tool, PASSIVES[cards[mon.tool]]))
    if state.stadium in holders:
        found.append((state.stadium, PASSIVES[cards[state.stadium]]))
    result = tuple(found)
    _LAST_SOURCES = (state.cards, a.active, a.bench, z.active, z.bench, state.stadium, result)
    return result


_HOOKS = tuple(f.name for f in fields(Passive))


@per_game
def _holders(cards: tuple[str, ...]) -> frozenset[int]:
    """The game's card instances that have a passive."""
    return instances_of(cards, PASSIVES.keys())


@per_game
def hooks(cards: tuple[str, ...]) -> frozenset[str]:
    """The `Passive` hooks some card of the game (any card of either deck) has: a hook
    no card has needs no look at the cards in play (the usual case: most decks have
    one or two kinds of passive, some none)."""
    passives = [p for card in set(cards) if (p := PASSIVES.get(card)) is not None]
    return frozenset(h for h in _HOOKS for p in passives if getattr(p, h) is not None)


def prevents_condition(state: State, mon: Mon, condition: str) -> bool:
    if "prevents_condition" not in hooks(state.cards):
        return False
    return any(
        p.prevents_condition(state, src, mon, condition)
        for src, p in sources(state)
        if p.prevents_condition
    )


def retreat_cost(state: State, mon: Mon) -> int:
    printed = CARDS[state.cards[mon.card]].retreat
    if "retreat_delta" not in hooks(state.cards):  # the usual case: no card changes it
        return max(0, printed)
    delta = sum(p.retreat_delta(state, src, mon) for src, p in sources(state) if p.retreat_delta)
    return max(0, printed + delta)


def has_weakness(state: State, mon: Mon, energy_type: str) -> bool:
    if energy_type not in card_of(state, mon.card).weakness:
        return False
    if "removes_weakness" not in hooks(state.cards):
        return True
    return not any(
        p.removes_weakness(state, src, mon) for src, p in sources(state) if p.removes_weakness
    )


def _marked(state: State, kind: str, instance: int) -> int:
    if not state.markers:
        return 0
    return sum(k.amount for k in state.markers if k.kind == kind and k.target == instance)


def is_marked(state: State, kind: str, instance: int) -> bool:
    if not state.markers:  # the usual case, without a generator
        return False
    return any(k.kind == kind and k.target == instance for k in state.markers)


def attack_damage(
    state: State,
    attacker: Mon,
    defender: Mon,
    base: int,
    *,
    weakness: bool = True,
    resistance: bool = True,
) -> int:
    """Damage an attack of `attacker` does to `defender` for a base of `base`."""
    if base <= 0:
        return 0
    if is_marked(state, "no_damage", defender.card):
        return 0
    from_basic = card_of(state, attacker.card).stage == 0
    if from_basic and is_marked(state, "no_damage_from_basic", defender.card):
        return 0
    against_active = is_active(state, defender.card)
    if not against_active and is_tera(state, defender):
        return 0
    amount = base
    found = hooks(state.cards)
    if against_active:
        if "attack_bonus" in found:
            amount += sum(
                p.attack_bonus(state, src, attacker, defender)
                for src, p in sources(state)
                if p.attack_bonus
            )
        amount -= _marked(state, "weaker_attacks", attacker.card)
    amount = max(0, amount)
    attacking_type = card_of(state, attacker.card).type
    if against_active and weakness and has_weakness(state, defender, attacking_type):
        amount *= 2
    if against_active and resistance and attacking_type in card_of(state, defender.card).resistance:
        amount -= 30
    amount -= _marked(state, "less_damage", defender.card)
    if "damage_reduction" in found:
        amount -= sum(
            p.damage_reduction(state, src, attacker, defender)
            for src, p in sources(state)
            if p.damage_reduction
        )
    return max(0, amount)


def evolves_early(state: State, mon: Mon) -> bool:
    if "evolves_early" not in hooks(state.cards):
        return False
    return any(p.evolves_early(state, src, mon) for src, p in sources(state) if p.evolves_early)


def keeps_poison(state: State, mon: Mon) -> bool:
    if "keeps_poison" not in hooks(state.cards):
        return False
    return any(p.keeps_poison(state, src, mon) for src, p in sources(state) if p.keeps_poison)


def retaliation(state: State, attacker: Mon, damaged: Mon) -> int:
    """Damage counters the attacker gets back for damaging `damaged`."""
    if "retaliation" not in hooks(state.cards):
        return 0
    return sum(
        p.retaliation(state, src, attacker, damaged) for src, p in sources(state) if p.retaliation
    )


def is_tera(state: State, mon: Mon) -> bool:
    """Tera rule: on the Bench, all damage from attacks (both players') is prevented."""
    return "Tera" in card_of(state, mon.card).subtypes


def hp(state: State, mon: Mon) -> int:
    return card_of(state, mon.card).hp


def is_ex(state: State, mon: Mon) -> bool:
    return card(state.cards[mon.card]).is_ex
