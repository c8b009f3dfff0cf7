"""Metal Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..registry import pokemon
from .common import PLAIN

# Forretress: Continuous Spin; Rolling Shell (takes 50 less during the opponent's next turn).
pokemon(
    "sv1-139",
    (v.flip_until_tails(), v.damage_per_heads(), v.hit()),
    (v.hit(), v.lasting_on_self("less_damage", 50)),
)
pokemon("sv1-140", (v.opponent_condition("poisoned"),))  # Varoom: Poison Gas
pokemon("sv1-141", PLAIN)  # Varoom: Hammer In
# Iron Treads ex: Triple Laser (30 to 3 of the opponent's Pokémon); Cybernetic Wheels (then
# switch this Pokémon with 1 of your Benched Pokémon).
pokemon(
    "sv1-143",
    (v.ask_opponent_pokemon("targets", count=3), v.damage_picked(30, "targets")),
    (v.hit(), v.ask_own_bench("to"), v.switch_to_picked("to")),
)
