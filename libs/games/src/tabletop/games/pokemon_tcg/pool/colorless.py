"""Colorless Pokémon in the pool."""

from __future__ import annotations

from .. import chance
from .. import vocabulary as v
from ..effects import Ctx
from ..main_phase import evolved
from ..registry import pokemon
from ..state import Mon, State, card_of
from .common import PLAIN, hand_not_empty, recoil, stomp

pokemon("sv1-144", PLAIN, (v.flip_until_tails(), v.damage_per_heads(), v.hit()))  # Chansey


def _active_has_conditions(s: State, seat: int, _: int) -> bool:
    side = s.sides[seat]
    return bool(side.rotation or side.poison or side.burned)


# Blissey: Busybody Nurse (Ability: your Active Pokémon recovers from all Special Conditions);
# Happy Cyclone (move all Energy from this Pokémon to 1 of your Benched Pokémon).
pokemon(
    "sv1-145",
    (v.hit(), v.ask_own_bench("to"), v.all_energy_to_picked("to")),
    ability=(v.cure_own_active(),),
    usable=_active_has_conditions,
)
pokemon("sv1-146", PLAIN)  # Zangoose: Slash
# Zangoose: Drag Off (switch in 1 of the opponent's Benched Pokémon; 30 damage to the new
# Active Pokémon), Slashing Claw.
pokemon(
    "sv1-147",
    (v.ask_opponent_bench("to"), v.gust_picked("to"), v.set_damage(30), v.hit()),
    PLAIN,
)
pokemon("sv1-148", PLAIN)  # Starly
pokemon("sv1-149", PLAIN, PLAIN)  # Staravia
# Staraptor: Tailspin Away (no damage from Basic Pokémon's attacks during the opponent's next
# turn); Power Blast (discard an Energy from this Pokémon).
pokemon(
    "sv1-150",
    (v.hit(), v.lasting_on_self("no_damage_from_basic")),
    (v.hit(), v.ask_energy_on_self(1), v.discard_picked_energy()),
)


def _draw_if_moved(ctx: Ctx) -> None:
    if ctx.vars.get("moved"):
        chance.draw(ctx.b, ctx.seat, 1)


# Skwovet: Nest Stash (Ability: hand to the bottom of the deck, then draw a card), Bite.
pokemon(
    "sv1-151",
    PLAIN,
    ability=(v.hand_to_deck_bottom(), _draw_if_moved),
    usable=hand_not_empty,
)


def _has_tool(ctx: Ctx) -> bool:
    me = ctx.me()
    return me is not None and me.tool >= 0


pokemon("sv1-152", PLAIN, (v.add_damage_if(_has_tool, 80), v.hit()))  # Greedent: Enhanced Fang
# Lechonk: Repelling Odor (the opponent switches out their Active Pokémon, choosing), Stampede.
pokemon("sv1-154", (v.opponent_switches_out("to"), v.gust_picked("to")), PLAIN)
pokemon("sv1-155", (v.draw(1),), PLAIN)  # Lechonk: Collect, Tackle
pokemon("sv1-156", (v.flip_coins(1), v.nothing_if_tails(), v.hit()))  # Lechonk: Whimsy Tackle
pokemon("sv1-157", PLAIN, stomp())  # Oinkologne: Ram, Leg Stomp
# Oinkologne ex: Maddening Scent (30 more per opponent's Benched Pokémon), Heavy Stomp.
pokemon("sv1-158", (v.add_damage(v.opponent_bench_size, 30), v.hit()), stomp())
pokemon("sv1-159", PLAIN)  # Tandemaus: Gnaw
pokemon("sv1-160", (v.flip_coins(2), v.damage_per_heads(), v.hit()))  # Tandemaus: Double Hit
# Maushold: Slap; Family Attack (70 per Maushold you have in play).
pokemon("sv1-161", PLAIN, (v.damage_times(v.in_play_named("Maushold")), v.hit()))
pokemon("sv1-163", recoil(10))  # Cyclizar: Reckless Charge
pokemon("sv1-164", (v.draw(2),), PLAIN)  # Cyclizar: Touring, Speed Attack
pokemon("sv1-165", PLAIN, recoil(20))  # Flamigo: Flap, Nosedive


# Squawkabilly: Call for Family (up to 2 Basic Pokémon from your deck onto your Bench);
# Fly (flip; tails: nothing; heads: prevent all damage from and effects of attacks done to
# this Pokémon during the opponent's next turn).
pokemon(
    "sv1-162",
    (v.ask_deck_to_bench("search_basic", v.is_basic, 2), v.bench_picked(), v.shuffle_deck()),
    (v.flip_coins(1), v.nothing_if_tails(), v.hit(), v.shield_self()),
)


def _has_evolution_in_deck(ctx: Ctx, mon: Mon) -> bool:
    name = card_of(ctx.state, mon.card).name
    return any(card_of(ctx.state, i).evolves_from == name for i in ctx.state.sides[ctx.seat].deck)


def _evolutions_of_target(s: State, seat: int, variables: dict) -> tuple[int, ...]:
    target = variables.get("to", ())
    if not target or s.sides[seat].find(target[0]) is None:
        return ()
    name = card_of(s, target[0]).name
    return tuple(sorted(i for i in s.sides[seat].deck if card_of(s, i).evolves_from == name))


def _evolve_found(ctx: Ctx) -> None:
    for card in ctx.picks("found"):
        ctx.b.emit(evolved(ctx.state, ctx.seat, card, ctx.picks("to")[0], from_deck=True))


# Indeedee: Expert Nurturer (a card from your deck that evolves from 1 of your Pokémon, put onto
# it to evolve it: the Pokémon is asked first, then the hidden search); Hypnoblast (Asleep).
pokemon(
    "sv1-153",
    (
        v.ask_own_pokemon("expert_nurturer_target", _has_evolution_in_deck, key="to"),
        v.hidden_ask("expert_nurturer", "deck", _evolutions_of_target, most=1),
        _evolve_found,
        v.shuffle_deck(),
    ),
    (v.hit(), v.opponent_condition("asleep")),
)
