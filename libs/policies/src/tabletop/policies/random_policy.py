"""`random`: uniform over the legal moves, then over the ways of making the
one drawn (`moves.py`; a baseline, and a sanity check for everything that
drives policies)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop.kernel import Command, Game

from .moves import random_move


@dataclass(frozen=True, slots=True)
class RandomPolicy:
    name: str = "random"

    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Command:
        return random_move(game.legal_commands(state, seat), random.Random(seed))
