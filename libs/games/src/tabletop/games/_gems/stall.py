"""The stall guard (a platform rule of both gem games, see their docs): a game
in which play goes round in circles ends by points.

At the end of every round the token position (the supply and every player's
tokens) is compared with the positions at the ends of the earlier rounds
since a card last moved (bought, reserved, evolved, a noble's visit). A card
that moves is progress and clears the record; a round ending on a position
already seen counts as a repeat, and the `STALL_REPEATS`-th repeat ends the
game. Tokens alone cannot change for ever without repeating (their
positions are finite) and cards can move only so often, so every game ends.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol

STALL_REPEATS = 3
STALL_REASON = f"stalled: the tokens came back to an earlier position {STALL_REPEATS} times"


class Stall(NamedTuple):
    mark: int  # the cards' progress measure when the record was cleared
    seen: frozenset[tuple[tuple[int, ...], ...]]  # round-end token positions since then
    repeats: int  # rounds since then that ended on a position already seen


NO_STALL = Stall(0, frozenset(), 0)


class _Holding(Protocol):
    @property
    def tokens(self) -> tuple[int, ...]: ...
    @property
    def cards(self) -> tuple[int, ...]: ...
    @property
    def reserved(self) -> tuple[int, ...]: ...
    @property
    def nobles(self) -> tuple[int, ...]: ...
    @property
    def under(self) -> tuple[int, ...]: ...


def progress(players: Iterable[_Holding]) -> int:
    """Grows with every card that moves: a purchase adds a card in front (and
    may take one from the reserve: hence the weight 2), a reservation one to
    the reserve, an evolution one under the tile, a visit one noble."""
    return sum(2 * len(p.cards) + len(p.reserved) + len(p.under) + len(p.nobles) for p in players)


def after_round(stall: Stall, players: tuple[_Holding, ...], supply: tuple[int, ...]) -> Stall:
    """The record after a round that ended with these holdings."""
    position = (supply, *(p.tokens for p in players))
    mark = progress(players)
    if mark != stall.mark:
        return Stall(mark, frozenset((position,)), 0)
    if position in stall.seen:
        return Stall(mark, stall.seen, stall.repeats + 1)
    return Stall(mark, stall.seen | {position}, stall.repeats)


def stalled(stall: Stall) -> bool:
    return stall.repeats >= STALL_REPEATS
