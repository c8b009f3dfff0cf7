"""Splendor Pokémon keeps the engine's state (`tabletop.games._gems.state`);
this module adds its queries on it: which evolutions a player may make."""

from __future__ import annotations

from tabletop.games._gems import Player

from .data import CARDS, EVOLVE_REQUIREMENT, EVOLVES_INTO

# Per card: (bonus colour, count, next-stage ids) or None, read in one lookup.
_EVOLUTION = tuple(
    None if req is None else (req[0], req[1], into)
    for req, into in zip(EVOLVE_REQUIREMENT, EVOLVES_INTO, strict=True)
)


def evolutions(p: Player, market: tuple) -> list[tuple[int, int]]:
    """(card, into) pairs the player may evolve now."""
    out = []
    bonus = p.bonus
    row = CARDS.row
    for c in p.cards:
        evolution = _EVOLUTION[c]
        if evolution is not None and bonus[evolution[0]] >= evolution[1]:
            for t in evolution[2]:
                if t in p.reserved or t in market[row[t]]:
                    out.append((c, t))
    return out


# For `evolvable`, asked after every action, as bit sets over card ids:
# MET[i][b]: the cards whose evolution requirement is in colour i and met by
# b bonuses of it (b up to 63, past any reachable count); EVOLVES_FROM[t]:
# the cards whose next stage is t (the extra last entry, index EMPTY, none).
MET = tuple(
    tuple(
        sum(
            1 << c
            for c, req in enumerate(EVOLVE_REQUIREMENT)
            if req and req[0] == i and req[1] <= b
        )
        for b in range(64)
    )
    for i in range(5)
)
EVOLVES_FROM = (
    *(sum(1 << c for c, into in enumerate(EVOLVES_INTO) if t in into) for t in range(len(CARDS))),
    0,
)
