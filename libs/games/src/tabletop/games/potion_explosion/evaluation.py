"""Potion Explosion's evaluation for bots: points now, plus the potions on
the burners by how full they are, the marbles in hand that fit them, and the
effects of potions not yet drunk; a softmax over the players turns those
strengths into win shares."""

from __future__ import annotations

import math

from .data import COLOURS, TILES
from .scoring import score
from .state import Player, State

SHARPNESS = 0.3  # a 5-point lead is worth about 0.8 in 2 players
FILL_WEIGHT = 0.8  # a potion's points, scaled by how full it is
HAND_WEIGHT = 0.5  # a marble in hand that fits a hole, as a fraction of a filled one
UNDRUNK = 0.6  # an effect still to use
POOL = 0.25  # a marble in the pool


def _strength(state: State, seat: int, p: Player) -> float:
    total = float(score(p)) + POOL * sum(p.pool)
    total += UNDRUNK * sum(1 for drunk in p.drunk if not drunk)
    hand = state.turn.hand if seat == state.current else (0, 0, 0, 0)
    for burner in p.burners:
        if burner is None:
            continue
        tile = TILES[burner.tile]
        fits = sum(min(hand[c], tile.holes[c] - burner.filled[c]) for c in range(len(COLOURS)))
        filled = sum(burner.filled) + HAND_WEIGHT * fits
        total += FILL_WEIGHT * tile.points * filled / tile.size
    return total


def shares(state: State) -> tuple[float, ...]:
    """Each seat's estimated share of the win (a softmax of strengths)."""
    scores = [SHARPNESS * _strength(state, i, p) for i, p in enumerate(state.players)]
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)
