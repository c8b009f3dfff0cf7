"""Formations and the strength of a side of a stone, as one comparable int.

A key is `rank * 100 + sum`: colour run (4) > three/four of a kind (3) >
colour (2) > run (1) > sum (0). Under Blind-man's bluff only the sum counts
(rank 0). `best_possible` answers "what is the strongest formation this side
could still end with", given the cards that may still join it: the early-claim
proof compares it with the claimer's key. Elite troops are wild: any colour,
and the values listed in `cards.ELITE_VALUES`; they take the assignment best
for their owner.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations, product

from .cards import CLAN_COUNT, COLOUR_MASK, ELITE_VALUES, VALUE_MASK, is_clan

SUM, RUN, COLOUR, KIND, COLOUR_RUN = range(5)
FORMATION_NAMES = ("sum", "run", "colour", "kind", "colour-run")
NO_KEY = -1  # the side cannot be completed at all
# RUNS[n][s]: the values s..s+n-1 as a bit set (bit v-1 for value v).
RUNS = tuple(tuple(((1 << n) - 1) << (s - 1) if s else 0 for s in range(10)) for n in range(5))


def formation_name(key: int) -> str:
    return FORMATION_NAMES[key // 100]


_BY_VALUE = tuple((v, VALUE_MASK[v]) for v in range(9, 0, -1))  # highest first


def _top(pool: int, m: int) -> int:
    """Sum of the m highest values among the clan cards in `pool`, or -1."""
    if m == 0:
        return 0
    total = 0
    for v, cards in _BY_VALUE:
        count = (pool & cards).bit_count()
        if count >= m:
            return total + v * m
        total += v * count
        m -= count
    return -1


def _run_start(values: tuple[int, ...], n: int) -> range:
    """Starts s (highest first) of runs s..s+n-1 that contain all `values`."""
    if values:
        lo, hi = min(values), max(values)
        return range(min(10 - n, lo), max(hi - n + 1, 1) - 1, -1)
    return range(10 - n, 0, -1)


def _best(colours: int, values: tuple[int, ...], m: int, pool: int, blind: bool) -> int:
    """Best key of a side whose placed cards have `values` (their clan cards'
    colours as the bit set `colours`; wild cards add a value but no colour),
    completed by m more distinct clan cards from `pool`."""
    if m > pool.bit_count():
        return NO_KEY
    total = sum(values)
    if blind:
        return SUM * 100 + total + _top(pool, m)
    n = len(values) + m
    candidates: tuple[int, ...] | range
    if colours == 0:
        candidates = range(6)
    elif colours & (colours - 1) == 0:
        candidates = (colours.bit_length() - 1,)
    else:
        candidates = ()
    # Values as bit sets (bit v-1): a run s..s+n-1 is the bits RUNS[n][s].
    placed = 0
    for v in values:
        placed |= 1 << (v - 1)
    distinct = placed.bit_count() == len(values)
    if candidates and distinct:
        for s in _run_start(values, n):
            missing = RUNS[n][s] & ~placed
            for c in candidates:
                if not (missing << (9 * c)) & ~pool:
                    return COLOUR_RUN * 100 + n * s + n * (n - 1) // 2
    if not values or min(values) == max(values):
        for v in values[:1] if values else range(9, 0, -1):
            if (pool & VALUE_MASK[v]).bit_count() >= m:
                return KIND * 100 + n * v
    best = NO_KEY
    for c in candidates:
        top = _top(pool & COLOUR_MASK[c], m)
        if top >= 0:
            best = max(best, COLOUR * 100 + total + top)
    if best >= 0:
        return best
    if distinct:
        present = placed
        for c in range(6):
            present |= pool >> (9 * c) & 0x1FF
        for s in _run_start(values, n):
            if not RUNS[n][s] & ~present:
                return RUN * 100 + n * s + n * (n - 1) // 2
    return SUM * 100 + total + _top(pool, m)


def _assignments(
    side: tuple[int, ...], missing: int, wild_pool: tuple[int, ...]
) -> Iterator[tuple[int, tuple[int, ...], int]]:
    """(clan colours, values, clan cards still to add) for every way the wild
    cards of `side`, and those joining it from `wild_pool`, may be read;
    the likely strongest first (more wild cards, higher values)."""
    colours = 0
    values: list[int] = []
    wilds: list[int] = []
    for card in side:
        if is_clan(card):
            colours |= 1 << (card // 9)
            values.append(card % 9 + 1)
        else:
            wilds.append(card)
    for k in range(min(missing, len(wild_pool)), -1, -1):
        for extra in combinations(wild_pool, k):
            options = [ELITE_VALUES[w][::-1] for w in (*wilds, *extra)]
            for chosen in product(*options):
                yield colours, (*values, *chosen), missing - k


@lru_cache(maxsize=1 << 17)
def best_possible(
    side: tuple[int, ...],
    need: int,
    pool: int = 0,
    wild_pool: tuple[int, ...] = (),
    blind: bool = False,
) -> int:
    """The strongest key `side` (sorted card ids) can reach with `need` cards,
    adding clan cards from the bit mask `pool` and elite troops from
    `wild_pool`. NO_KEY if it cannot be completed."""
    missing = need - len(side)
    if missing < 0:
        return NO_KEY
    best = NO_KEY
    for colours, values, m in _assignments(side, missing, wild_pool):
        key = _best(colours, values, m, pool, blind)
        if key > best:
            best = key
    return best


@lru_cache(maxsize=1 << 17)
def can_beat(
    side: tuple[int, ...], need: int, pool: int, wild_pool: tuple[int, ...], blind: bool, key: int
) -> bool:
    """Whether `side` (sorted) can still end stronger than `key`: the
    early-claim proof, stopping at the first completion that beats it."""
    missing = need - len(side)
    if missing < 0:
        return False
    return any(
        _best(colours, values, m, pool, blind) > key
        for colours, values, m in _assignments(side, missing, wild_pool)
    )


def could_beat(
    side: tuple[int, ...], need: int, pool: int, wild_pool: tuple[int, ...], blind: bool, key: int
) -> bool:
    """`can_beat` for a side in any order. A side of clan cards only, with no
    elite troop left to join it, has one reading: it is completed directly
    (the pool changes every turn, so a cache of those would rarely hit)."""
    if wild_pool or max(side, default=0) >= CLAN_COUNT:
        return can_beat(tuple(sorted(side)), need, pool, wild_pool, blind, key)
    missing = need - len(side)
    if missing < 0:
        return False
    if key < 100:
        # Against a sum (random play's usual claim), the highest cards left
        # settle it at once: any completion's key is at least its sum. Under
        # Blind-man's bluff only sums count, so that is the whole answer.
        total = 0
        for card in side:
            total += card % 9 + 1
        top = _top(pool, missing)
        if top >= 0 and total + top > key:
            return True
        if blind:
            return False
    colours = 0
    for card in side:
        colours |= 1 << (card // 9)
    values = tuple(card % 9 + 1 for card in side)
    return _best(colours, values, missing, pool, blind) > key


def _key3(side: tuple[int, ...], blind: bool) -> int:
    """The key of three clan cards, directly (`best_possible` reads elite
    troops, which these have none of)."""
    a, b, c = side
    va, vb, vc = a % 9 + 1, b % 9 + 1, c % 9 + 1
    total = va + vb + vc
    if blind:
        return SUM * 100 + total
    flush = a // 9 == b // 9 == c // 9
    if va == vb == vc:
        return KIND * 100 + total
    run = va != vb != vc != va and max(va, vb, vc) - min(va, vb, vc) == 2
    if run:
        return (COLOUR_RUN if flush else RUN) * 100 + total
    return (COLOUR if flush else SUM) * 100 + total


@lru_cache(maxsize=1 << 16)
def side_key(side: tuple[int, ...], blind: bool) -> int:
    """The key of a complete side (elite troops at their best)."""
    if len(side) == 3 and max(side) < CLAN_COUNT:
        return _key3(side, blind)
    return best_possible(tuple(sorted(side)), len(side), 0, (), blind)
