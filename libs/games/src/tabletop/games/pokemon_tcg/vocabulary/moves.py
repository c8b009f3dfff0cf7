"""Moving cards between piles: the one place the vocabulary and the pool
build a `CardsMoved`; and one event per picked card."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.kernel import Event

from ..effects import Ctx, Step
from ..events import CardsMoved, Zone
from ..interned import made

_moved = made(
    CardsMoved, "seat", "cards", "count", "source", "dest", "target", "origin", "revealed"
)


def move_cards(
    ctx: Ctx,
    cards: tuple[int, ...],
    source: Zone,
    dest: Zone,
    *,
    seat: int | None = None,
    origin: int | None = None,
    target: int | None = None,
    revealed: bool = False,
) -> None:
    """Move `cards` (if any) between piles, or onto / off the Pokémon
    `target` / `origin`, for `seat` (the controller unless given)."""
    if cards:
        mover = ctx.seat if seat is None else seat
        ctx.b.emit(_moved(mover, cards, len(cards), source, dest, target, origin, revealed))


def for_each_pick(key: str, event: Callable[[Ctx, int], Event]) -> Step:
    """A step emitting `event(ctx, pick)` for every card picked under `key`."""

    def step(ctx: Ctx) -> None:
        for pick in ctx.picks(key):
            ctx.b.emit(event(ctx, pick))

    return step
