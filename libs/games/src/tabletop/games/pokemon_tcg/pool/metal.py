"""Metal Pokémon in the pool."""

from __future__ import annotations

from .. import chance
from .. import vocabulary as v
from ..cards import Card
from ..effects import Ctx
from ..registry import pokemon
from ..state import State, card_of
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


def _energy_card(c: Card) -> bool:
    return c.is_basic_energy


def _rumbling_engine_usable(s: State, seat: int, _: int) -> bool:
    side = s.sides[seat]
    return len(side.hand) <= 6 and any(card_of(s, i).is_basic_energy for i in side.hand)


def _draw_to_six(ctx: Ctx) -> None:
    chance.draw(ctx.b, ctx.seat, max(0, 6 - len(ctx.state.sides[ctx.seat].hand)))


# Revavroom: Rumbling Engine (discard an Energy card from your hand to use it; once a turn, draw
# until you have 6 cards in your hand); Knock Away (flip; heads: 90 more).
pokemon(
    "sv1-142",
    (v.flip_coins(1), v.if_heads(v.more_damage(90)), v.hit()),
    ability=(
        v.ask_hand("rumbling_engine_cost", _energy_card, most=1, need=1),
        v.discard_picked_from_hand(),
        _draw_to_six,
    ),
    usable=_rumbling_engine_usable,
)
