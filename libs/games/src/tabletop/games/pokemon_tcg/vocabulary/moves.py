"""Moving cards between piles: the one place the vocabulary and the pool
build a `CardsMoved`; and one event per picked card."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.kernel import Event

from ..effects import Ctx, Step
from ..events import CardsMoved, Zone


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
        ctx.b.emit(
            CardsMoved(
                seat=ctx.seat if seat is None else seat,
                cards=cards,
                count=len(cards),
                source=source,
                dest=dest,
                target=target,
                origin=origin,
                revealed=revealed,
            )
        )


def for_each_pick(key: str, event: Callable[[Ctx, int], Event]) -> Step:
    """A step emitting `event(ctx, pick)` for every card picked under `key`."""

    def step(ctx: Ctx) -> None:
        for pick in ctx.picks(key):
            ctx.b.emit(event(ctx, pick))

    return step
