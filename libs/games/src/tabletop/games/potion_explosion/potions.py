"""Potions on the burners: their open holes, where a marble in hand may go
(a burner or the pool), and completing a potion once its last hole is filled."""

from __future__ import annotations

from tabletop.kernel import EventBuilder, IllegalCommand

from .codes import PotionCode
from .data import COLOURS, COMPLETIONS_PER_TURN, POOL_LIMIT
from .dispenser import refill
from .events import Completed, shared
from .state import Player, State


def slots_for(player: Player, colour: int) -> list[int]:
    """Burner slots whose potion has an open hole of `colour` (the two burners
    unrolled: every place, stash and end of turn asks)."""
    first, second = player.burners
    slots = [0] if first is not None and first.unfilled[colour] else []
    if second is not None and second.unfilled[colour]:
        slots.append(1)
    return slots


def any_open_hole(player: Player) -> bool:
    return any(b is not None and any(b.unfilled) for b in player.burners)


def placeable(state: State) -> list[tuple[int, int]]:
    """(colour, slot) pairs a marble in hand may go to."""
    player = state.players[state.current]
    hand = state.turn.hand
    return [(c, s) for c in range(len(COLOURS)) if hand[c] for s in slots_for(player, c)]


def stashable(state: State) -> list[int]:
    """Colours of hand marbles that may go into the pool now: it has room, no
    burner potion has an open hole of that colour, and the marble did not come
    from the pool this turn. While this is not empty the turn may not end:
    marbles go back to the dispenser only when the pool is full."""
    player = state.players[state.current]
    if sum(player.pool) >= POOL_LIMIT:
        return []
    hand, kept = state.turn.hand, state.turn.kept
    return [c for c in range(len(COLOURS)) if hand[c] > kept[c] and not slots_for(player, c)]


def check_completion_limit(state: State, slot: int, colour: int) -> None:
    burner = state.players[state.current].burners[slot]
    assert burner is not None
    would_complete = sum(burner.unfilled) == 1 and burner.unfilled[colour] == 1
    if would_complete and state.turn.completed >= COMPLETIONS_PER_TURN:
        raise IllegalCommand(
            PotionCode.POTION_LIMIT, f"at most {COMPLETIONS_PER_TURN} potions per turn"
        )


def complete_if_full(b: EventBuilder[State], seat: int, slot: int) -> None:
    """A potion with no open hole left is completed; its marbles go back to
    the reservoir, so the dispenser refills."""
    burner = b.state.players[seat].burners[slot]
    if burner is not None and not any(burner.unfilled):
        b.emit(shared(Completed, seat=seat, slot=slot, tile=burner.tile))
        refill(b)
