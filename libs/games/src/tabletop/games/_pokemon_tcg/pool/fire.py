"""Fire Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..cards import Card
from ..registry import pokemon
from .common import PLAIN, discard_own_energy

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
