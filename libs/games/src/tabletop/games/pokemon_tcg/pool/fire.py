"""Fire Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..cards import Card
from ..effects import Ask, Ctx, Step
from ..registry import pokemon
from ..state import State, card_of
from .common import PLAIN, discard_own_energy, recoil

pokemon("sv1-30", (v.flip_until_tails(), v.damage_per_heads(), v.hit()))  # Growlithe
# Arcanine ex: Raging Claws (10 more per damage counter on it), Bright Flame (discard 2 Fire).
pokemon(
    "sv1-32",
    (v.add_damage(v.counters_on_self, 10), v.hit()),
    discard_own_energy(2, energy_type="R"),
)
pokemon("sv1-33", PLAIN, PLAIN)  # Houndour
pokemon("sv1-34", PLAIN, discard_own_energy(1))  # Houndoom: Sharp Fang, Fire Blast
# Torkoal: Stampede; Concentrated Fire (a flip for each Fire Energy attached, 80 per heads).
pokemon(
    "sv1-35",
    PLAIN,
    (v.flip_coins_for(v.energy_on_self("R")), v.damage_per_heads(), v.hit()),
)
pokemon("sv1-36", PLAIN, PLAIN)  # Fuecoco
pokemon("sv1-37", PLAIN, PLAIN)  # Crocalor
pokemon("sv1-39", discard_own_energy(1))  # Charcadet: Ember
pokemon("sv1-40", PLAIN)  # Charcadet


def _basic_fire(c: Card) -> bool:
    return c.is_basic_energy and c.energy_type == "R"


# Growlithe: Stoke (up to 2 basic Fire Energy from your deck attached to it), Fire Claws.
pokemon(
    "sv1-31",
    (
        v.ask_deck("search_fire_energy", _basic_fire, 2),
        v.attach_picked_to_self("deck"),
        v.shuffle_deck(),
    ),
    PLAIN,
)


def _fire_on_bench(ctx: Ctx) -> Ask:
    bench = ctx.state.sides[ctx.seat].bench
    options = tuple(
        sorted(e for mon in bench for e in mon.energy if card_of(ctx.state, e).energy_type == "R")
    )
    return Ask("fire_off", options, key="energy")


def _fire_off_usable(s: State, seat: int, _: int) -> bool:
    side = s.sides[seat]
    return side.active is not None and any(
        card_of(s, e).energy_type == "R" for mon in side.bench for e in mon.energy
    )


def _to_active(ctx: Ctx) -> None:
    active = ctx.state.sides[ctx.seat].active
    for energy in ctx.picks("energy"):
        holder = next(b for b in ctx.state.sides[ctx.seat].bench if energy in b.energy)
        if active is not None:
            v.move_cards(ctx, (energy,), "energy", "energy", origin=holder.card, target=active.card)


# Armarouge: Fire Off (as often as you like: a Fire Energy from a Benched Pokémon to the Active
# Pokémon); Flame Cannon (Burned).
pokemon(
    "sv1-41",
    (v.hit(), v.opponent_condition("burned")),
    ability=(_fire_on_bench, _to_active),
    usable=_fire_off_usable,
    repeatable=True,
)


def _basic_energy(c: Card) -> bool:
    return c.is_basic_energy


def _target_if(energy_key: str, to_key: str) -> Step:
    def step(ctx: Ctx) -> Ask | None:
        if not ctx.picks(energy_key):
            return None
        options = tuple(mon.card for mon in ctx.state.sides[ctx.seat].mons())
        return Ask("attach_to", options, key=to_key)

    return step


def _attach_from_discard(energy_key: str, to_key: str) -> Step:
    def step(ctx: Ctx) -> None:
        for energy, to in zip(ctx.picks(energy_key), ctx.picks(to_key), strict=False):
            v.move_cards(ctx, (energy,), "discard", "energy", target=to)

    return step


# Skeledirge: Passionate Singing (attach up to 2 basic Energy from your discard pile to your
# Pokémon in any way you like), Blazing Shout.
pokemon(
    "sv1-38",
    (
        v.hit(),
        v.ask_discard("passionate_singing", _basic_energy, 1, key="e1"),
        _target_if("e1", "to1"),
        _attach_from_discard("e1", "to1"),
        v.ask_discard("passionate_singing", _basic_energy, 1, key="e2"),
        _target_if("e2", "to2"),
        _attach_from_discard("e2", "to2"),
    ),
    recoil(30),
)
