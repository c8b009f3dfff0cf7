"""The engine's internal state: frozen slotted dataclasses of tuples and
small ints. Never crosses the wire (views and events do).

Card ids index the rule set's `CardTable`; token vectors have one entry per
colour and the wild token last; an empty market slot holds `EMPTY`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

EMPTY = -1

# Steps of a turn. The action comes first; the others are the end-of-turn
# sub-decisions of the same seat. ENDING is transient inside one command.
ACTION, RETURN, CHOOSE, ENDING, OVER = range(5)


@dataclass(frozen=True, slots=True)
class Player:
    tokens: tuple[int, ...]  # per colour, wild last
    bonus: tuple[int, ...]  # per colour, from the cards in front
    points: int
    cards: tuple[int, ...]  # in front of the player, in the order taken
    reserved: tuple[int, ...]  # in hand, in the order reserved
    blind: tuple[int, ...] = ()  # reserved cards taken from a deck top (hidden)
    nobles: tuple[int, ...] = ()  # Splendor: nobles that visited
    under: tuple[int, ...] = ()  # Pokémon: evolved-from cards under the trainer tile


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[Player, ...]
    supply: tuple[int, ...]
    market: tuple[tuple[int, ...], ...]  # per row, its face-up slots
    decks: tuple[tuple[int, ...], ...]  # per row, top card first (hidden order)
    nobles: tuple[int, ...]  # Splendor: nobles still on the table
    seat: int  # whose turn it is
    step: int
    turn: int = 0  # turns completed
    ending: bool = False  # someone reached the target: the round is the last
    passes: int = 0  # consecutive turns without an action
    # Per-state memo (legal commands, the fold of the last decided command);
    # not part of the state's value.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    # The memo is a cache, not state: copies and pickles start with an empty one
    # (it links to successor states, which deepcopy would otherwise follow).
    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return State(*self.__getstate__())

    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in _FIELDS)

    def __setstate__(self, values: tuple[Any, ...]) -> None:
        for f, v in zip(_FIELDS, values, strict=True):
            object.__setattr__(self, f, v)
        object.__setattr__(self, "memo", {})


_FIELDS = tuple(f for f in State.__dataclass_fields__ if f != "memo")


def new_player() -> Player:
    return Player((0,) * 6, (0,) * 5, 0, (), ())
