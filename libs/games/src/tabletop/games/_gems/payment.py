"""Paying for a card: bonuses discount, coloured tokens pay, wild tokens
(gold, master balls) cover the rest and pay printed wild costs.

The payment is fixed rather than chosen: a wild token can do anything a
coloured one can, so spending coloured tokens first never costs the player
an option (see the games' docs, "Decisions").
"""

from __future__ import annotations

from .rules import WILD, CardTable


def cost_items(table: CardTable) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per card, its non-zero (colour, count) costs: the hot loops read these."""
    return tuple(tuple((i, n) for i, n in enumerate(cost) if n) for cost in table.cost)


def wild_needed(
    items: tuple[tuple[int, int], ...],
    wild_cost: int,
    bonus: tuple[int, ...],
    tokens: tuple[int, ...],
) -> int:
    """The wild tokens a purchase takes (printed wild cost included)."""
    short = wild_cost
    for i, n in items:
        d = n - bonus[i] - tokens[i]
        if d > 0:
            short += d
    return short


def payment(
    items: tuple[tuple[int, int], ...],
    wild_cost: int,
    bonus: tuple[int, ...],
    tokens: tuple[int, ...],
) -> tuple[int, ...] | None:
    """The tokens paid (per colour, wild last), or None if unaffordable."""
    paid = [0, 0, 0, 0, 0, wild_cost]
    for i, n in items:
        need = n - bonus[i]
        if need > 0:
            if need > tokens[i]:
                paid[i] = tokens[i]
                paid[WILD] += need - tokens[i]
            else:
                paid[i] = need
    return tuple(paid) if paid[WILD] <= tokens[WILD] else None
