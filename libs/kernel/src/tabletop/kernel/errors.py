"""The one error a decider raises, and the codes every game shares.

Codes are part of the wire contract (clients switch on them), so they are
stable strings. Games add their own codes next to their rules; these are the
ones the kernel itself and the services use.
"""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    MALFORMED_COMMAND = "malformed_command"
    UNKNOWN_COMMAND = "unknown_command"
    UNKNOWN_GAME = "unknown_game"
    INVALID_OPTIONS = "invalid_options"
    WRONG_SEAT = "wrong_seat"
    NOT_YOUR_TURN = "not_your_turn"
    GAME_OVER = "game_over"
    ILLEGAL_MOVE = "illegal_move"


class IllegalCommand(Exception):
    """A command the rules refuse. Raised by `decide`; the state is untouched."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = str(code)
        self.message = message


class UnknownGame(LookupError):
    """`get_game` was asked for an id no game is registered under."""

    def __init__(self, game: str, known: list[str]) -> None:
        super().__init__(f"unknown game {game!r}; known games: {', '.join(known)}")
        self.code = Code.UNKNOWN_GAME.value
        self.message = str(self)
