"""Which cards a player can pay for, all cards at once, without a loop over
their costs.

One int holds a 6-bit lane per card id. `short[i][h]` has, in card c's lane,
what c's cost in colour i exceeds a holding of h (bonus + tokens of that
colour), 0 when h covers it; the last colour's table also carries each card's
printed wild cost. Adding a player's five entries gives every card's wild
need in its lane, and subtracting that from 32 + the wild tokens held leaves
a lane's bit 5 set exactly when the need is at most the wild tokens: when
`payment` succeeds. Five lookups, four additions, a subtraction and a mask
for every card, where a per-card test takes a dozen bytecodes per card.
`legal.actions` computes that sum inline, on the hottest path (tested
against `payment` by tests/games/splendor/test_gems_engine.py).
"""

from __future__ import annotations

from .ruleset import N_COLORS, CardTable

LANE = 6  # bits per card: a need of up to 31 (a card's whole price) fits
WIDE = 20  # bits per card in the per-colour tables: 4 per colour


class Affordability:
    """The lane tables of a rule set (built once per game)."""

    def __init__(self, cards: CardTable, max_holding: int) -> None:
        n = len(cards)
        if any(sum(cost) + w > 31 for cost, w in zip(cards.cost, cards.wild_cost, strict=True)):
            raise ValueError("a price above 31 tokens does not fit a 6-bit lane")

        def lanes(need: list[int]) -> int:
            return sum(k << (LANE * c) for c, k in enumerate(need))

        short = [
            [
                lanes([max(0, cards.cost[c][i] - h) for c in range(n)])
                for h in range(max_holding + 1)
            ]
            for i in range(N_COLORS)
        ]
        wild = lanes(list(cards.wild_cost))  # printed wild costs ride on the last colour
        short[-1] = [need + wild for need in short[-1]]
        self.short = tuple(tuple(by_holding) for by_holding in short)
        self.guards = sum(32 << (LANE * c) for c in range(n))
        self.budget = tuple(sum((32 + w) << (LANE * c) for c in range(n)) for w in range(32))
        # A card's lane bit; the extra last entry (index EMPTY, -1) is no card.
        self.bit = (*(32 << (LANE * c) for c in range(n)), 0)
        self.shift = tuple(LANE * c for c in range(n))
        # The same per colour, but one 4-bit field per colour in a 20-bit
        # lane per card (costs are below 16): `shortfalls` gives every
        # card's per-colour split of its default payment at once.
        if any(k > 15 for cost in cards.cost for k in cost):
            raise ValueError("a colour cost above 15 does not fit a 4-bit field")
        top = max(k for cost in cards.cost for k in cost)  # past it, every field is 0
        self.split = tuple(
            tuple(
                sum(max(0, cards.cost[c][i] - h) << (WIDE * c + 4 * i) for c in range(n))
                if h < top
                else 0
                for h in range(max_holding + 1)
            )
            for i in range(N_COLORS)
        )
        self.wide_shift = tuple(WIDE * c for c in range(n))

    def shortfalls(self, tokens: tuple[int, ...], bonus: tuple[int, ...]) -> tuple[int, int]:
        """Per card's 20-bit lane, per colour's 4-bit field: what the default
        payment leaves to wild tokens (cost - bonus - tokens, at least 0),
        and what it pays in coloured tokens (which a wild one may replace)."""
        t0, t1, t2, t3, t4, _ = tokens
        b0, b1, b2, b3, b4 = bonus
        s0, s1, s2, s3, s4 = self.split
        short = s0[b0 + t0] + s1[b1 + t1] + s2[b2 + t2] + s3[b3 + t3] + s4[b4 + t4]
        need = s0[b0] + s1[b1] + s2[b2] + s3[b3] + s4[b4]
        return short, need - short  # field by field need >= short: no borrow
