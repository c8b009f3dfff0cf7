"""The matchmaking service's subjects and models, and the seat metadata of a
matched game (`Seating`) that the bots and the gateway read.

Requests (queue group `matchmaking`): join, leave, status. Every reply is a
`TicketReply`: the player's ticket, or `error: {code, message}`. When a match
is made each seated player gets a `MatchFound` on `found.<player token>`; the
ticket itself then reads `matched` with the game id and seat.
"""

from __future__ import annotations

import hashlib
import re
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tabletop.kernel.names import GAME_ID_PATTERN, NAMESPACE_PATTERN

from .archive import PLAYER_ID_PATTERN
from .rules import ErrorBody

# A bot level's name (easy, medium, hard, expert): which levels a game has, and
# the bounded policy each plays, is the server's table (tabletop.policies.levels).
LEVEL_PATTERN = r"^[a-z][a-z0-9_-]{0,31}$"
DEFAULT_LEVEL = "easy"


def player_token(player_id: str) -> str:
    """A player id as one NATS subject / KV key token: itself when it is
    already one (`guest-3f2a`), else a hash of it (ids may hold `.` or `@`)."""
    if re.fullmatch(GAME_ID_PATTERN, player_id):  # the same one-token rule as a game id
        return player_id
    return "h" + hashlib.sha256(player_id.encode()).hexdigest()[:40]


class MatchmakingSubjects(BaseModel):
    model_config = ConfigDict(frozen=True)

    namespace: str = Field(default="tabletop", pattern=NAMESPACE_PATTERN)
    queue: str = "matchmaking"

    @property
    def join(self) -> str:
        return f"{self.namespace}.matchmaking.join"

    @property
    def leave(self) -> str:
        return f"{self.namespace}.matchmaking.leave"

    @property
    def status(self) -> str:
        return f"{self.namespace}.matchmaking.status"

    def found(self, player_id: str) -> str:
        return f"{self.namespace}.matchmaking.found.{player_token(player_id)}"

    @property
    def found_all(self) -> str:
        return f"{self.namespace}.matchmaking.found.*"


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class JoinQueue(_Request):
    """Queue `player_id` for a game of `game` with `players` seats and `options`.
    `bot` makes the player a bot of that level (the bots service plays its
    seat); `bot_difficulty` is the level of the bots that fill empty seats
    (default: the game's default level). Levels are names, never policy specs;
    matchmaking refuses one the game does not have (`unknown_level`)."""

    player_id: str = Field(pattern=PLAYER_ID_PATTERN)
    game: str = Field(min_length=1, max_length=64)
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    bot: str | None = Field(default=None, pattern=LEVEL_PATTERN)
    bot_difficulty: str | None = Field(default=None, pattern=LEVEL_PATTERN)
    clock: str | dict[str, Any] | None = Field(
        default=None,
        description="the table's clock: a preset (none, blitz, standard, daily) or custom "
        "{kind, initial_ms, increment_ms}; tickets with other clocks wait in other queues",
    )


class LeaveQueue(_Request):
    player_id: str = Field(pattern=PLAYER_ID_PATTERN)


class GetTicket(_Request):
    player_id: str = Field(pattern=PLAYER_ID_PATTERN)


class TicketStatus(StrEnum):
    WAITING = "waiting"
    MATCHED = "matched"
    CANCELLED = "cancelled"


class Ticket(BaseModel):
    """A player's place in a queue; `matched` once seated (game_id, seat)."""

    ticket_id: str
    player_id: str
    queue: str  # key of the (game, players, options) queue
    game: str
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    bot: str | None = None
    bot_difficulty: str = DEFAULT_LEVEL
    clock: str | dict[str, Any] | None = None  # the table's clock (None: no clock)
    status: TicketStatus = TicketStatus.WAITING
    created_at: float  # unix time; the order of the queue and the bot backfill clock
    game_id: str | None = None
    seat: int | None = None
    # What rating-aware matching sees (tabletop.policies.matching): the
    # player's mu in this game and rated games so far, read at join; None and
    # 0 for a player never rated (a new, provisional player).
    rating: float | None = None
    rated_games: int = 0
    bot_level_asked: bool = False  # `bot_difficulty` was given: backfill keeps it


class TicketReply(BaseModel):
    ticket: Ticket | None = None
    error: ErrorBody | None = None

    def to_wire(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True)


class SeatInfo(BaseModel):
    player_id: str
    bot: str | None = None  # the bot level when a bot plays this seat


class Seating(BaseModel):
    """Who sits where in a matched game (`seats[seat]`); kept in the seats KV
    bucket under the game id, written before the game starts."""

    game_id: str = Field(pattern=GAME_ID_PATTERN)
    game: str
    seats: list[SeatInfo]

    def seat_of(self, player_id: str) -> int | None:
        for seat, info in enumerate(self.seats):
            if info.player_id == player_id:
                return seat
        return None

    def bot_seats(self) -> dict[int, str]:
        return {seat: info.bot for seat, info in enumerate(self.seats) if info.bot}

    @property
    def player_ids(self) -> list[str]:
        return [info.player_id for info in self.seats]


class MatchFound(BaseModel):
    """Sent to each seated player: your game and your seat."""

    player_id: str
    ticket_id: str
    game_id: str
    game: str
    seat: int
    seating: Seating
