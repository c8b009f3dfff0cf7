"""Benchmark: random 4-player games per second through the interface bots use
(`GAME.new`, `to_act`, `legal_commands`, `apply` with a random choice).

A measuring tool, not game logic: it is the one module here that reads a
clock, and nothing in the game imports it. `make bench` wires it in.
"""

from __future__ import annotations

import random
import time

from . import GAME

PLAYERS = 4


def bench(seconds: float) -> dict[str, float]:
    """Play seeded random 4-player games for about `seconds` (at least one)."""
    rng = random.Random(0)
    games = commands = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        state = GAME.new(PLAYERS, seed=rng.getrandbits(32))
        while acting := GAME.to_act(state):
            seat = acting[0]
            command = rng.choice(GAME.legal_commands(state, seat))
            state = GAME.apply(state, command, seed=rng.getrandbits(32))
            commands += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "players": float(PLAYERS),
        "games": float(games),
        "commands": float(commands),
        "seconds": elapsed,
        "games_per_second": games / elapsed,
        "commands_per_second": commands / elapsed,
    }
