"""The one event builder every game's `decide` works with.

A command's consequences often depend on each other (a refill after a marble
is taken, a turn that ends after a card is bought), so `decide` records each
event and folds it at once: later steps read `builder.state`, the state the
earlier events made. Chance goes through the builder's `rng` and always lands
in an event, so `evolve` never needs one. At the end `builder.events` is what
`decide` returns and `builder.state` is the fold of those events: a game's
`decide_move` returns the builder, and `Game.decide_and_fold` hands both on,
so no caller folds those events a second time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

from .messages import Event

S = TypeVar("S")


class EventBuilder(Generic[S]):
    """Events of one command, each folded into `state` as it is recorded."""

    __slots__ = ("events", "fold", "rng", "state")

    def __init__(self, state: S, rng: random.Random, fold: Callable[[S, Event], S]) -> None:
        self.state = state
        self.rng = rng
        self.fold = fold
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        """Record events in order, folding each before the next."""
        for event in events:
            self.events.append(event)
            self.state = self.fold(self.state, event)

    def extend(self, events: Iterable[Event]) -> None:
        self.emit(*events)
