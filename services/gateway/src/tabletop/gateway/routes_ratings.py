"""Public rating routes beyond the top-N board: a player's rating history,
the board around a player, and the seasons' boards (ADR 0026)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, Field

from tabletop.messaging.archive import PLAYER_ID_PATTERN
from tabletop.messaging.leaderboards import SEASON_PATTERN, Rating, RatingChange

from .auth import Services
from .backend import known_game
from .errors import ERROR_RESPONSES

router = APIRouter(prefix="/v1/leaderboards/{game}", responses=ERROR_RESPONSES,
                   tags=["leaderboards"])  # fmt: skip

PlayerId = Annotated[str, Path(pattern=PLAYER_ID_PATTERN, description="a player id")]
Season = Annotated[
    str, Path(pattern=SEASON_PATTERN, description="a season: its quarter's first month, `2026-10`")
]


class SeasonsOut(BaseModel):
    current: str = Field(description="the season now (a calendar quarter, UTC)")
    seasons: list[str] = Field(description="the seasons with a board, newest first")


@router.get("/players/{player_id}/history")
async def rating_history(game: str, player_id: PlayerId, backend: Services) -> list[RatingChange]:
    """The player's rating after each rated game, oldest first (public)."""
    known_game(game)
    return await backend.boards.history(game, player_id)


@router.get("/players/{player_id}/around")
async def around_player(
    game: str,
    player_id: PlayerId,
    backend: Services,
    span: Annotated[int, Query(ge=0, le=50, description="places above and below")] = 5,
) -> list[Rating]:
    """The board around a player: their place and `span` places each side (public)."""
    known_game(game)
    return await backend.boards.around(game, player_id, span)


@router.get("/seasons")
async def seasons(game: str, backend: Services) -> SeasonsOut:
    """The current season and every season with a board, newest first (public)."""
    known_game(game)
    reply = await backend.boards.seasons(game)
    return SeasonsOut(current=reply.current or "", seasons=reply.seasons)


@router.get("/seasons/{season}")
async def season_board(
    game: str,
    season: Season,
    backend: Services,
    limit: Annotated[int, Query(ge=1, le=500)] = 10,
) -> list[Rating]:
    """A season's board, past or current: each player's rating after their
    last game of the season (ratings carry over; public)."""
    known_game(game)
    return await backend.boards.season(game, season, limit)
