"""The leaderboards service's request/reply subjects and models.

Ratings are OpenSkill Plackett-Luce (`mu`, `sigma`) per player and game type;
`ordinal = mu - 3 sigma` orders the board. Every reply carries its payload or
`error: {code, message}`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tabletop.kernel.names import NAMESPACE_PATTERN

from .archive import PLAYER_ID_PATTERN
from .rules import ErrorBody


class LeaderboardSubjects(BaseModel):
    """Request/reply subjects of the leaderboards (queue group `leaderboards`)."""

    model_config = ConfigDict(frozen=True)

    namespace: str = Field(default="tabletop", pattern=NAMESPACE_PATTERN)
    queue: str = "leaderboards"

    @property
    def top(self) -> str:
        return f"{self.namespace}.leaderboards.top"

    @property
    def rating(self) -> str:
        return f"{self.namespace}.leaderboards.rating"

    @property
    def history(self) -> str:
        return f"{self.namespace}.leaderboards.history"


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GetTop(_Request):
    game: str = Field(min_length=1, max_length=64)
    limit: int = Field(default=10, ge=1, le=500)


class GetRating(_Request):
    game: str = Field(min_length=1, max_length=64)
    player_id: str = Field(pattern=PLAYER_ID_PATTERN)


class GetHistory(_Request):
    game: str = Field(min_length=1, max_length=64)
    player_id: str = Field(pattern=PLAYER_ID_PATTERN)


class Rating(BaseModel):
    game: str
    player_id: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    rank: int | None = None  # 1-based place on the board


class RatingChange(BaseModel):
    """One rated game in a player's history."""

    game_id: str
    place: int  # the player's Outcome rank in that game (0 = won)
    players: int
    mu: float
    sigma: float
    ordinal: float
    mu_before: float
    sigma_before: float
    at: datetime | None = None


class _Reply(BaseModel):
    error: ErrorBody | None = None

    def to_wire(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True)


class TopReply(_Reply):
    game: str | None = None
    ratings: list[Rating] = Field(default_factory=list)


class RatingReply(_Reply):
    rating: Rating | None = None


class HistoryReply(_Reply):
    game: str | None = None
    player_id: str | None = None
    history: list[RatingChange] = Field(default_factory=list)
