"""The fold of Splendor's own event: a noble's visit (3 points; the noble
leaves the table)."""

from __future__ import annotations

from tabletop.games._gems import GemsGame, State
from tabletop.games._gems.evolve import with_player
from tabletop.games._gems.state import ENDING

from .data import NOBLE_POINTS
from .events import NobleVisited


def on_noble_visited(g: GemsGame, s: State, e: NobleVisited) -> State:
    p = s.players[e.seat]
    p = p._replace(points=p.points + NOBLE_POINTS, nobles=(*p.nobles, e.noble))
    nobles = tuple(n for n in s.nobles if n != e.noble)
    return with_player(s, p, s.supply, s.market, s.decks, nobles, ENDING, s.passes, s.stall)
