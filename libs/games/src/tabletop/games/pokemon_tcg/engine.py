"""The event builder `decide` works with: it records each event and folds it
at once, so later rules see the state the earlier events made. Chance (coin
flips, shuffles) goes through here and always lands in an event."""

from __future__ import annotations

import random

from tabletop.kernel import Event

from . import messages as m
from .fold import evolve
from .state import State


class Builder:
    def __init__(self, state: State, rng: random.Random) -> None:
        self.state = state
        self.events: list[Event] = []
        self.rng = rng

    def emit(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)

    def flip(self, seat: int) -> bool:
        heads = self.rng.random() < 0.5
        self.emit(m.CoinFlipped(seat=seat, heads=heads))
        return heads

    def shuffle(self, seat: int) -> None:
        order = list(self.state.sides[seat].deck)
        self.rng.shuffle(order)
        self.emit(m.DeckShuffled(seat=seat, order=tuple(order)))

    def draw(self, seat: int, count: int) -> tuple[int, ...]:
        """Draw up to `count` cards (fewer when the deck runs out)."""
        cards = self.state.sides[seat].deck[:count]
        if cards:
            self.emit(
                m.CardsMoved(seat=seat, cards=cards, count=len(cards), source="deck", dest="hand")
            )
        return cards
