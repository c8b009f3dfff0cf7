"""A heuristic for the gem-market games (bots search with it, ADR 0014):
points now, plus what the player's engine and hand are worth for points
later, turned into shares of the win with a softmax over the players.

The engine's worth fades as the leader nears the target: late in the game
only points (and cards one can buy next turn) still matter.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from .payment import cost_items, wild_needed
from .ruleset import WILD, Rules
from .state import EMPTY, Player, State

SHARPNESS = 0.6  # softmax temperature: a 3-point lead is worth about 0.85 in 2 players
ENGINE_WEIGHT = 0.8  # a card bonus early on, in points
TOKEN_WEIGHT = 0.15
RESERVE_WEIGHT = 0.3
PROSPECTS = 3  # best cards in reach counted


def gem_evaluator(
    rules: Rules,
    nobles: tuple[tuple[int, ...], ...] = (),
    noble_points: int = 0,
) -> Callable[[State], tuple[float, ...]]:
    """`shares(state)`, every seat's estimated share of the win, for a rule
    set (and Splendor's nobles)."""
    table = rules.cards
    items = cost_items(table)
    worth = tuple(p + 0.5 * n for p, n in zip(table.points, table.bonus_count, strict=True))

    def prospects(p: Player, market: tuple[tuple[int, ...], ...]) -> float:
        """The best few cards on offer or reserved, discounted by the tokens
        still missing to buy them."""
        found: list[float] = []
        for card in (*(c for row in market for c in row if c != EMPTY), *p.reserved):
            short = wild_needed(items[card], table.wild_cost[card], p.bonus, p.tokens)
            missing = max(0, short - p.tokens[WILD])
            found.append(worth[card] / (1.0 + missing))
        found.sort(reverse=True)
        return sum(found[:PROSPECTS]) / PROSPECTS

    def noble_progress(p: Player, table_nobles: tuple[int, ...]) -> float:
        best = 0.0
        for n in table_nobles:
            req = nobles[n]
            need = sum(req)
            have = sum(min(b, r) for b, r in zip(p.bonus, req, strict=False))
            best = max(best, have / need if need else 0.0)
        return noble_points * best * best

    @lru_cache(maxsize=1 << 15)
    def strength(p: Player, market: tuple, table_nobles: tuple[int, ...], fade: float) -> float:
        """(Search meets the same player and market again and again: cached.)"""
        engine = sum(p.bonus) * ENGINE_WEIGHT * fade
        tokens = sum(p.tokens) * TOKEN_WEIGHT * fade
        reserve = len(p.reserved) * RESERVE_WEIGHT * fade
        return (
            p.points
            + engine
            + tokens
            + reserve
            + prospects(p, market)
            + noble_progress(p, table_nobles) * fade
        )

    def shares(state: State) -> tuple[float, ...]:
        lead = max(p.points for p in state.players)
        fade = max(0.0, 1.0 - lead / rules.target)
        return softmax(
            [SHARPNESS * strength(p, state.market, state.nobles, fade) for p in state.players]
        )

    return shares


def softmax(scores: list[float]) -> tuple[float, ...]:
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)
