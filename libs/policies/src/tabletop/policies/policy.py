"""The `Policy` protocol: how anything (the bots service, the tournament
harness, tests) asks a bot for a move.

A policy is called with the REAL state of a game but may only look at it the
way its seat may: through `game.sample_world(state, seat, seed)`,
`game.legal_commands(state, seat)` and `game.view(state, seat)` for its own
seat. Everything else it does happens on sampled worlds. Policies are pure:
the same (state, seat, seed) gives the same command when the budget is
counted in iterations (a time budget depends on the machine).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from tabletop.kernel import Command, Game


@runtime_checkable
class Policy(Protocol):
    """Chooses a legal command for `seat`, which must be one of `game.to_act(state)`."""

    @property
    def name(self) -> str:
        """A short label, e.g. "random", "greedy" or "ismcts:1s"."""
        ...

    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Command:
        """A command from `game.legal_commands(state, seat)`."""
        ...


@dataclass(frozen=True, slots=True)
class Choice:
    """A chosen command and what choosing it cost."""

    command: Command
    iterations: int = 0  # search iterations run (0: no search, or a forced move)


def deliberate(policy: Policy, game: Game[Any], state: Any, seat: int, seed: int) -> Choice:
    """`policy.choose` with its statistics: a searching policy reports them
    through its own `deliberate`; for the others the choice is all there is.
    (Returned, not kept on the policy: one policy serves concurrent moves.)"""
    own = getattr(policy, "deliberate", None)
    if own is not None:
        choice: Choice = own(game, state, seat, seed)
        return choice
    return Choice(policy.choose(game, state, seat, seed))


def command_key(command: Command) -> Hashable:
    """A cheap hashable stand-in for a command's wire form (its type and
    field values): equal commands from different sampled worlds share it."""
    return (type(command), *command.__dict__.values())


def step(game: Game[Any], state: Any, command: Command, rng: Any) -> Any:
    """`decide` then `fold`, with chance drawn from `rng` (search's apply)."""
    return game.decide_and_fold(state, command, rng)[1]
