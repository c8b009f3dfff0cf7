"""Benchmark helper: random games per second through the interface bots use
(`GAME.new`, `to_act`, `legal_commands`, `apply` with a random choice).

A measuring tool, not game logic: the only module of the gem games that reads
a clock, and no game imports it. Each game's `bench.py` calls `measure`.
"""

from __future__ import annotations

import random
import time

from tabletop.kernel import Game


def play(game: Game, players: int, seconds: float, seed: int = 0) -> tuple[int, int, float, float]:
    """Seeded random games for about `seconds` (at least one):
    (games, actions, elapsed seconds, CPU seconds of this process)."""
    rng = random.Random(seed)
    games = actions = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        state = game.new(players, seed=rng.getrandbits(32))
        while acting := game.to_act(state):
            command = rng.choice(game.legal_commands(state, acting[0]))
            state = game.apply(state, command, seed=rng.getrandbits(32))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start, time.process_time() - cpu


def measure(
    game: Game, seconds: float, player_counts: tuple[int, ...] = (2, 4)
) -> dict[str, float]:
    """`{"2p_games_per_s": ..., "2p_actions_per_s": ..., "4p_...": ...}` in
    wall-clock time, splitting `seconds` evenly over the player counts. The
    `*_cpu_*` figures divide by this process's CPU time instead, which is the
    steadier number on a machine shared with other work."""
    out: dict[str, float] = {}
    for n in player_counts:
        games, actions, elapsed, cpu = play(game, n, seconds / len(player_counts))
        out[f"{n}p_games_per_s"] = games / elapsed
        out[f"{n}p_actions_per_s"] = actions / elapsed
        out[f"{n}p_actions_per_game"] = actions / games
        out[f"{n}p_cpu_games_per_s"] = games / cpu
        out[f"{n}p_cpu_actions_per_s"] = actions / cpu
    return out
