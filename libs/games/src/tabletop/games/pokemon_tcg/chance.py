"""Coin flips, shuffles and draws: the steps that read the builder's rng or
the hidden order of a deck, each recorded as an event."""

from __future__ import annotations

from tabletop.kernel import EventBuilder

from .events import CardsMoved, CoinFlipped, DeckShuffled
from .interned import interned, made
from .state import State

_flipped = interned(CoinFlipped, "seat", "heads")
_shuffled = made(DeckShuffled, "seat", "order")


def flip(b: EventBuilder[State], seat: int) -> bool:
    heads = b.rng.random() < 0.5
    b.emit(_flipped[seat, heads])
    return heads


def shuffle(b: EventBuilder[State], seat: int) -> None:
    order = list(b.state.sides[seat].deck)
    b.rng.shuffle(order)
    b.emit(_shuffled(seat, tuple(order)))


_drawn = interned(CardsMoved, "seat", "cards", "count", "source", "dest")


def draw(b: EventBuilder[State], seat: int, count: int) -> tuple[int, ...]:
    """Draw up to `count` cards (fewer when the deck runs out)."""
    cards = b.state.sides[seat].deck[:count]
    if cards:
        b.emit(_drawn[seat, cards, len(cards), "deck", "hand"])
    return cards
