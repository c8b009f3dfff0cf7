"""The one error policy of every request between services: a refusal is a
`Refusal` carrying its code (a service raises it to answer with an error; a
client raises it when the answer is one), and no answer at all is
`Unavailable` (a `Refusal` with code `unavailable`, worth retrying)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .codes import ServiceCode

if TYPE_CHECKING:
    from .matchmaking import Ticket


class Refusal(Exception):
    """A request answered `{code, message}`. `game_id`/`seq` say where the
    game is when the refusal knows it (a stale command's seq, the seq a
    duplicate landed at); `ticket` is the player's ticket a matchmaking
    refusal answers with."""

    def __init__(
        self,
        code: str,
        message: str,
        game_id: str | None = None,
        seq: int | None = None,
        ticket: Ticket | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = str(code)
        self.message = message
        self.game_id = game_id
        self.seq = seq
        self.ticket = ticket


class Unavailable(Refusal):
    """Nobody answered on `subject` in time (no responders, or a timeout)."""

    def __init__(self, subject: str, reason: str = "no answer") -> None:
        super().__init__(ServiceCode.UNAVAILABLE, f"{reason} on {subject}; try again")
        self.subject = subject
