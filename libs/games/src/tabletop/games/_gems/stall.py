"""The stall guard (a platform rule of both gem games, see their docs): a game
in which play goes round in circles ends by points.

At the end of every round the token position (the supply and every player's
tokens) is compared with the positions at the ends of the earlier rounds
since a card last moved (bought, reserved, evolved). A card that moves is
progress: its fold starts the record again (`NO_STALL`). A round ending on a
position already seen counts as a repeat, and the `STALL_REPEATS`-th repeat
ends the game. Tokens alone cannot change for ever without repeating (their
positions are finite) and cards can move only so often, so every game ends.
"""

from __future__ import annotations

from typing import NamedTuple

STALL_REPEATS = 3
STALL_REASON = f"stalled: the tokens came back to an earlier position {STALL_REPEATS} times"

Position = tuple[tuple[int, ...], ...]  # the supply, then each player's tokens


class Stall(NamedTuple):
    seen: tuple[Position, ...]  # round-end positions since a card last moved
    repeats: int  # rounds since then that ended on a position already seen


NO_STALL = Stall((), 0)
_new = tuple.__new__


def after_round(stall: Stall, position: Position) -> Stall:
    """The record after a round that ended on `position`."""
    seen, repeats = stall
    if position in seen:  # few: the record starts again whenever a card moves
        return _new(Stall, (seen, repeats + 1))
    return _new(Stall, ((*seen, position), repeats))


def stalled(stall: Stall) -> bool:
    return stall.repeats >= STALL_REPEATS
