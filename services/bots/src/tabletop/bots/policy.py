"""How a bot chooses a move. A policy sees only what its seat may know: the
legal commands for its seat and worlds sampled consistently with its view
(`sample_world`), never the true hidden state. Search bots implement the same
`Policy` protocol and register under their difficulty name."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from tabletop.kernel import Command, Game

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class BotTurn:
    game: Game
    seat: int
    legal: list[Command]  # every legal command for `seat` (public to that seat)
    sample: Callable[[int], Any]  # seed -> a full state `seat` cannot tell from the real one
    seed: int  # derived from (game id, seq, seat): a redelivered turn picks the same move


class Policy(Protocol):
    name: str

    def choose(self, turn: BotTurn) -> Command: ...


class RandomPolicy:
    """A uniformly random legal command."""

    name = "random"

    def choose(self, turn: BotTurn) -> Command:
        return random.Random(turn.seed).choice(turn.legal)


POLICIES: dict[str, Policy] = {"random": RandomPolicy()}


def policy_for(difficulty: str) -> Policy:
    """The policy of a difficulty; unknown ones play random (and say so)."""
    policy = POLICIES.get(difficulty)
    if policy is None:
        log.warning("no bot policy %r; playing random", difficulty)
        return POLICIES["random"]
    return policy
