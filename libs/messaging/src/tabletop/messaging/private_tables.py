"""Private tables (ADR 0026): a host creates a table with its options and
shares the invite code; friends join with it; the table starts when full, or
when the host asks with `fill_with_bots`; a table nobody filled expires.

Requests (queue group `matchmaking`) on `<ns>.matchmaking.table.<op>`; every
reply is a `TableReply`: the table, or `error: {code, message}`. Once the
table starts its players' tickets read `matched` with the game id and seat,
and each gets a `MatchFound`, as for a queue.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tabletop.kernel.names import NAMESPACE_PATTERN

from .archive import PLAYER_ID_PATTERN
from .matchmaking import LEVEL_PATTERN
from .rules import ErrorBody

# Invite codes: 8 letters and digits a person can read out (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_PATTERN = r"^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$"


class TableSubjects(BaseModel):
    model_config = ConfigDict(frozen=True)

    namespace: str = Field(default="tabletop", pattern=NAMESPACE_PATTERN)
    queue: str = "matchmaking"

    def _op(self, op: str) -> str:
        return f"{self.namespace}.matchmaking.table.{op}"

    @property
    def create(self) -> str:
        return self._op("create")

    @property
    def join(self) -> str:
        return self._op("join")

    @property
    def leave(self) -> str:
        return self._op("leave")

    @property
    def start(self) -> str:
        return self._op("start")

    @property
    def get(self) -> str:
        return self._op("get")


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CreateTable(_Request):
    player_id: str = Field(pattern=PLAYER_ID_PATTERN)  # the host, seated first
    game: str = Field(min_length=1, max_length=64)
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    bot_difficulty: str | None = Field(default=None, pattern=LEVEL_PATTERN)
    expires_in: float = Field(default=600.0, ge=10.0, le=86400.0,
                              description="seconds the table waits for friends")  # fmt: skip


class JoinTable(_Request):
    player_id: str = Field(pattern=PLAYER_ID_PATTERN)
    code: str = Field(pattern=CODE_PATTERN)


class LeaveTable(_Request):
    player_id: str = Field(pattern=PLAYER_ID_PATTERN)
    code: str = Field(pattern=CODE_PATTERN)


class StartTable(_Request):
    player_id: str = Field(pattern=PLAYER_ID_PATTERN)  # the host
    code: str = Field(pattern=CODE_PATTERN)
    fill_with_bots: bool = False


class GetTable(_Request):
    code: str = Field(pattern=CODE_PATTERN)


class TableStatus(StrEnum):
    OPEN = "open"
    STARTED = "started"
    EXPIRED = "expired"


class PrivateTable(BaseModel):
    code: str
    game: str
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    host: str
    members: list[str]  # in seat order, the host first
    bot_difficulty: str
    created_at: float
    expires_at: float
    status: TableStatus = TableStatus.OPEN
    game_id: str | None = None


class TableReply(BaseModel):
    table: PrivateTable | None = None
    error: ErrorBody | None = None

    def to_wire(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True)
