"""Supporter cards in the pool (one a turn; not on the first player's first turn)."""

from __future__ import annotations

from .. import vocabulary as v
from ..effects import Ctx
from ..registry import trainer
from ..state import State
from . import trainer_rules as rules

# ---------------------------------------------------------- Supporters
trainer("sv1-180", (v.draw(3),), playable=rules.deck_not_empty)  # Nemona: draw 3 cards.
for research in ("sv1-189", "sv1-190"):  # Professor's Research: discard your hand, draw 7.
    trainer(research, (v.discard_hand(), v.draw(7)), playable=rules.deck_not_empty)
trainer("sv1-198", (v.shuffle_hand_into_deck(), v.draw(5)))  # Youngster
trainer("sv1-176", (v.each_player_reshuffles_and_draws(4),))  # Judge
trainer("sv1-177", (v.shuffle_hand_into_deck(), v.draw(8), v.end_turn()))  # Katy
trainer(  # Arven: an Item card and a Pokémon Tool card from your deck, revealed; shuffle.
    "sv1-166",
    (
        v.ask_deck("search_item", rules.item, 1, key="item"),
        v.picked_to_hand("deck", "item", revealed=True),
        v.ask_deck("search_tool", rules.tool, 1, key="tool"),
        v.picked_to_hand("deck", "tool", revealed=True),
        v.shuffle_deck(),
    ),
    playable=rules.deck_not_empty,
)
trainer(  # Jacq: up to 2 Evolution Pokémon from your deck, revealed, into your hand; shuffle.
    "sv1-175",
    (
        v.ask_deck("search_evolution", rules.evolution, 2),
        v.picked_to_hand("deck", "found", revealed=True),
        v.shuffle_deck(),
    ),
    playable=rules.deck_not_empty,
)
trainer(  # Miriam: shuffle up to 5 Pokémon from your discard pile into your deck; if any, draw 3.
    "sv1-179",
    (
        v.ask_discard("miriam", rules.pokemon, 5),
        v.picked_to_deck("discard"),
        v.shuffle_deck(),
        v.draw_if_moved(3),
    ),
    playable=rules.in_discard(rules.pokemon),
)
trainer(  # Penny: put 1 of your Basic Pokémon and all attached cards into your hand.
    "sv1-183",
    (v.ask_own_pokemon("penny", rules.basic_in_play), v.picked_pokemon_to_hand()),
    playable=rules.two_pokemon,
)


def _defender_has_energy(s: State, seat: int, _: int) -> bool:
    active = s.sides[1 - seat].active
    return active is not None and bool(active.energy)


def _energy_on_top(ctx: Ctx) -> None:
    defender = ctx.state.sides[ctx.opponent].active
    for energy in ctx.picks("energy"):
        if defender is not None:
            v.move_cards(ctx, (energy,), "energy", "deck", seat=ctx.opponent, origin=defender.card)


trainer(  # Team Star Grunt: an Energy of the opponent's Active Pokémon on top of their deck.
    "sv1-195",
    (v.ask_energy_on_defender(), _energy_on_top),
    playable=_defender_has_energy,
)
