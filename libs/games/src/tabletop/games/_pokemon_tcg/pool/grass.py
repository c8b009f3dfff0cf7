"""Grass Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..damage import Passive
from ..registry import pokemon
from ..state import Mon, State, is_active, owner
from .common import PLAIN, on_heads

pokemon("sv1-1", (v.hit(), v.lasting_on_self("less_damage", 30)))  # Pineco: Guard Press
# Heracross: Superpowered Throw (30 more per Colorless in the Defending's Retreat Cost);
# Horn Attack.
pokemon("sv1-2", (v.add_damage(v.defender_retreat_cost, 30), v.hit()), PLAIN)
pokemon("sv1-3", (v.hit(), v.heal_self(10)))  # Shroomish: Absorb
pokemon("sv1-4", PLAIN)  # Breloom
pokemon("sv1-11", PLAIN, PLAIN)  # Skiddo
pokemon("sv1-12", (v.flip_coins(1), v.if_heads(v.more_damage(30)), v.hit()), PLAIN)  # Gogoat
pokemon("sv1-13", PLAIN, PLAIN)  # Sprigatito
pokemon("sv1-14", PLAIN, PLAIN)  # Floragato
# Tarountula: String Haul (flip; heads: switch in 1 of the opponent's Benched Pokémon), Bug Bite.
pokemon(
    "sv1-16",
    (v.flip_coins(1), v.if_heads(v.ask_opponent_bench("to")), v.gust_picked("to")),
    PLAIN,
)
pokemon("sv1-17", on_heads("paralyzed"))  # Tarountula: String Shot
pokemon("sv1-18", (v.flip_coins(1), v.nothing_if_tails(), v.hit()))  # Tarountula: Surprise Attack


def _trap_territory(s: State, source: int, mon: Mon) -> int:
    """Spidops ex: the opponent's Active Pokémon's Retreat Cost is 1 Colorless more."""
    return 1 if owner(mon.card) != owner(source) and is_active(s, mon.card) else 0


# Spidops ex: Trap Territory; Wire Hang (30 more per Colorless in the Defending's Retreat Cost).
pokemon(
    "sv1-19",
    (v.add_damage(v.defender_retreat_cost, 30), v.hit()),
    passive=Passive(retreat_delta=_trap_territory),
)
pokemon("sv1-20", PLAIN)  # Smoliv
pokemon("sv1-24", (v.flip_coins(3), v.damage_per_heads(), v.hit()))  # Toedscool: Furious Kicks
pokemon("sv1-25", (v.opponent_condition("asleep"),), PLAIN)  # Toedscool: Spore, Ram
pokemon("sv1-27", on_heads("burned"))  # Capsakid: Slightly Spicy
# Scovillain: Hot Bite (Burned); Super Spicy Breath (90 more with any Fire Energy attached).
pokemon(
    "sv1-29",
    (v.hit(), v.opponent_condition("burned")),
    (v.add_damage_if(lambda ctx: v.energy_on_self("R")(ctx) > 0, 90), v.hit()),
)
