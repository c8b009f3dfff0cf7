"""The implemented Pokémon, each written from its printed text with the
vocabulary (vocabulary.py). Importing this module registers them.

A card goes here only when every attack and Ability on it does exactly what
its text says; reprints are registered with it (registry.py).
"""

from __future__ import annotations

from .damage import Passive
from .effects import Ctx, Step
from .registry import pokemon
from .state import BENCH, Mon, State, card_of, owner
from .vocabulary import (
    ask_deck_to_bench,
    ask_energy_on_self,
    ask_opponent_bench,
    ask_opponent_pokemon,
    ask_own_bench,
    bench_picked,
    damage_per_heads,
    damage_picked,
    discard_picked_energy,
    discard_stadium,
    draw,
    flip_coins,
    flip_until_tails,
    hand_to_deck_bottom,
    heal_self,
    hit,
    if_heads,
    is_basic_of_type,
    lasting_on_defender,
    lasting_on_self,
    more_damage,
    nothing_if_tails,
    opponent_condition,
    self_condition,
    self_damage,
    shuffle_deck,
    switch_to_picked,
)

PLAIN: tuple[Step, ...] = (hit(),)


def _recoil(amount: int) -> tuple[Step, ...]:
    """ "This Pokémon also does N damage to itself"."""
    return (hit(), self_damage(amount))


def _paralyze_on_heads() -> tuple[Step, ...]:
    """ "Flip a coin. If heads, your opponent's Active Pokémon is now Paralyzed"."""
    return (hit(), flip_coins(1), if_heads(opponent_condition("paralyzed")))


# ------------------------------------------------------------------ Grass
pokemon("sv1-11", PLAIN, PLAIN)  # Skiddo
pokemon("sv1-13", PLAIN, PLAIN)  # Sprigatito
pokemon("sv1-14", PLAIN, PLAIN)  # Floragato
pokemon("sv1-17", _paralyze_on_heads())  # Tarountula: String Shot
pokemon("sv1-18", (flip_coins(1), nothing_if_tails(), hit()))  # Tarountula: Surprise Attack
pokemon("sv1-20", PLAIN)  # Smoliv
pokemon("sv1-24", (flip_coins(3), damage_per_heads(), hit()))  # Toedscool: Furious Kicks
pokemon("sv1-25", (opponent_condition("asleep"),), PLAIN)  # Toedscool: Spore, Ram
pokemon("sv1-3", (hit(), heal_self(10)))  # Shroomish: Absorb
pokemon("sv1-4", PLAIN)  # Breloom
pokemon("sv1-12", (flip_coins(1), if_heads(more_damage(30)), hit()), PLAIN)  # Gogoat

# ------------------------------------------------------------------ Fire
pokemon("sv1-30", (flip_until_tails(), damage_per_heads(), hit()))  # Growlithe
pokemon("sv1-33", PLAIN, PLAIN)  # Houndour
pokemon("sv1-36", PLAIN, PLAIN)  # Fuecoco
pokemon("sv1-37", PLAIN, PLAIN)  # Crocalor
pokemon("sv1-40", PLAIN)  # Charcadet

# ------------------------------------------------------------------ Water
pokemon("sv1-46", PLAIN, PLAIN)  # Buizel
pokemon("sv1-49", PLAIN)  # Clauncher
pokemon("sv1-52", PLAIN, PLAIN)  # Quaxly
pokemon("sv1-53", PLAIN, PLAIN)  # Quaxwell
pokemon("sv1-58", PLAIN)  # Cetoddle
pokemon("sv1-59", PLAIN, PLAIN)  # Cetoddle
# Alomomola: Aqua Slash "During your next turn, this Pokémon can't attack."
pokemon("sv1-48", PLAIN, (hit(), lasting_on_self("cant_attack", turns=2)))
pokemon("sv1-50", PLAIN, (hit(), lasting_on_self("cant_attack", turns=2)))  # Clawitzer

# -------------------------------------------------------------- Lightning
# Magnemite: Magnetic Switch, Electro Ball.
pokemon("sv1-63", (ask_own_bench("to"), switch_to_picked("to")), PLAIN)
pokemon("sv1-64", PLAIN, _recoil(90))  # Magneton: Explosion
pokemon("sv1-66", PLAIN, PLAIN)  # Mareep
pokemon("sv1-67", _paralyze_on_heads(), PLAIN)  # Flaaffy
pokemon("sv1-71", PLAIN)  # Toxel
pokemon("sv1-73", _paralyze_on_heads())  # Pawmi: Jolt
pokemon("sv1-74", PLAIN, PLAIN)  # Pawmi
pokemon("sv1-75", _paralyze_on_heads(), PLAIN)  # Pawmo
pokemon("sv1-77", (draw(1),), PLAIN)  # Wattrel: Collect, Glide
pokemon("sv1-78", PLAIN)  # Wattrel
# Kilowattrel: Skill Dive (50 to 1 of the opponent's Pokémon), Thunder Blast.
pokemon(
    "sv1-79",
    (ask_opponent_pokemon("target"), damage_picked(50, "target")),
    (hit(), ask_energy_on_self(1, energy_type="L"), discard_picked_energy()),
)
# Rotom: Linear Attack (20 to 1 of the opponent's Pokémon).
pokemon("sv1-69", (ask_opponent_pokemon("target"), damage_picked(20, "target")))
# Miraidon: Sharp Fang; Lightning Laser also does 30 to 1 of the opponent's Benched Pokémon.
pokemon("sv1-80", PLAIN, (hit(), ask_opponent_bench("target"), damage_picked(30, "target")))


def _benched_lightning(ctx: Ctx) -> None:
    """Pachirisu's Everyone Discharge: 20 more for each of your Benched Lightning Pokémon."""
    bench = ctx.state.sides[ctx.seat].bench
    ctx.vars["damage"] += 20 * sum(1 for mon in bench if card_of(ctx.state, mon.card).type == "L")


def _cant_be_paralyzed(s: State, source: int, mon: Mon, condition: str) -> bool:
    return mon.card == source and condition == "paralyzed"


pokemon(
    "sv1-68",
    (_benched_lightning, hit(weakness=False)),
    passive=Passive(prevents_condition=_cant_be_paralyzed),
)

# ------------------------------------------------------------- Fighting
pokemon("sv1-107", _recoil(10))  # Mankey: Monkey Beatdown
pokemon("sv1-108", _recoil(20))  # Primeape: Raging Punch
pokemon("sv1-110", (hit(resistance=False),))  # Meditite: Feint
pokemon("sv1-112", PLAIN, PLAIN)  # Riolu
pokemon("sv1-113", PLAIN, _recoil(20))  # Riolu: Punch, Reckless Charge
pokemon("sv1-115", PLAIN, PLAIN)  # Sandile
pokemon("sv1-119", PLAIN)  # Silicobra
pokemon("sv1-122", PLAIN, (hit(), self_condition("confused")))  # Klawf: Adrenaline Hammer
# Great Tusk ex: Bedrock Breaker (discard a Stadium in play), Gigantic Tusks.
pokemon("sv1-123", (hit(), discard_stadium()), _recoil(50))


def _exoskeleton(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """Stonjourner: this Pokémon takes 20 less damage from attacks."""
    return 20 if defender.card == source else 0


pokemon("sv1-121", PLAIN, passive=Passive(damage_reduction=_exoskeleton))

# ------------------------------------------------------------- Darkness
pokemon("sv1-126", (hit(), opponent_condition("poisoned")))  # Grimer: Super Poison Breath
pokemon("sv1-130", PLAIN, PLAIN)  # Croagunk
pokemon("sv1-132", PLAIN, PLAIN)  # Pawniard
pokemon("sv1-133", PLAIN, _recoil(30))  # Bisharp: Dark Cutter, Double-Edged Slash
pokemon("sv1-135", PLAIN, PLAIN)  # Maschiff


def _venoshock(ctx: Ctx) -> None:
    """Seviper: 120 more damage if the opponent's Active Pokémon is Poisoned."""
    if ctx.state.sides[ctx.opponent].poison:
        ctx.vars["damage"] += 120


pokemon("sv1-128", (opponent_condition("poisoned"),), (_venoshock, hit()))  # Seviper


def _leadership(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """Kingambit: your Basic Pokémon's attacks do 30 more damage to the
    opponent's Active Pokémon (before Weakness and Resistance)."""
    mine = owner(attacker.card) == owner(source)
    return 30 if mine and card_of(s, attacker.card).stage == 0 else 0


pokemon("sv1-134", PLAIN, passive=Passive(attack_bonus=_leadership))  # Kingambit

# ---------------------------------------------------------------- Metal
pokemon("sv1-140", (opponent_condition("poisoned"),))  # Varoom: Poison Gas
pokemon("sv1-141", PLAIN)  # Varoom
# Forretress: Continuous Spin; Rolling Shell (takes 50 less during the opponent's next turn).
pokemon(
    "sv1-139",
    (flip_until_tails(), damage_per_heads(), hit()),
    (hit(), lasting_on_self("less_damage", 50)),
)
pokemon("sv1-1", (hit(), lasting_on_self("less_damage", 30)))  # Pineco: Guard Press

# ------------------------------------------------------------- Colorless
pokemon("sv1-146", PLAIN)  # Zangoose
pokemon("sv1-148", PLAIN)  # Starly
pokemon("sv1-149", PLAIN, PLAIN)  # Staravia
pokemon("sv1-155", (draw(1),), PLAIN)  # Lechonk: Collect, Tackle
pokemon("sv1-156", (flip_coins(1), nothing_if_tails(), hit()))  # Lechonk: Whimsy Tackle
pokemon("sv1-159", PLAIN)  # Tandemaus
pokemon("sv1-160", (flip_coins(2), damage_per_heads(), hit()))  # Tandemaus: Double Hit
pokemon("sv1-163", _recoil(10))  # Cyclizar: Reckless Charge
pokemon("sv1-164", (draw(2),), PLAIN)  # Cyclizar: Touring, Speed Attack
pokemon("sv1-165", PLAIN, _recoil(20))  # Flamigo: Flap, Nosedive
pokemon("sv1-144", PLAIN, (flip_until_tails(), damage_per_heads(), hit()))  # Chansey


def _hand_not_empty(s: State, seat: int, _: int) -> bool:
    return bool(s.sides[seat].hand)


def _draw_if_moved(ctx: Ctx) -> None:
    if ctx.vars.get("moved"):
        ctx.b.draw(ctx.seat, 1)


# Skwovet: Nest Stash (Ability), Bite.
pokemon(
    "sv1-151",
    PLAIN,
    ability=(hand_to_deck_bottom(), _draw_if_moved),
    usable=_hand_not_empty,
)


def _bench_has_room(s: State, seat: int, _: int) -> bool:
    return len(s.sides[seat].bench) < BENCH and bool(s.sides[seat].deck)


# Miraidon ex: Tandem Unit (Ability), Photon Blaster.
pokemon(
    "sv1-81",
    (hit(), lasting_on_self("cant_attack", turns=2)),
    ability=(
        ask_deck_to_bench("search_basic_lightning", is_basic_of_type("L"), 2),
        bench_picked(),
        shuffle_deck(),
    ),
    usable=_bench_has_room,
)


def _per_defender_energy(amount: int) -> Step:
    """N more damage for each Energy attached to the opponent's Active Pokémon."""

    def step(ctx: Ctx) -> None:
        defender = ctx.state.sides[ctx.opponent].active
        ctx.vars["damage"] += amount * (len(defender.energy) if defender else 0)

    return step


pokemon("sv1-84", PLAIN)  # Ralts: Psyshot
pokemon("sv1-85", PLAIN, (_per_defender_energy(20), hit()))  # Kirlia: Magical Shot, Psychic
pokemon("sv1-100", PLAIN)  # Flittle: Ram
pokemon("sv1-101", PLAIN)  # Flittle: Spinning Attack
# Espathra: Eye Strength (the Defending Pokémon can't retreat), Psychic.
pokemon(
    "sv1-103",
    (hit(), lasting_on_defender("cant_retreat")),
    (_per_defender_energy(50), hit()),
)
