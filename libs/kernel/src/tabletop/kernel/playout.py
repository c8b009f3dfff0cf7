"""Random-legal play through the public contract: what `tabletop simulate`,
the conformance suite and the benchmarks drive games with."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from .game import Game
from .messages import Command, Event


class StepLimitExceeded(RuntimeError):
    """A game did not finish within the step limit: a rules bug (a loop)."""


class Step(NamedTuple):
    """One command of a playout: the state before, the command, its events
    and the state after. A named tuple: immutable, and built in one C call
    (the benchmark builds one per command)."""

    before: Any
    command: Command
    events: tuple[Event, ...]
    after: Any


_new_step = tuple.__new__  # Step from a tuple, without the Python-level __new__


def random_playout(
    game: Game[Any],
    players: int,
    seed: int,
    *,
    max_steps: int = 20_000,
    **options: Any,
) -> tuple[list[Event], Iterator[Step]]:
    """Start a game and return (setup events, an iterator over its steps), each
    step choosing uniformly among the acting seats' legal commands."""
    rng = random.Random(seed)
    setup = game.setup(players, seed=rng.getrandbits(64), **options)
    return setup, _steps(game, game.replay(setup), rng, max_steps)


def _steps(game: Game[Any], state: Any, rng: random.Random, max_steps: int) -> Iterator[Step]:
    # The game's methods bound once: this loop is what the benchmark measures.
    to_act, legal_commands, decide_and_fold = game.to_act, game.legal_commands, game.decide_and_fold
    choice, getrandbits = rng.choice, rng.getrandbits
    for _ in range(max_steps):
        acting = to_act(state)
        if not acting:
            return
        seat = acting[0] if len(acting) == 1 else choice(acting)
        commands = legal_commands(state, seat)
        n = len(commands)
        if n == 1:
            command = commands[0]
        elif n:
            # `choice(commands)` inlined, drawing exactly as it does
            # (`Random._randbelow_with_getrandbits`, the same in 3.11-3.13;
            # tests/kernel/test_playout.py): two Python frames fewer a step.
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            command = commands[r]
        else:
            raise RuntimeError(f"{game.id}: seat {seat} must act but has no legal command")
        # One generator for choices and chance: reproducible per seed, and no
        # per-step seeding cost (it dominated the fastest games' steps).
        events, after = decide_and_fold(state, command, rng)
        yield _new_step(Step, (state, command, tuple(events), after))
        state = after
    raise StepLimitExceeded(f"{game.id}: no end after {max_steps} steps")
