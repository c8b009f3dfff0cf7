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

    @property
    def around(self) -> str:
        return f"{self.namespace}.leaderboards.around"

    @property
    def season(self) -> str:
        return f"{self.namespace}.leaderboards.season"

    @property
    def seasons(self) -> str:
        return f"{self.namespace}.leaderboards.seasons"


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


class GetAround(_Request):
    """The board around a player: their row and `span` rows each side."""

    game: str = Field(min_length=1, max_length=64)
    player_id: str = Field(pattern=PLAYER_ID_PATTERN)
    span: int = Field(default=5, ge=0, le=50)


# A season is a calendar quarter (UTC), named by its first month.
SEASON_PATTERN = r"^[0-9]{4}-(01|04|07|10)$"


class GetSeason(_Request):
    """The board of one season, past or current."""

    game: str = Field(min_length=1, max_length=64)
    season: str = Field(pattern=SEASON_PATTERN)
    limit: int = Field(default=10, ge=1, le=500)


class GetSeasons(_Request):
    game: str = Field(min_length=1, max_length=64)


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


class AroundReply(_Reply):
    game: str | None = None
    player_id: str | None = None
    ratings: list[Rating] = Field(default_factory=list)


class SeasonReply(_Reply):
    game: str | None = None
    season: str | None = None
    ratings: list[Rating] = Field(default_factory=list)


class SeasonsReply(_Reply):
    game: str | None = None
    current: str | None = None  # the season now, whether or not it has games yet
    seasons: list[str] = Field(default_factory=list)  # with a board, newest first
