"""Requests to the rules service and its one reply shape.

A reply is `{accepted: true, game_id, seq}` or `{accepted: false, error:
{code, message}}` (plus `game_id`/`seq` where they are known, e.g. the seq a
duplicate command already landed at). Codes are the kernel's (`Code`) plus
the service's own (`ServiceCode`); clients switch on them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tabletop.kernel.names import GAME_ID_PATTERN as GAME_ID_PATTERN


class StartGame(BaseModel):
    """Start a game. Give `game_id`/`command_id` to make the request
    idempotent; `seed` makes the setup (shuffles, deals) reproducible."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str = Field(description="game type id, e.g. schotten-totten")
    players: int = Field(ge=1)
    seed: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    game_id: str | None = Field(default=None, pattern=GAME_ID_PATTERN)
    command_id: str | None = Field(default=None, min_length=1, max_length=128)
    clock: str | dict[str, Any] | None = Field(
        default=None,
        description="the table's clock: a preset name (none, blitz, standard, daily) or "
        "custom {kind, initial_ms, increment_ms} (tabletop.kernel.clock)",
    )
    # Who sits where is not part of a start: whoever seats players records them
    # with the archive (SeatPlayers, tabletop.messaging.archive), as matchmaking does.


class SubmitCommand(BaseModel):
    """Submit a command to a game. `command` is the command's wire form with
    the acting `seat` inside; `expected_seq` is the last commit seq the
    sender saw (refused as stale when the game has moved on)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game_id: str = Field(pattern=GAME_ID_PATTERN)
    command_id: str = Field(min_length=1, max_length=128)
    command: dict[str, Any]
    expected_seq: int | None = Field(default=None, ge=0)


class ErrorBody(BaseModel):
    code: str
    message: str


class Accepted(BaseModel):
    """A reply that accepted: the game and the seq its commit landed at."""

    accepted: Literal[True] = True
    game_id: str
    seq: int


class RulesReply(BaseModel):
    accepted: bool = False
    game_id: str | None = None
    seq: int | None = None
    error: ErrorBody | None = None

    @classmethod
    def ok(cls, game_id: str, seq: int) -> RulesReply:
        return cls(accepted=True, game_id=game_id, seq=seq)

    @classmethod
    def refused(
        cls, code: str, message: str, game_id: str | None = None, seq: int | None = None
    ) -> RulesReply:
        return cls(error=ErrorBody(code=str(code), message=message), game_id=game_id, seq=seq)

    def to_wire(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True)
