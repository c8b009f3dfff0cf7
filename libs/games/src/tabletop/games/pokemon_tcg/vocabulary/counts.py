"""What attacks count ("N more damage for each ..."): functions of the
effect's context, used with `add_damage` and `damage_times` (attacks.py)."""

from __future__ import annotations

from collections.abc import Callable

from ..damage import retreat_cost
from ..effects import Ctx
from ..state import card_of

Count = Callable[[Ctx], int]


def counters_on_self(ctx: Ctx) -> int:
    me = ctx.me()
    return me.damage // 10 if me else 0


def counters_on_defender(ctx: Ctx) -> int:
    defender = ctx.state.sides[ctx.opponent].active
    return defender.damage // 10 if defender else 0


def energy_on_self(energy_type: str = "") -> Count:
    def count(ctx: Ctx) -> int:
        me = ctx.me()
        energy = me.energy if me else ()
        return sum(
            1 for e in energy if not energy_type or card_of(ctx.state, e).energy_type == energy_type
        )

    return count


def opponent_bench_size(ctx: Ctx) -> int:
    return len(ctx.state.sides[ctx.opponent].bench)


def energy_on_opponents_pokemon(ctx: Ctx) -> int:
    return sum(len(mon.energy) for mon in ctx.state.sides[ctx.opponent].mons())


def in_play_named(name: str) -> Count:
    def count(ctx: Ctx) -> int:
        mons = ctx.state.sides[ctx.seat].mons()
        return sum(1 for mon in mons if card_of(ctx.state, mon.card).name == name)

    return count


def defender_retreat_cost(ctx: Ctx) -> int:
    """Colorless in the opponent's Active Pokémon's Retreat Cost (after passives)."""
    defender = ctx.state.sides[ctx.opponent].active
    return retreat_cost(ctx.state, defender) if defender else 0
