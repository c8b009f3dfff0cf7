"""Pokémon Tools (passives and Knock Out effects) and Stadiums in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..damage import Passive
from ..effects import Ask, Ctx
from ..registry import trainer
from ..state import Mon, State, card_of, is_active, owner
from . import trainer_rules as rules


# --------------------------------------------------- Tools and Stadiums
def _vitality_band(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """+10 to the opponent's Active Pokémon, before Weakness and Resistance."""
    return 10 if attacker.tool == source else 0


def _rock_chestplate(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """The Fighting Pokémon it is attached to takes 30 less damage from the
    opponent's attacks (after Weakness and Resistance)."""
    fighting = card_of(s, defender.card).type == "F"
    mine = defender.tool == source and owner(attacker.card) != owner(source)
    return 30 if mine and fighting else 0


def _beach_court(s: State, source: int, mon: Mon) -> int:
    """Each Basic Pokémon in play retreats for one Colorless less."""
    return -1 if card_of(s, mon.card).stage == 0 else 0


trainer("sv1-197", passive=Passive(attack_bonus=_vitality_band))  # Vitality Band
trainer("sv1-192", passive=Passive(damage_reduction=_rock_chestplate))  # Rock Chestplate
trainer("sv1-167", passive=Passive(retreat_delta=_beach_court))  # Beach Court


def _defiance_band(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """+30 to the opponent's Active Pokémon while you have more prizes left."""
    me = owner(source)
    behind = len(s.sides[me].prizes) > len(s.sides[1 - me].prizes)
    return 30 if attacker.tool == source and behind else 0


trainer("sv1-169", passive=Passive(attack_bonus=_defiance_band))  # Defiance Band


def _rocky_helmet(s: State, source: int, attacker: Mon, damaged: Mon) -> int:
    """2 damage counters on the attacker when the Pokémon it is attached to is
    damaged by an opponent's attack in the Active Spot."""
    theirs = owner(attacker.card) != owner(source)
    return 2 if damaged.tool == source and theirs and is_active(s, damaged.card) else 0


trainer("sv1-193", passive=Passive(retaliation=_rocky_helmet))  # Rocky Helmet


trainer(  # Mesagoza (Stadium): once during each player's turn, flip; heads: a Pokémon from the
    # deck, revealed, into the hand; then shuffle.
    "sv1-178",
    stadium_effect=(
        v.flip_coins(1),
        v.if_heads(v.ask_deck("search_pokemon", rules.pokemon, 1)),
        v.picked_to_hand("deck", "found", revealed=True),
        v.if_heads_shuffle(),
    ),
    stadium_usable=rules.deck_not_empty,
)


# ------------------------------------------------- Exp. Share, Electric Generator
def _basic_energy_of_knocked_out(ctx: Ctx) -> Ask:
    knocked_out = ctx.state.sides[ctx.seat].find(ctx.picks("from")[0])
    energy = knocked_out.energy if knocked_out is not None else ()
    options = tuple(sorted(e for e in energy if card_of(ctx.state, e).is_basic_energy))
    return Ask("exp_share", options, key="energy", need=0)


def _energy_to_holder(ctx: Ctx) -> None:
    for energy in ctx.picks("energy"):
        v.move_cards(
            ctx,
            (energy,),
            "energy",
            "energy",
            origin=ctx.picks("from")[0],
            target=ctx.picks("to")[0],
        )


trainer(  # Exp. Share (Tool): when your Active Pokémon is Knocked Out by damage from the
    # opponent's attack, you may move a basic Energy from it to the Pokémon with this card.
    "sv1-174",
    on_knock_out=(_basic_energy_of_knocked_out, _energy_to_holder),
)
