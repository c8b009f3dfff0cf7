"""Shapes of attacks many cards share, and conditions for Abilities."""

from __future__ import annotations

from .. import vocabulary as v
from ..effects import Step
from ..events import Condition
from ..state import BENCH, State

PLAIN: tuple[Step, ...] = (v.hit(),)
NEXT_TURN = 2  # a lasting effect "during your next turn"


def recoil(amount: int) -> tuple[Step, ...]:
    """ "This Pokémon also does N damage to itself"."""
    return (v.hit(), v.self_damage(amount))


def on_heads(condition: Condition) -> tuple[Step, ...]:
    """ "Flip a coin. If heads, your opponent's Active Pokémon is now <condition>"."""
    return (v.hit(), v.flip_coins(1), v.if_heads(v.opponent_condition(condition)))


def cant_attack_next_turn() -> tuple[Step, ...]:
    """ "During your next turn, this Pokémon can't attack"."""
    return (v.hit(), v.lasting_on_self("cant_attack", turns=NEXT_TURN))


def stomp() -> tuple[Step, ...]:
    """ "Flip a coin. If tails, during your next turn, this Pokémon can't attack"."""
    return (
        v.hit(),
        v.flip_coins(1),
        v.if_tails(v.lasting_on_self("cant_attack", turns=NEXT_TURN)),
    )


def discard_own_energy(count: int, energy_type: str = "") -> tuple[Step, ...]:
    """ "Discard N (<type>) Energy from this Pokémon" (the attacker picks which)."""
    return (
        v.hit(),
        v.ask_energy_on_self(count, energy_type=energy_type),
        v.discard_picked_energy(),
    )


def bench_has_room(s: State, seat: int, _: int) -> bool:
    return len(s.sides[seat].bench) < BENCH and bool(s.sides[seat].deck)


def hand_not_empty(s: State, seat: int, _: int) -> bool:
    return bool(s.sides[seat].hand)


def opponent_has_bench(s: State, seat: int, _: int) -> bool:
    return bool(s.sides[1 - seat].bench)
