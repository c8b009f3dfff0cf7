"""Paying for a card: bonuses discount, coloured tokens pay, wild tokens
(gold, master balls) pay printed wild costs and stand in for any colour.

How many wild tokens stand in for which colour is the player's choice
(rulebook: a gold replaces a token of any colour; `Buy.wild_for`). The
default, `payment`, spends coloured tokens first and wild tokens only for
what they cannot pay; `chosen` checks and prices an explicit choice;
`wild_choices` lists every other choice a holding allows, for
`legal_commands`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from .ruleset import N_COLORS, WILD, CardTable

Items = tuple[tuple[int, int], ...]


def cost_items(table: CardTable) -> tuple[Items, ...]:
    """Per card, its non-zero (colour, count) costs: the hot loops read these."""
    return tuple(tuple((i, n) for i, n in enumerate(cost) if n) for cost in table.cost)


def wild_needed(
    items: Items,
    wild_cost: int,
    bonus: tuple[int, ...],
    tokens: tuple[int, ...],
) -> int:
    """The wild tokens a default purchase takes (printed wild cost included)."""
    short = wild_cost
    for i, n in items:
        d = n - bonus[i] - tokens[i]
        if d > 0:
            short += d
    return short


def payment(
    items: Items,
    wild_cost: int,
    bonus: tuple[int, ...],
    tokens: tuple[int, ...],
) -> tuple[int, ...] | None:
    """The default payment: the tokens paid (per colour, wild last), coloured
    tokens first, or None if unaffordable."""
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


def chosen(
    items: Items,
    wild_cost: int,
    bonus: tuple[int, ...],
    tokens: tuple[int, ...],
    wild_for: tuple[int, ...],
) -> tuple[int, ...] | str:
    """The tokens paid when `wild_for[i]` wild tokens stand in for colour i,
    or why that payment is refused: "excess" (a wild token would replace
    more of a colour than the card, after bonuses, costs), "short" (the
    coloured or wild tokens held do not cover it) or "default" (it is the
    default payment, whose one command is the buy without `wild_for`: one
    command per payment keeps `legal_commands` exactly what is accepted)."""
    need = [0] * N_COLORS
    for i, n in items:
        if n > bonus[i]:
            need[i] = n - bonus[i]
    paid = [0, 0, 0, 0, 0, wild_cost]
    short = False
    for i in range(N_COLORS):
        x = wild_for[i]
        if x > need[i]:
            return "excess"
        paid[i] = need[i] - x
        paid[WILD] += x
        short = short or paid[i] > tokens[i]
    if short or paid[WILD] > tokens[WILD]:
        return "short"
    if all(wild_for[i] == max(0, need[i] - tokens[i]) for i in range(N_COLORS)):
        return "default"
    return tuple(paid)


def wild_choices(
    items: Items,
    wild_cost: int,
    bonus: tuple[int, ...],
    tokens: tuple[int, ...],
) -> tuple[tuple[int, ...], ...]:
    """Every affordable `wild_for` (per colour) other than the default one,
    in lexicographic order; () when wild tokens can replace nothing more
    (none to spare after the default payment, or no coloured token in it)."""
    spare = tokens[WILD] - wild_cost
    least = [0] * N_COLORS  # wild tokens the default payment already spends per colour
    room = [0] * N_COLORS  # coloured tokens it spends, which wild ones may replace
    for i, n in items:
        need = n - bonus[i]
        if need > 0:
            if need > tokens[i]:
                least[i] = need - tokens[i]
                spare -= least[i]
                room[i] = tokens[i]
            else:
                room[i] = need
    if spare <= 0:
        return ()
    r0, r1, r2, r3, r4 = room  # at most `spare` of each can change hands
    capped = (
        r0 if r0 < spare else spare,
        r1 if r1 < spare else spare,
        r2 if r2 < spare else spare,
        r3 if r3 < spare else spare,
        r4 if r4 < spare else spare,
    )
    return spread(tuple(least), capped, spare)


@lru_cache(maxsize=1 << 12)
def spread(
    least: tuple[int, ...], room: tuple[int, ...], spare: int
) -> tuple[tuple[int, ...], ...]:
    """Every `least + extra` with extra[i] <= room[i] and 1 <= sum(extra) <=
    spare, in lexicographic order. The same few arguments recur for every
    card and seat: cached."""
    ranges = [range(lo, lo + r + 1) for lo, r in zip(least, room, strict=True)]
    base = sum(least)
    return tuple(x for x in product(*ranges) if base < sum(x) <= base + spare)
