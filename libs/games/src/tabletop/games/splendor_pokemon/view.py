"""What Splendor Pokémon adds to the engine's card view: the Pokémon's name
and its evolution."""

from __future__ import annotations

from tabletop.games._gems import GemsGame
from tabletop.games._gems.view import card_view as gems_card_view
from tabletop.kernel import JsonDict

from .data import CARDS, COLORS, EVOLVE_REQUIREMENT, EVOLVES_INTO


def card_view(g: GemsGame, c: int) -> JsonDict:
    view = gems_card_view(g, c)
    view["name"] = CARDS.name[c]
    req = EVOLVE_REQUIREMENT[c]
    if req is not None:
        view["evolves_to"] = CARDS.name[EVOLVES_INTO[c][0]]
        view["evolve_bonus"] = {COLORS[req[0]]: req[1]}
    return view
