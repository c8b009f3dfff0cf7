"""Lightning Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..cards import Card
from ..damage import Passive
from ..effects import Ctx
from ..registry import pokemon
from ..state import Mon, State, card_of
from .common import PLAIN, bench_has_room, cant_attack_next_turn, on_heads, recoil

# Magnemite: Magnetic Switch (switch with 1 of your Benched Pokémon), Electro Ball.
pokemon("sv1-63", (v.ask_own_bench("to"), v.switch_to_picked("to")), PLAIN)
pokemon("sv1-64", PLAIN, recoil(90))  # Magneton: Lightning Ball, Explosion
# Magnezone ex: Energy Crush (50 per Energy on all the opponent's Pokémon), Pulse Launcher.
pokemon("sv1-65", (v.damage_times(v.energy_on_opponents_pokemon), v.hit()), recoil(30))
pokemon("sv1-66", PLAIN, PLAIN)  # Mareep
pokemon("sv1-67", on_heads("paralyzed"), PLAIN)  # Flaaffy


def _benched_lightning(ctx: Ctx) -> int:
    bench = ctx.state.sides[ctx.seat].bench
    return sum(1 for mon in bench if card_of(ctx.state, mon.card).type == "L")


def _cant_be_paralyzed(s: State, source: int, mon: Mon, condition: str) -> bool:
    return mon.card == source and condition == "paralyzed"


# Pachirisu: Electricity Pouches; Everyone Discharge (20 more per Benched Lightning, no Weakness).
pokemon(
    "sv1-68",
    (v.add_damage(_benched_lightning, 20), v.hit(weakness=False)),
    passive=Passive(prevents_condition=_cant_be_paralyzed),
)
# Rotom: Linear Attack (20 to 1 of the opponent's Pokémon).
pokemon("sv1-69", (v.ask_opponent_pokemon("target"), v.damage_picked(20, "target")))
pokemon("sv1-71", PLAIN)  # Toxel
# Toxtricity: Yank Away (2 random cards of their hand shuffled into their deck), Thunder.
pokemon("sv1-72", (v.random_cards_from_opponents_hand_to_deck(2),), recoil(20))
pokemon("sv1-73", on_heads("paralyzed"))  # Pawmi: Jolt
pokemon("sv1-74", PLAIN, PLAIN)  # Pawmi
pokemon("sv1-75", on_heads("paralyzed"), PLAIN)  # Pawmo
pokemon("sv1-77", (v.draw(1),), PLAIN)  # Wattrel: Collect, Glide
pokemon("sv1-78", PLAIN)  # Wattrel
# Kilowattrel: Skill Dive (50 to 1 of the opponent's Pokémon), Thunder Blast (discard a Lightning).
pokemon(
    "sv1-79",
    (v.ask_opponent_pokemon("target"), v.damage_picked(50, "target")),
    (v.hit(), v.ask_energy_on_self(1, energy_type="L"), v.discard_picked_energy()),
)
# Miraidon: Sharp Fang; Lightning Laser (also 30 to 1 of the opponent's Benched Pokémon).
pokemon("sv1-80", PLAIN, (v.hit(), v.ask_opponent_bench("target"), v.damage_picked(30, "target")))
# Miraidon ex: Tandem Unit (Ability: up to 2 Basic Lightning Pokémon onto the Bench);
# Photon Blaster.
pokemon(
    "sv1-81",
    cant_attack_next_turn(),
    ability=(
        v.ask_deck_to_bench("search_basic_lightning", v.is_basic_of_type("L"), 2),
        v.bench_picked(),
        v.shuffle_deck(),
    ),
    usable=bench_has_room,
)


def _item(c: Card) -> bool:
    return c.trainer_kind == "item"


def _basic_lightning_energy(c: Card) -> bool:
    return c.is_basic_energy and c.energy_type == "L"


def _deck_not_empty(s: State, seat: int, _: int) -> bool:
    return bool(s.sides[seat].deck)


# Rotom: Junk Hunt (an Item card from your discard pile into your hand), Thunder Shock.
pokemon(
    "sv1-70",
    (v.ask_discard("junk_hunt", _item, 1), v.picked_to_hand("discard", "found")),
    on_heads("paralyzed"),
)
# Pawmot: Electrogenesis (Ability: a basic Lightning Energy from your deck attached to it);
# Electro Paws (discard all Energy from this Pokémon).
pokemon(
    "sv1-76",
    (v.hit(), v.discard_all_energy_self()),
    ability=(
        v.ask_deck("search_lightning_energy", _basic_lightning_energy, 1),
        v.attach_picked_to_self("deck"),
        v.shuffle_deck(),
    ),
    usable=_deck_not_empty,
)
