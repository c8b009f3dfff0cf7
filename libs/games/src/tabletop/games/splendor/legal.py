"""Splendor's legal commands beyond the engine's: the nobles one may choose."""

from __future__ import annotations

from tabletop.games._gems import State
from tabletop.kernel import Command

from .commands import ChooseNoble
from .state import qualifying


def noble_choices(book: dict[int, ChooseNoble], s: State, seat: int) -> list[Command]:
    """`book`: the seat's `choose_noble` commands by noble, built once."""
    return [book[n] for n in qualifying(s.players[seat].bonus, s.nobles)]
