"""What the HTTP API takes and returns (the OpenAPI document at /docs).

Commands, views, events and options are plain JSON objects here (the games
validate them); the OpenAPI document types them per game from the games'
own models (`openapi.py`), discriminated by `game` and by command `type`."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tabletop.messaging.clocks import ClockOut
from tabletop.messaging.matchmaking import LEVEL_PATTERN

CLIENT_COMMAND_ID = r"^[A-Za-z0-9_-]{1,48}$"


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TokenOut(BaseModel):
    token: str
    token_type: str = "bearer"
    player_id: str
    expires_at: int  # unix seconds


class MeOut(BaseModel):
    player_id: str
    expires_at: int


class ClockCustomIn(_In):
    """A custom clock: `fischer` (the whole game's time, plus `increment_ms`
    after each move) or `per_move` (`initial_ms` for every move)."""

    kind: Literal["fischer", "per_move"] = "fischer"
    initial_ms: int = Field(examples=[300_000])
    increment_ms: int = 0


class QueueIn(_In):
    game: str = Field(min_length=1, max_length=64, examples=["schotten-totten"])
    players: int = Field(ge=1, le=16, examples=[2])
    options: dict[str, Any] = Field(default_factory=dict)
    bot_difficulty: str | None = Field(
        default=None,
        pattern=LEVEL_PATTERN,
        examples=["medium"],
        description="level of the bots that fill empty seats: easy, medium, hard or expert "
        "(docs/policies.md); default: the game's default level; any other: 400 unknown_level",
    )
    clock: str | ClockCustomIn | None = Field(
        default=None,
        examples=["standard"],
        description="the table's clock: a preset of the catalog (none, blitz, standard, "
        "daily) or custom values within bounds; default none (no clock). "
        "Out of bounds or unknown: 400 invalid_options",
    )


class CommandIn(_In):
    """A command for my seat. `seat` may be left out (the gateway fills it from
    the token); a different seat is refused. Give `command_id` to make a retry
    land once; `expected_seq` refuses the command if the game has moved on."""

    command: dict[str, Any]
    command_id: str | None = Field(default=None, pattern=CLIENT_COMMAND_ID)
    expected_seq: int | None = Field(default=None, ge=0)


class CommandOut(BaseModel):
    accepted: bool
    game_id: str
    seq: int
    command_id: str


class OutcomeOut(BaseModel):
    ranks: list[int]
    scores: list[float]
    reason: str = Field(
        default="",
        description="the game's own, or the platform's: resign, timeout, abandoned, commit_cap",
    )
    resigned: list[int] = Field(default_factory=list, description="seats that resigned")
    timed_out: list[int] = Field(default_factory=list, description="seats that ran out of time")


class GameOut(BaseModel):
    """A live game as one seat (or a spectator: `seat` null) sees it now."""

    game_id: str
    game: str
    seq: int
    seat: int | None
    to_act: list[int]
    finished: bool
    outcome: OutcomeOut | None = None
    clock: ClockOut | None = Field(default=None, description="null: the table has no clock")
    left: list[int] = Field(
        default_factory=list, description="seats that resigned or timed out (a bot plays them)"
    )
    view: dict[str, Any]


class LegalOut(BaseModel):
    game_id: str
    game: str
    seq: int
    seat: int
    commands: list[dict[str, Any]]


class FeedCommit(BaseModel):
    seq: int
    seat: int | None
    at: int | None = Field(default=None, description="Unix ms the commit was made")
    events: list[dict[str, Any]]  # redacted for the caller's seat


class FeedOut(BaseModel):
    game_id: str
    game: str
    seat: int | None
    last_seq: int
    commits: list[FeedCommit]


class ReplayOut(BaseModel):
    game_id: str
    step: int
    last_seq: int
    finished: bool
    seat: int | None
    clock: ClockOut | None = Field(
        default=None, description="the clocks as they stood after `step`; null: no clock"
    )
    view: dict[str, Any]
