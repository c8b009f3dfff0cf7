"""Splendor keeps the engine's state (`tabletop.games._gems.state`); this
module adds its one query on it: which nobles a player's bonuses meet."""

from __future__ import annotations

from .data import NOBLES

# Per colour and bonus count (up to 63, past any reachable count): the bit set
# of the nobles whose requirement in that colour the count meets. A noble
# qualifies when its bit survives the AND over the five colours.
MEETS = tuple(
    tuple(sum(1 << n for n, req in enumerate(NOBLES) if req[i] <= k) for k in range(64))
    for i in range(5)
)


def qualifying(bonus: tuple[int, ...], nobles: tuple[int, ...]) -> tuple[int, ...]:
    """The nobles on the table whose requirement these bonuses meet."""
    b0, b1, b2, b3, b4 = bonus
    m0, m1, m2, m3, m4 = MEETS
    met = m0[b0] & m1[b1] & m2[b2] & m3[b3] & m4[b4]
    if not met:
        return ()
    return tuple([n for n in nobles if met >> n & 1])
