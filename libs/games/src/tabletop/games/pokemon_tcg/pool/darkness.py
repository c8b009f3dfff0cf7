"""Darkness Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..cards import Card
from ..damage import Passive
from ..effects import Ctx
from ..events import KnockOutEffect
from ..registry import pokemon
from ..state import Mon, State, card_of, owner
from .common import PLAIN, opponent_has_bench, recoil

pokemon("sv1-126", (v.hit(), v.opponent_condition("poisoned")))  # Grimer: Super Poison Breath


def _defender_poisoned(ctx: Ctx) -> bool:
    return bool(ctx.state.sides[ctx.opponent].poison)


# Seviper: Spit Poison; Venoshock (120 more if the opponent's Active Pokémon is Poisoned).
pokemon(
    "sv1-128",
    (v.opponent_condition("poisoned"),),
    (v.add_damage_if(_defender_poisoned, 120), v.hit()),
)
pokemon("sv1-130", PLAIN, PLAIN)  # Croagunk


def _any_card(_: Card) -> bool:
    return True


# Toxicroak ex: Nasty Plot (up to 2 cards from your deck into your hand, not revealed);
# Toxic Ripper (Poisoned, with 6 damage counters at each checkup instead of 1).
pokemon(
    "sv1-131",
    (
        v.ask_deck("search_any", _any_card, 2),
        v.picked_to_hand("deck", "found"),
        v.shuffle_deck(),
    ),
    (v.hit(), v.opponent_condition("poisoned", 6)),
)
pokemon("sv1-132", PLAIN, PLAIN)  # Pawniard
pokemon("sv1-133", PLAIN, recoil(30))  # Bisharp: Dark Cutter, Double-Edged Slash


def _leadership(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """Kingambit: your Basic Pokémon's attacks do 30 more damage to the
    opponent's Active Pokémon (before Weakness and Resistance)."""
    mine = owner(attacker.card) == owner(source)
    return 30 if mine and card_of(s, attacker.card).stage == 0 else 0


pokemon("sv1-134", PLAIN, passive=Passive(attack_bonus=_leadership))  # Kingambit: Hack At
pokemon("sv1-135", PLAIN, PLAIN)  # Maschiff
# Maschiff: Crunch (flip; heads: discard an Energy from the opponent's Active Pokémon).
pokemon(
    "sv1-136",
    (v.hit(), v.flip_coins(1), v.if_heads(v.ask_energy_on_defender()), v.discard_picked_attached()),
)
# Mabosstiff: Intimidating Howl (Ability: switch out the opponent's Active Pokémon; they choose
# the new one), Wild Tackle.
pokemon(
    "sv1-137",
    recoil(30),
    ability=(v.opponent_switches_out("to"), v.gust_picked("to")),
    usable=opponent_has_bench,
)


def _tool(c: Card) -> bool:
    return c.trainer_kind == "tool"


# Bombirdier: Knickknack Carrying (up to 3 Pokémon Tools, revealed, into your hand); Clutch.
pokemon(
    "sv1-138",
    (
        v.ask_deck("search_tools", _tool, 3),
        v.picked_to_hand("deck", "found", revealed=True),
        v.shuffle_deck(),
    ),
    (v.hit(), v.lasting_on_defender("cant_retreat")),
)


def _doom(ctx: Ctx) -> None:
    """Both heads: the opponent's Active Pokémon is Knocked Out."""
    defender = ctx.state.sides[ctx.opponent].active
    if ctx.vars.get("heads") == 2 and defender is not None and not v.shielded(ctx, defender):
        ctx.b.emit(KnockOutEffect(target=defender.card))


# Spiritomb: Taunt (switch in 1 of the opponent's Benched Pokémon); Doom Decree (flip 2 coins:
# both heads, the opponent's Active Pokémon is Knocked Out).
pokemon(
    "sv1-129",
    (v.ask_opponent_bench("to"), v.gust_picked("to")),
    (v.flip_coins(2), _doom),
)


def _poison_sacs(s: State, source: int, mon: Mon) -> bool:
    """Muk: the opponent's Poisoned Pokémon stay Poisoned when they evolve."""
    return owner(mon.card) != owner(source)


# Muk: Poison Sacs; Toxic Strike (Poisoned).
pokemon(
    "sv1-127",
    (v.hit(), v.opponent_condition("poisoned")),
    passive=Passive(keeps_poison=_poison_sacs),
)
