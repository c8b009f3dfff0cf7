"""Splendor Pokémon's commands: the engine's, and the evolution step's two."""

from __future__ import annotations

from typing import Literal

from tabletop.games._gems.commands import COMMANDS as GEMS_COMMANDS
from tabletop.kernel import Command


class Evolve(Command):
    """Evolve your Pokémon `card` into `into`, its next stage, taken from the
    market or from your reserve."""

    type: Literal["evolve"] = "evolve"
    card: int
    into: int


class SkipEvolve(Command):
    """Decline to evolve this turn."""

    type: Literal["skip_evolve"] = "skip_evolve"


COMMANDS: tuple[type[Command], ...] = (*GEMS_COMMANDS, Evolve, SkipEvolve)
