"""`to_act` and `legal_commands`: who acts, and everything they may do.

The lists mirror `decide` exactly (a test checks it); loops are bounded: a
marble moved from the pool to hand this turn cannot go back to the pool,
Little Help is once per turn, each potion is drunk once.
"""

from __future__ import annotations

from functools import cache

from tabletop.kernel import Command

from . import commands as cm
from .commands import make
from .data import COLOURS
from .dispenser import reachable
from .effects import drinkable, effect_options
from .potions import placeable, stashable
from .state import DRAFT, PLAY, REFILL, TIEBREAK, State, draft_seat
from .turns import may_end_take


@cache
def _spots(
    cls: type[cm.Take | cm.LittleHelp], seat: int, reaches: tuple[int, ...]
) -> tuple[Command, ...]:
    """Take / Little Help at every reachable marble, given each track's reach."""
    return tuple(cls(seat=seat, track=t, pos=p) for t, r in enumerate(reaches) for p in range(r))


def to_act(state: State) -> list[int]:
    phase = state.phase
    if phase in (PLAY, REFILL):
        return [state.current]
    if phase == DRAFT:
        return [draft_seat(state)]
    if phase == TIEBREAK:
        return [state.tiebreak[0]]
    return []


def legal_commands(state: State, seat: int) -> list[Command]:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == DRAFT:
        return [make(cm.Draft, seat=seat, tile=t) for t in state.offer]
    if phase == REFILL:
        return [make(cm.ChooseStack, seat=seat, stack=i) for i, st in enumerate(state.stacks) if st]
    if phase == TIEBREAK:
        return list(_spots(cm.Take, seat, tuple(reachable(row) for row in state.tracks)))
    turn = state.turn
    if turn.pending is not None:
        return effect_options(state, seat, turn.pending)
    out: list[Command] = []
    reaches = tuple(reachable(row) for row in state.tracks)
    if not turn.taken:
        out.extend(_spots(cm.Take, seat, reaches))
    if not turn.helped:
        out.extend(_spots(cm.LittleHelp, seat, reaches))
    places = placeable(state)
    out.extend(make(cm.Place, seat=seat, colour=COLOURS[c], slot=s) for c, s in places)
    player = state.players[seat]
    spare = stashable(state)
    out.extend(make(cm.Stash, seat=seat, colour=COLOURS[c]) for c in spare)
    out.extend(
        make(cm.Unstash, seat=seat, colour=COLOURS[c])
        for c in range(len(COLOURS))
        if player.pool[c]
    )
    out.extend(make(cm.Drink, seat=seat, potion=i) for i in drinkable(state, seat))
    if not places and not spare and may_end_take(state):
        out.append(make(cm.EndTurn, seat=seat))
    return out
