"""Rollout policies: how search plays on past its tree before evaluating.

Rollouts are truncated (`depth` steps) and the end state is scored with
`Game.evaluate`: full random playouts cost hundreds of `decide` calls each
and say little in games as long as ours.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop.kernel import Game

from .greedy import best_command
from .moves import random_move
from .policy import step

Rollout = Callable[[Game[Any], Any, int, random.Random], Any]

GREEDY_SHARE = 0.5  # epsilon-greedy: the share of rollout steps played greedily


def random_rollout(game: Game[Any], state: Any, depth: int, rng: random.Random) -> Any:
    """Up to `depth` random steps (uniform over moves, then ways: `moves.py`)."""
    for _ in range(depth):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        state = step(game, state, random_move(game.legal_commands(state, seat), rng), rng)
    return state


def greedy_rollout(game: Game[Any], state: Any, depth: int, rng: random.Random) -> Any:
    """Up to `depth` steps, each greedy with probability GREEDY_SHARE, else random.
    The world is already sampled, so looking at it whole is fair here."""
    for _ in range(depth):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        legal = game.legal_commands(state, seat)
        if len(legal) > 1 and rng.random() < GREEDY_SHARE:
            command = best_command(game, [state], seat, legal, rng)
        else:
            command = random_move(legal, rng)
        state = step(game, state, command, rng)
    return state


ROLLOUTS: dict[str, Rollout] = {"random": random_rollout, "greedy": greedy_rollout}
