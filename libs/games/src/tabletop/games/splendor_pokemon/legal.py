"""Splendor Pokémon's legal commands beyond the engine's: the evolutions one
may make now, and declining."""

from __future__ import annotations

from tabletop.games._gems import State
from tabletop.kernel import Command

from .commands import Evolve, SkipEvolve
from .state import evolutions


def evolution_choices(
    made: dict[tuple[int, int, int], Evolve], skip: SkipEvolve, s: State, seat: int
) -> list[Command]:
    """`made`: the `evolve` commands built so far, shared (commands are immutable)."""
    options: list[Command] = []
    for c, t in evolutions(s.players[seat], s.market):
        cmd = made.get((seat, c, t))
        if cmd is None:
            cmd = made[seat, c, t] = Evolve(seat=seat, card=c, into=t)
        options.append(cmd)
    options.append(skip)
    return options
