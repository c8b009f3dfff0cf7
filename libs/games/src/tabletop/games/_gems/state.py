"""The engine's internal state: immutable named tuples of tuples and small
ints (a tuple is built in one C call, several times cheaper than a frozen
dataclass; bot search builds millions). Never crosses the wire: views and
events do. Copies with changes use the records' own `_replace` (ADR 0021); the
hottest folds build the whole record from a tuple instead (`evolve.py`).

Card ids index the rule set's `CardTable`; token vectors have one entry per
colour and the wild token last; an empty market slot holds `EMPTY`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .stall import NO_STALL, Stall

EMPTY = -1

# Steps of a turn. The action comes first; the others are the end-of-turn
# sub-decisions of the same seat. ENDING (the turn ends now) and AUTO (it
# ends after the game's automatic events, a single noble's visit) are
# transient inside one command.
ACTION, RETURN, CHOOSE, ENDING, OVER, AUTO = range(6)


class Player(NamedTuple):
    tokens: tuple[int, ...]  # per colour, wild last
    bonus: tuple[int, ...]  # per colour, from the cards in front
    points: int
    cards: tuple[int, ...]  # in front of the player, in the order taken
    reserved: tuple[int, ...]  # in hand, in the order reserved
    blind: tuple[int, ...] = ()  # reserved cards taken from a deck top (hidden)
    nobles: tuple[int, ...] = ()  # Splendor: nobles that visited
    under: tuple[int, ...] = ()  # Pokémon: evolved-from cards under the trainer tile


class _Fields(NamedTuple):
    players: tuple[Player, ...]
    supply: tuple[int, ...]
    market: tuple[tuple[int, ...], ...]  # per row, its face-up slots
    decks: tuple[tuple[int, ...], ...]  # per row, top card first (hidden order)
    nobles: tuple[int, ...]  # Splendor: nobles still on the table
    seat: int  # whose turn it is
    step: int
    turn: int = 0  # turns completed
    ending: bool = False  # someone reached the target: this round is the last
    passes: int = 0  # consecutive turns without an action
    stall: Stall = NO_STALL  # the stall guard's record (`stall.py`)


class State(_Fields):
    """A game state. Its value is the tuple; the instance dict is a per-state
    memo (legal commands, the fold of the last decided command), which is
    not part of the value: copies and pickles rebuild the bare tuple."""

    @property
    def memo(self) -> dict[str, Any]:
        return self.__dict__

    def __reduce__(self) -> tuple[Any, ...]:
        return (State, tuple(self))


def new_player() -> Player:
    return Player((0,) * 6, (0,) * 5, 0, (), ())
