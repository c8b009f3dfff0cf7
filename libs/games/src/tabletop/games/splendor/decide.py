"""Splendor's end-of-turn decision: a noble visits when the player's bonuses
meet its requirement. It is not an action and cannot be refused; one visits
per turn, and when several qualify the player chooses (`choose_noble`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games._gems.decide import Builder, act, expect
from tabletop.games._gems.state import CHOOSE
from tabletop.kernel import IllegalCommand

from .codes import SplendorCode
from .commands import ChooseNoble
from .state import qualifying

if TYPE_CHECKING:
    from .game import Splendor


def choose_noble(g: Splendor, b: Builder, cmd: ChooseNoble) -> None:
    s = b.state
    expect(g, s, CHOOSE)
    if cmd.noble not in s.nobles:
        raise IllegalCommand(SplendorCode.UNKNOWN_NOBLE, f"noble {cmd.noble} is not on the table")
    if cmd.noble not in qualifying(s.players[cmd.seat].bonus, s.nobles):
        raise IllegalCommand(
            SplendorCode.NOBLE_NOT_EARNED,
            f"your bonuses do not meet noble {cmd.noble}'s requirement",
        )
    act(g, b, g.noble_visited[cmd.seat][cmd.noble])
