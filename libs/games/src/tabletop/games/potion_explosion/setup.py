"""`start`: the first event of a game: the types in play, the dispenser's
shuffled marbles, the starting tiles offered and the shuffled potion stacks."""

from __future__ import annotations

import random

from tabletop.kernel import Event

from .data import (
    BURNERS,
    CLOCK,
    COLOURS,
    MARBLES_PER_COLOUR,
    SKILL_TOKENS,
    STACKS,
    TILES,
    TRACK_LENGTH,
    TRACKS,
    TYPE_INDEX,
    TYPES,
    TYPES_IN_GAME,
    TypeName,
)
from .events import Started


def start(
    players: int,
    excluded_types: tuple[TypeName, TypeName] | None,
    clock: int | None,
    max_rounds: int,
    rng: random.Random,
) -> list[Event]:
    """`excluded_types` left in the box (drawn when None); `clock` skill tokens
    on the game clock (the player count's default when None)."""
    n = players
    if excluded_types is None:
        excluded = set(rng.sample(range(len(TYPES)), len(TYPES) - TYPES_IN_GAME))
    else:
        excluded = {TYPE_INDEX[t] for t in excluded_types}
    types = tuple(t for t in range(len(TYPES)) if t not in excluded)
    marbles = [c for c in range(len(COLOURS)) for _ in range(MARBLES_PER_COLOUR)]
    rng.shuffle(marbles)
    on_tracks = TRACKS * TRACK_LENGTH
    tracks = tuple(
        tuple(COLOURS[c] for c in marbles[i * TRACK_LENGTH : (i + 1) * TRACK_LENGTH])
        for i in range(TRACKS)
    )
    rest = marbles[on_tracks:]
    counts = [rest.count(c) for c in range(len(COLOURS))]
    reservoir = (counts[0], counts[1], counts[2], counts[3])
    in_game = [t for t in TILES if t.type in types]
    # Each seat drafts one starting tile per burner.
    offer = tuple(sorted(rng.sample([t.id for t in in_game if t.start], BURNERS * n)))
    others = [t.id for t in in_game if t.id not in offer]
    rng.shuffle(others)
    stacks = tuple(tuple(others[i::STACKS]) for i in range(STACKS))
    clock = clock or CLOCK[n]
    return [
        Started(
            players=n,
            types=tuple(TYPES[t] for t in types),
            tracks=tracks,
            reservoir=reservoir,
            offer=offer,
            stacks=stacks,
            clock=clock,
            supply=max(0, SKILL_TOKENS - clock),
            max_rounds=max_rounds,
        )
    ]
