"""Splendor's commands: the engine's, and the choice of the visiting noble."""

from __future__ import annotations

from typing import Literal

from tabletop.games._gems.commands import COMMANDS as GEMS_COMMANDS
from tabletop.kernel import Command


class ChooseNoble(Command):
    """Several nobles qualify at the end of your turn: the one who visits."""

    type: Literal["choose_noble"] = "choose_noble"
    noble: int


COMMANDS: tuple[type[Command], ...] = (*GEMS_COMMANDS, ChooseNoble)
