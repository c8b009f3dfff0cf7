"""The fold of Splendor Pokémon's own event: an evolution. The old card goes
under the trainer tile (no bonus, no points, but it counts in tie-breaks)."""

from __future__ import annotations

from tabletop.games._gems import GemsGame, State
from tabletop.games._gems.evolve import replaced, take_from_market, with_player
from tabletop.games._gems.stall import NO_STALL
from tabletop.games._gems.state import ENDING

from .data import CARDS
from .events import Evolved


def on_evolved(g: GemsGame, s: State, e: Evolved) -> State:
    old, new = e.card, e.into
    p = s.players[e.seat]
    market, decks = s.market, s.decks
    reserved, blind = p.reserved, p.blind
    if new in reserved:
        reserved = tuple(c for c in reserved if c != new)
        blind = tuple(c for c in blind if c != new)
    else:
        market, decks = take_from_market(market, decks, CARDS.row[new], new, e.refill)
    bonus = list(p.bonus)
    bonus[CARDS.bonus[old]] -= CARDS.bonus_count[old]
    bonus[CARDS.bonus[new]] += CARDS.bonus_count[new]
    p = p._replace(
        bonus=tuple(bonus),
        points=p.points - CARDS.points[old] + CARDS.points[new],
        cards=replaced(p.cards, p.cards.index(old), new),
        reserved=reserved,
        blind=blind,
        under=(*p.under, old),
    )
    # Progress: the passes and the stall record start again.
    return with_player(s, p, s.supply, market, decks, s.nobles, ENDING, 0, NO_STALL)
