"""Schotten Totten's evaluation for bots: stones held, and on each open stone
which side leans ahead, turned into a win share with a logistic.

A complete side has its exact formation key; a partial side gets a cheap
estimate (the formation its cards still allow, discounted for the cards it
lacks, plus an average value for each missing card) instead of the full
`best_possible` search, which the claim proof needs but a heuristic does not.

With the tactics variant a hand is worth something too: a tactic card held is
a threat kept for the right moment (a Traitor or a Joker can turn a stone), so
playing one must win more on the board than the card is worth in hand. Only
a couple can be played before the opponent answers with theirs (a seat may
not play more tactic cards than the other), so more than that clog the hand
and may force a pass. Only how MANY tactic cards a hand holds is counted, not
which: the count is public (the backs differ), the cards are not, and search
scores worlds with the opponent's hand sampled — a term depending on the
sampled cards would add noise unrelated to the move being judged.

`search_hints` gives the tactics variant its own search defaults (ADR 0014).
"""

from __future__ import annotations

import math
from functools import lru_cache

from tabletop.kernel import SearchHints

from .cards import JOKERS, SHIELD, SPY, is_clan
from .formations import side_key
from .state import STONES, State, blind, need

STONE = 1.0  # a stone held
ADJACENT = 0.6  # per pair of adjacent stones held (three in a row wins)
LEAN = 0.45  # a stone's lean, at most
MATCH = 2.0  # per match point ahead (several rounds)
MISSING_VALUE = 5  # the value a missing card is expected to bring
WILD_VALUE = {JOKERS[0]: 7, JOKERS[1]: 7, SPY: 7, SHIELD: 3}
# Tactics variant: what a tactic card in hand is worth, in the units of STONE.
HELD_WORTH = 0.25
USABLE_HELD = 2  # tactic cards in hand that count; the others are clog
CLOG = 0.15  # per tactic card beyond USABLE_HELD


def _estimate(side: tuple[int, ...], needed: int, is_blind: bool) -> float:
    if not side:
        return 100.0 + needed * MISSING_VALUE
    if len(side) >= needed:
        return float(side_key(tuple(sorted(side)), is_blind))
    clan = [c for c in side if is_clan(c)]
    values = [c % 9 + 1 for c in clan]
    total = sum(values) + sum(WILD_VALUE.get(c, 5) for c in side if not is_clan(c))
    total += (needed - len(side)) * MISSING_VALUE
    if is_blind:
        return float(total)
    same_colour = len({c // 9 for c in clan}) <= 1
    distinct = len(set(values)) == len(values)
    run = distinct and (not values or max(values) - min(values) <= needed - 1)
    kind = len(set(values)) <= 1
    rank = 4 if same_colour and run else 3 if kind else 2 if same_colour else 1 if run else 0
    # Few cards promise little: one card allows nearly everything.
    certainty = len(side) / needed
    return 100.0 * (1.0 + (rank - 1.0) * certainty) + total


@lru_cache(maxsize=1 << 16)
def _lean(sides: tuple[tuple[int, ...], tuple[int, ...]], needed: int, is_blind: bool) -> float:
    """How far seat 0's side leans ahead of seat 1's on an open stone, in
    (-1, 1) (search meets the same sides again and again: cached)."""
    first = _estimate(sides[0], needed, is_blind)
    second = _estimate(sides[1], needed, is_blind)
    filled = (len(sides[0]) + len(sides[1])) / (2 * needed)
    return math.tanh((first - second) / 60.0) * (0.4 + 0.6 * filled)


def _adjacent(owner: tuple[int, ...], seat: int) -> int:
    return sum(1 for i in range(STONES - 1) if owner[i] == seat and owner[i + 1] == seat)


def _held(hand: tuple[int, ...]) -> float:
    """What the tactic cards of a tactics-variant hand are worth, by count."""
    held = sum(1 for card in hand if not is_clan(card))
    return HELD_WORTH * min(held, USABLE_HELD) - CLOG * max(0, held - USABLE_HELD)


def shares(state: State) -> tuple[float, float]:
    """Each seat's estimated share of the win (they sum to 1)."""
    owner = state.owner
    x = MATCH * (state.scores[0] - state.scores[1])
    if state.tactics:
        x += _held(state.hands[0]) - _held(state.hands[1])
    x += STONE * (owner.count(0) - owner.count(1))
    x += ADJACENT * (_adjacent(owner, 0) - _adjacent(owner, 1))
    for stone in range(STONES):
        if owner[stone] < 0:
            x += LEAN * _lean(state.sides[stone], need(state, stone), blind(state, stone))
    first = 1.0 / (1.0 + math.exp(-x))
    return (first, 1.0 - first)


def search_hints(state: State) -> SearchHints:
    """The bots' search defaults. Tactics variant: best-of-3 expansion and a
    prior worth 10 visits. With about 80 legal plays, one random reply per
    expansion scores each move against the opponent's random answers (Traitor,
    Banshee…) and the visits end up nearly flat; `ismcts:1s:prior=10:expand=3`
    beat greedy 18/20, where the two-seat defaults lost in shorter runs
    (docs/policies.md, "Figures"). The base variant keeps the defaults it was
    measured with."""
    if state.tactics:
        return {"prior": 10, "expand": 3}
    return {}
