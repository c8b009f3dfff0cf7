"""Grass Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..cards import Card
from ..damage import Passive
from ..effects import Ask, Ctx
from ..events import Condition, Healed
from ..registry import pokemon
from ..state import Mon, State, is_active, owner
from .common import PLAIN, on_heads


def _damaged_benched(ctx: Ctx, mon: Mon) -> bool:
    return bool(mon.damage) and not is_active(ctx.state, mon.card)


def _basic_fire(c: Card) -> bool:
    return c.is_basic_energy and c.energy_type == "R"


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


def _quills(s: State, source: int, attacker: Mon, damaged: Mon) -> int:
    """Counterattack Quills: 3 counters on the attacker when this Pokémon, in
    the Active Spot, is damaged by an opponent's attack."""
    theirs = owner(attacker.card) != owner(source)
    return 3 if damaged.card == source and theirs and is_active(s, source) else 0


pokemon("sv1-5", PLAIN, passive=Passive(retaliation=_quills))  # Cacnea: Light Punch
pokemon("sv1-6", PLAIN, passive=Passive(retaliation=_quills))  # Cacturne: Spike Shot
# Tropius: Fresh-Picked Fruit (heal 60 from 1 of your Benched Pokémon), Razor Leaf.
pokemon(
    "sv1-7",
    (
        v.ask_own_pokemon("heal_benched", _damaged_benched, key="target"),
        v.heal_picked(60, "target"),
    ),
    PLAIN,
)
# Smoliv: Nutrients (heal 30 from 1 of your Pokémon), Spray Fluid.
pokemon("sv1-21", (v.ask_own_damaged("target"), v.heal_picked(30, "target")), PLAIN)
# Capsakid: Increasing Spice (a basic Fire Energy from your deck attached to it), Playful Kick.
pokemon(
    "sv1-28",
    (
        v.ask_deck("search_fire_energy", _basic_fire, 1),
        v.attach_picked_to_self("deck"),
        v.shuffle_deck(),
    ),
    PLAIN,
)


def _adaptive_evolution(s: State, source: int, mon: Mon) -> bool:
    """This Pokémon can evolve during your first turn or the turn you play it."""
    return mon.card == source


CONDITIONS: tuple[Condition, ...] = ("asleep", "burned", "confused", "paralyzed", "poisoned")


def _ask_condition(ctx: Ctx) -> Ask:
    return Ask("special_condition", tuple(range(len(CONDITIONS))), key="condition")


def _chosen_condition(ctx: Ctx) -> None:
    for index in ctx.picks("condition"):
        v.opponent_condition(CONDITIONS[index])(ctx)


pokemon("sv1-8", PLAIN, passive=Passive(evolves_early=_adaptive_evolution))  # Scatterbug
pokemon("sv1-9", PLAIN, passive=Passive(evolves_early=_adaptive_evolution))  # Spewpa
# Vivillon: Miracle Powder (flip; heads: choose a Special Condition for the opponent's Active
# Pokémon), Bug Buzz.
pokemon(
    "sv1-10",
    (v.hit(), v.flip_coins(1), v.if_heads(_ask_condition), _chosen_condition),
    PLAIN,
)
# Dolliv: Slap; Apply Oil (during the opponent's next turn, if the Defending Pokémon tries to
# attack, its player flips a coin: tails, the attack doesn't happen).
pokemon("sv1-22", PLAIN, (v.hit(), v.lasting_on_defender("attack_may_fail")))


def _any_damaged(ctx: Ctx) -> Ask:
    options = tuple(mon.card for mon in ctx.state.sides[ctx.seat].mons() if mon.damage)
    return Ask("enriching_oil", options, key="target", need=0)


def _heal_all(ctx: Ctx) -> None:
    for target in ctx.picks("target"):
        mon = ctx.state.sides[ctx.seat].find(target)
        if mon is not None and mon.damage:
            ctx.b.emit(Healed(target=target, amount=mon.damage))


# Arboliva: Enriching Oil (when played from the hand to evolve: you may heal all damage from 1
# of your Pokémon), Solar Beam.
pokemon("sv1-23", PLAIN, on_play=(_any_damaged, _heal_all))


def _ask_energy_on_defender_may(ctx: Ctx) -> Ask:
    defender = ctx.state.sides[ctx.opponent].active
    options = tuple(sorted(defender.energy)) if defender else ()
    return Ask("energy_of_defender", options, key="energy", need=0)


def _energy_to_their_hand(ctx: Ctx) -> None:
    defender = ctx.state.sides[ctx.opponent].active
    for energy in ctx.picks("energy"):
        if defender is not None and not v.shielded(ctx, defender):
            v.move_cards(ctx, (energy,), "energy", "hand", seat=ctx.opponent, origin=defender.card)


# Meowscarada: Trick Cape (you may put an Energy attached to the opponent's Active Pokémon into
# their hand), Flower Blast.
pokemon("sv1-15", (v.hit(), _ask_energy_on_defender_may, _energy_to_their_hand), PLAIN)


def _ask_their_bench(ctx: Ctx) -> Ask | None:
    if not ctx.picks("energy"):
        return None
    options = tuple(mon.card for mon in ctx.state.sides[ctx.opponent].bench)
    return Ask("their_benched_pokemon", options, key="to")


def _energy_to_their_bench(ctx: Ctx) -> None:
    defender = ctx.state.sides[ctx.opponent].active
    for energy, to in zip(ctx.picks("energy"), ctx.picks("to"), strict=False):
        if defender is not None and not v.shielded(ctx, defender):
            v.move_cards(
                ctx,
                (energy,),
                "energy",
                "energy",
                seat=ctx.opponent,
                origin=defender.card,
                target=to,
            )


# Toedscruel: Eerie Tentacles (you may move an Energy from the opponent's Active Pokémon to 1 of
# their Benched Pokémon); Triple Smash (3 flips, 80 per heads).
pokemon(
    "sv1-26",
    (v.hit(), _ask_energy_on_defender_may, _ask_their_bench, _energy_to_their_bench),
    (v.flip_coins(3), v.damage_per_heads(), v.hit()),
)
