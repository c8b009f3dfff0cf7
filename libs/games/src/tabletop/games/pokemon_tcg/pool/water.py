"""Water Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..cards import Card
from ..effects import Ctx
from ..events import Damaged, Healed, PokemonReturned
from ..registry import pokemon
from ..state import Mon, State, card_of
from .common import PLAIN, cant_attack_next_turn

# Slowpoke: Rest (this Pokémon is now Asleep; heal 30 from it), Headbutt.
pokemon("sv1-42", (v.self_condition("asleep"), v.heal_self(30)), PLAIN)
# Magikarp: Jump (flip; heads: 10 damage to 1 of the opponent's Pokémon).
pokemon(
    "sv1-44",
    (v.flip_coins(1), v.if_heads(v.ask_opponent_pokemon("target")), v.damage_picked(10, "target")),
)


def _defender_damaged(ctx: Ctx) -> bool:
    return v.counters_on_defender(ctx) > 0


# Gyarados ex: Waterfall; Tyrannical Tail (180 more if the Defending already has damage counters).
pokemon("sv1-45", PLAIN, (v.add_damage_if(_defender_damaged, 180), v.hit()))
pokemon("sv1-46", PLAIN, PLAIN)  # Buizel
pokemon("sv1-47", (v.add_damage(v.energy_on_self("W"), 20), v.hit()))  # Floatzel: Hydro Pump
pokemon("sv1-48", PLAIN, cant_attack_next_turn())  # Alomomola: Surf, Aqua Slash
pokemon("sv1-49", PLAIN)  # Clauncher
pokemon("sv1-50", PLAIN, cant_attack_next_turn())  # Clawitzer: Water Gun, Aqua Cannon
pokemon("sv1-52", PLAIN, PLAIN)  # Quaxly
pokemon("sv1-53", PLAIN, PLAIN)  # Quaxwell
# Wiglett: Dig a Little (flip; heads: discard the top card of the opponent's deck), Ram.
pokemon("sv1-56", (v.flip_coins(1), v.mill_opponent(1)), PLAIN)
# Wugtrio: Headbutt; Undersea Tunnel (3 flips; each heads: discard the top 3 of their deck).
pokemon("sv1-57", PLAIN, (v.flip_coins(3), v.mill_opponent(3)))
pokemon("sv1-58", PLAIN)  # Cetoddle
pokemon("sv1-59", PLAIN, PLAIN)  # Cetoddle
# Cetitan: Hammer In; Sweeping Tackle (20 less per damage counter on it).
pokemon("sv1-60", PLAIN, (v.add_damage(v.counters_on_self, -20), v.hit()))


def _basic_energy(c: Card) -> bool:
    return c.is_basic_energy


def _energy_in_hand(s: State, seat: int, _: int) -> bool:
    return any(card_of(s, i).is_basic_energy for i in s.sides[seat].hand)


def _attach_from_hand(ctx: Ctx) -> None:
    for energy in ctx.picks("energy"):
        v.move_cards(ctx, (energy,), "hand", "energy", target=ctx.picks("to")[0])


# Quaquaval: Energy Carnival (Ability: you may attach a basic Energy card from your hand to 1
# of your Pokémon; the target is asked first, so the hidden pick is attached at once), Hydro Kick.
pokemon(
    "sv1-54",
    PLAIN,
    ability=(
        v.ask_own_pokemon("energy_carnival_target", lambda ctx, mon: True, key="to"),
        v.ask_hand("energy_carnival", _basic_energy, most=1, need=0, key="energy"),
        _attach_from_hand,
    ),
    usable=_energy_in_hand,
)


# Bruxish: Vivid Charge (up to 3 basic Energy from your deck, revealed, into your hand);
# Wave Splash.
pokemon(
    "sv1-51",
    (
        v.ask_deck("search_basic_energy_3", _basic_energy, 3),
        v.picked_to_hand("deck", "found", revealed=True),
        v.shuffle_deck(),
    ),
    PLAIN,
)


def _other_damaged(ctx: Ctx, mon: Mon) -> bool:
    return mon.card != ctx.source and mon.damage > 0


def _strange_behavior_usable(s: State, seat: int, slowbro: int) -> bool:
    return any(mon.card != slowbro and mon.damage for mon in s.sides[seat].mons())


def _move_a_counter(ctx: Ctx) -> None:
    for other in ctx.picks("from"):
        ctx.b.emit(Healed(target=other, amount=10))
        ctx.b.emit(Damaged(target=ctx.source, amount=10, counters=True))


# Slowbro: Strange Behavior (as often as you like: 1 damage counter from 1 of your other
# Pokémon to this one); Bubble Drain (heal 30 from this Pokémon).
pokemon(
    "sv1-43",
    (v.hit(), v.heal_self(30)),
    ability=(v.ask_own_pokemon("strange_behavior", _other_damaged, key="from"), _move_a_counter),
    usable=_strange_behavior_usable,
    repeatable=True,
)


# Wiglett: Twisting Strike (flip; heads: prevent all damage from and effects of attacks done to
# this Pokémon during the opponent's next turn).
pokemon("sv1-55", (v.hit(), v.flip_coins(1), v.if_heads(v.shield_self())))


def _named_tatsugiri(c: Card) -> bool:
    return c.name == "Tatsugiri"


# Dondozo: Release Rage (50 per Tatsugiri in your discard pile), Heavy Splash.
pokemon("sv1-61", (v.damage_times(v.in_discard(_named_tatsugiri)), v.hit()), PLAIN)


def _basic_in_play(ctx: Ctx, mon: Mon) -> bool:
    return card_of(ctx.state, mon.card).stage == 0


def _basic_water_energy(c: Card) -> bool:
    return c.is_basic_energy and c.energy_type == "W"


def _attach_found_to(ctx: Ctx) -> None:
    cards = ctx.picks("found")
    if cards:
        v.move_cards(ctx, cards, "deck", "energy", target=ctx.picks("to")[0])


def _curl_up(ctx: Ctx) -> None:
    if ctx.me() is not None:
        ctx.b.emit(PokemonReturned(seat=ctx.seat, pokemon=ctx.source))


# Tatsugiri: Mise en Place (up to 2 basic Water Energy from your deck attached to 1 of your Basic
# Pokémon: the Pokémon is asked first, so the hidden search is attached at once); Curl Up (then
# put this Pokémon and all attached cards into your hand).
pokemon(
    "sv1-62",
    (
        v.ask_own_pokemon("mise_en_place_target", _basic_in_play, key="to"),
        v.ask_deck("search_water_energy", _basic_water_energy, 2),
        _attach_found_to,
        v.shuffle_deck(),
    ),
    (v.hit(), _curl_up),
)
