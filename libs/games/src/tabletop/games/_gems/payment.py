"""Paying for a card: bonuses discount, coloured tokens pay, wild tokens
stand in for any colour and pay printed wild costs (Pokémon master balls).

`wild_for` vectors say, per colour, how many wild tokens stand in for it; the
player chooses them (keeping a coloured token by spending gold is a real
decision), so legal commands list every valid vector.
"""

from __future__ import annotations

from .rules import WILD, CardTable

_OPTIONS: dict[tuple, tuple[tuple[int, ...], ...]] = {}


def cost_items(table: CardTable) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per card, its non-zero (colour, count) costs: the hot loops read these."""
    return tuple(tuple((i, n) for i, n in enumerate(cost) if n) for cost in table.cost)


def wild_needed(
    items: tuple[tuple[int, int], ...],
    wild_cost: int,
    bonus: tuple[int, ...],
    tokens: tuple[int, ...],
) -> int:
    """The fewest wild tokens a purchase takes (printed wild cost included)."""
    short = wild_cost
    for i, n in items:
        d = n - bonus[i] - tokens[i]
        if d > 0:
            short += d
    return short


def wild_options(
    items: tuple[tuple[int, int], ...],
    wild_cost: int,
    bonus: tuple[int, ...],
    tokens: tuple[int, ...],
) -> tuple[tuple[int, ...], ...]:
    """Every valid `wild_for` vector for this purchase; () when unaffordable."""
    key = (items, wild_cost, bonus, tokens)
    found = _OPTIONS.get(key)
    if found is not None:
        return found
    free = tokens[WILD] - wild_cost
    ranges = []  # (colour, least wild, most wild)
    for i, n in items:
        need = n - bonus[i]
        if need > 0:
            lo = need - tokens[i] if need > tokens[i] else 0
            free -= lo
            ranges.append((i, lo, need))
    if free < 0:
        result: tuple[tuple[int, ...], ...] = ()
    else:
        out: list[tuple[int, ...]] = []
        _spread([0, 0, 0, 0, 0], ranges, 0, free, out)
        result = tuple(out)
    if len(_OPTIONS) > 200_000:
        _OPTIONS.clear()
    _OPTIONS[key] = result
    return result


def _spread(vec: list[int], ranges: list, k: int, free: int, out: list) -> None:
    if k == len(ranges):
        out.append(tuple(vec))
        return
    i, lo, hi = ranges[k]
    for g in range(lo, min(hi, lo + free) + 1):
        vec[i] = g
        _spread(vec, ranges, k + 1, free - (g - lo), out)
    vec[i] = 0


def payment(
    cost: tuple[int, ...],
    wild_cost: int,
    bonus: tuple[int, ...],
    tokens: tuple[int, ...],
    wild_for: tuple[int, ...],
) -> tuple[int, ...] | str:
    """The tokens paid (per colour, wild last), or the reason it is refused:
    "cannot_afford" or "bad_payment"."""
    if (
        wild_needed(tuple((i, n) for i, n in enumerate(cost) if n), wild_cost, bonus, tokens)
        > tokens[WILD]
    ):
        return "cannot_afford"
    paid = [0, 0, 0, 0, 0, wild_cost]
    for i in range(5):
        need = cost[i] - bonus[i]
        g = wild_for[i]
        if need < 0:
            need = 0
        if g > need or need - g > tokens[i]:
            return "bad_payment"
        paid[i] = need - g
        paid[WILD] += g
    if paid[WILD] > tokens[WILD]:
        return "bad_payment"
    return tuple(paid)
