"""Events shared by the gem-market games (what the log records).

Token multisets are colour names in the rule set's colour order; cards are
ids into the game's card table. Game-specific events (a noble's visit, an
evolution) live in the game's own package.
"""

from __future__ import annotations

from typing import Literal

from tabletop.kernel import Event


class GameStarted(Event):
    type: Literal["game_started"] = "game_started"
    players: int
    market: tuple[tuple[int, ...], ...]  # face-up cards per row (-1: empty slot)
    decks: tuple[tuple[int, ...], ...] | None  # shuffled order, top first; None when redacted
    deck_sizes: tuple[int, ...]
    nobles: tuple[int, ...] = ()


class TokensTaken(Event):
    type: Literal["tokens_taken"] = "tokens_taken"
    seat: int
    tokens: tuple[str, ...]


class CardReserved(Event):
    type: Literal["card_reserved"] = "card_reserved"
    seat: int
    card: int | None  # None: taken blind from a deck and redacted for this seat
    level: int
    from_deck: bool
    wild: bool  # a wild token came with it
    refill: int | None = None  # the card that replaced it face up


class CardBought(Event):
    type: Literal["card_bought"] = "card_bought"
    seat: int
    card: int
    paid: tuple[str, ...]
    refill: int | None = None


class TokensReturned(Event):
    type: Literal["tokens_returned"] = "tokens_returned"
    seat: int
    tokens: tuple[str, ...]


class Passed(Event):
    type: Literal["passed"] = "passed"
    seat: int


class TurnEnded(Event):
    type: Literal["turn_ended"] = "turn_ended"
    seat: int


EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    TokensTaken,
    CardReserved,
    CardBought,
    TokensReturned,
    Passed,
    TurnEnded,
)
