"""Benchmark: random 2- and 4-player Splendor Pokémon games per second
through the interface bots use. A measuring tool (it reads a clock); the
game never imports it. `make bench` wires it in."""

from __future__ import annotations

from tabletop.games._gems.bench import measure

from . import GAME


def bench(seconds: float) -> dict[str, float]:
    """Games and actions per second for 2 and 4 players, over about `seconds`."""
    return measure(GAME, seconds)
