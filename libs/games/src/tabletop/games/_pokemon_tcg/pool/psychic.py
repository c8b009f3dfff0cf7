"""Psychic Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..cards import Card
from ..damage import Passive
from ..effects import Ctx, Step
from ..registry import pokemon
from ..state import Mon, State, card_of, owner
from .common import PLAIN


def _energy_on_defender(ctx: Ctx) -> int:
    defender = ctx.state.sides[ctx.opponent].active
    return len(defender.energy) if defender else 0


def _psychic_pokemon(c: Card) -> bool:
    return c.is_pokemon and c.type == "P"


pokemon("sv1-84", PLAIN)  # Ralts: Psyshot
# Kirlia: Magical Shot; Psychic (20 more per Energy on the opponent's Active Pokémon).
pokemon("sv1-85", PLAIN, (v.add_damage(_energy_on_defender, 20), v.hit()))
# Drifloon: Gust; Balloon Blast (30 per damage counter on it).
pokemon("sv1-89", PLAIN, (v.damage_times(v.counters_on_self), v.hit()))
pokemon("sv1-91", PLAIN)  # Flabébé: Pollen Shot
magical_leaf: tuple[Step, ...] = (
    v.flip_coins(1),
    v.if_heads(v.more_damage(30)),
    v.hit(),
    v.if_heads(v.heal_self(30)),
)
pokemon("sv1-92", magical_leaf)  # Floette: Magical Leaf (heads: 30 more and heal 30)


def _blooming_garden(s: State, source: int, mon: Mon) -> bool:
    """Florges: your Pokémon in play have no Weakness."""
    return owner(mon.card) == owner(source)


# Florges: Blooming Garden; Moonblast (the Defending's attacks do 30 less next turn).
pokemon(
    "sv1-93",
    (v.hit(), v.lasting_on_defender("weaker_attacks", 30)),
    passive=Passive(removes_weakness=_blooming_garden),
)
# Dedenne: Energy Munch (flip; heads: discard an Energy from the opponent's Active Pokémon).
pokemon(
    "sv1-94",
    (
        v.hit(),
        v.flip_coins(1),
        v.if_heads(v.ask_energy_on_defender()),
        v.discard_picked_attached(),
    ),
)
# Dedenne: Second Bite (10 more per damage counter on the opponent's Active Pokémon).
pokemon("sv1-95", (v.add_damage(v.counters_on_defender, 10), v.hit()))
pokemon("sv1-97", PLAIN)  # Fidough: Rear Kick
pokemon("sv1-98", (v.lasting_on_self("less_damage", 30),), PLAIN)  # Fidough: Springy, Flop


def _well_baked_burn(s: State, source: int, mon: Mon, condition: str) -> bool:
    return mon.card == source and condition == "burned"


def _well_baked_damage(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """Dachsbun: prevent all damage done to it by attacks from the opponent's Fire Pokémon."""
    fire = card_of(s, attacker.card).type == "R" and owner(attacker.card) != owner(source)
    return 10**6 if defender.card == source and fire else 0


pokemon(  # Dachsbun: Well-Baked Body; Headbutt Bounce.
    "sv1-99",
    PLAIN,
    passive=Passive(prevents_condition=_well_baked_burn, damage_reduction=_well_baked_damage),
)
pokemon("sv1-100", PLAIN)  # Flittle: Ram
pokemon("sv1-101", PLAIN)  # Flittle: Spinning Attack
# Espathra: Eye Strength (the Defending Pokémon can't retreat); Psychic (50 more per Energy).
pokemon(
    "sv1-103",
    (v.hit(), v.lasting_on_defender("cant_retreat")),
    (v.add_damage(_energy_on_defender, 50), v.hit()),
)
# Greavard: Graveyard Gamboling (10 per Psychic Pokémon in your discard pile).
pokemon("sv1-104", (v.damage_times(v.in_discard(_psychic_pokemon)), v.hit()))
# Houndstone: Last Respects (10 more per Psychic Pokémon in your discard pile).
pokemon("sv1-106", (v.add_damage(v.in_discard(_psychic_pokemon), 10), v.hit()))


# Drowzee: Forced Sleep (the opponent switches their Active Pokémon with a Benched one of their
# choice; the new Active Pokémon is now Asleep), Gentle Slap.
pokemon(
    "sv1-82",
    (
        v.opponent_switches_out("to"),
        v.opponent_switch_to_picked("to"),
        v.opponent_condition_if_switched("asleep", "to"),
    ),
    PLAIN,
)
# Flittle: Dash Off (then switch this Pokémon with 1 of your Benched Pokémon).
pokemon("sv1-102", (v.hit(), v.ask_own_bench("to"), v.switch_to_picked("to")))
