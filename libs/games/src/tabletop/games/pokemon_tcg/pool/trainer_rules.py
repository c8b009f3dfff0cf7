"""Conditions and card filters the Trainer modules share. A Trainer whose
effect would do nothing cannot be played (the `playable` conditions)."""

from __future__ import annotations

from collections.abc import Callable

from .. import vocabulary as v
from ..cards import Card
from ..effects import Ctx
from ..state import BENCH, Mon, State, card_of


def deck_not_empty(s: State, seat: int, _: int) -> bool:
    return bool(s.sides[seat].deck)


def has_bench(s: State, seat: int, _: int) -> bool:
    return bool(s.sides[seat].bench)


def opponent_has_bench(s: State, seat: int, _: int) -> bool:
    return bool(s.sides[1 - seat].bench)


def anyone_damaged(s: State, seat: int, _: int) -> bool:
    return any(mon.damage for side in s.sides for mon in side.mons())


def has_damaged(s: State, seat: int, _: int) -> bool:
    return any(mon.damage for mon in s.sides[seat].mons())


def bench_has_room(s: State, seat: int, _: int) -> bool:
    return len(s.sides[seat].bench) < BENCH and bool(s.sides[seat].deck)


def in_discard(where: v.Filter) -> Callable[[State, int, int], bool]:
    def playable(s: State, seat: int, _: int) -> bool:
        return not v.matching(s, where).isdisjoint(s.sides[seat].discard)

    return playable


def opponent_has_energy(s: State, seat: int, _: int) -> bool:
    return any(mon.energy for mon in s.sides[1 - seat].mons())


def energy_can_move(s: State, seat: int, _: int) -> bool:
    mons = s.sides[seat].mons()
    return len(mons) >= 2 and any(mon.energy for mon in mons)


def two_pokemon(s: State, seat: int, _: int) -> bool:
    # Penny on your only Pokémon would leave you none in play: not allowed (a decision).
    return len(s.sides[seat].mons()) >= 2


# -------------------------------------------------------------- filters
def basic_energy(c: Card) -> bool:
    return c.is_basic_energy


def supporter(c: Card) -> bool:
    return c.trainer_kind == "supporter"


def item(c: Card) -> bool:
    return c.trainer_kind == "item"


def tool(c: Card) -> bool:
    return c.trainer_kind == "tool"


def pokemon(c: Card) -> bool:
    return c.is_pokemon


def evolution(c: Card) -> bool:
    return c.is_pokemon and c.stage > 0


def basic_in_play(ctx: Ctx, mon: Mon) -> bool:
    return card_of(ctx.state, mon.card).stage == 0
