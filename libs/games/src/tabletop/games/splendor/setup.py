"""Splendor's setup beyond the engine's deal: players + 1 nobles, drawn at random."""

from __future__ import annotations

import random

from .data import NOBLES


def deal_nobles(players: int, rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.sample(range(len(NOBLES)), players + 1))
