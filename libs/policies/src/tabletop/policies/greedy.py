"""`greedy`: one-ply lookahead with the game's evaluation (`Game.evaluate`).

It looks ahead on a world sampled for its seat, never on the real state, so it
knows what a player would: each command is tried there once (chance drawn
from a seeded generator) and the command whose result evaluates best for the
seat wins; ties are broken at random. Every way of making a move (each
payment of a card) is tried, but one other than the move's default way
(`moves.py`) wins only by evaluating strictly better than all before it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop.kernel import Command, Game, IllegalCommand

from .moves import is_variant
from .policy import step


@dataclass(frozen=True, slots=True)
class GreedyPolicy:
    name: str = "greedy"
    worlds: int = 1  # worlds sampled and averaged over (more: steadier, slower)

    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Command:
        legal = game.legal_commands(state, seat)
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(seed)
        samples = [game.sample_world(state, seat, rng.getrandbits(63)) for _ in range(self.worlds)]
        return best_command(game, samples, seat, legal, rng)


def best_command(
    game: Game[Any], worlds: list[Any], seat: int, legal: list[Command], rng: random.Random
) -> Command:
    """The command whose outcome evaluates best for `seat`, averaged over `worlds`."""
    best: list[Command] = []
    best_value = float("-inf")
    for command in legal:
        value = 0.0
        for world in worlds:
            try:
                value += game.evaluate(step(game, world, command, rng), seat)
            except IllegalCommand:  # not legal in this world: judge it by the others
                continue
        if value > best_value + 1e-12:
            best, best_value = [command], value
        elif value >= best_value - 1e-12 and not is_variant(command):
            best.append(command)  # a way other than the default must be better
    return best[0] if len(best) == 1 else rng.choice(best)
