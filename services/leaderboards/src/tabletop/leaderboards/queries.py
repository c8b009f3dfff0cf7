"""The leaderboards' answers to requests: top-N (the board), one rating and
one player's history (the aggregate and its events)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from tabletop.messaging.codes import ServiceCode
from tabletop.messaging.errors import Refusal
from tabletop.messaging.leaderboards import (
    AroundReply,
    GetAround,
    GetHistory,
    GetRating,
    GetSeason,
    GetSeasons,
    GetTop,
    HistoryReply,
    Rating,
    RatingChange,
    RatingReply,
    SeasonReply,
    SeasonsReply,
    TopReply,
)

from .application import Ratings
from .board import Board
from .board_views import BoardViews
from .seasons import season_of
from .skill import Skill

UNKNOWN_PLAYER = ServiceCode.UNKNOWN_PLAYER


class Queries:
    def __init__(self, ratings: Ratings, board: Board) -> None:
        self.ratings = ratings
        self.board = board
        self.views = BoardViews(board.pool)

    async def around(self, request: GetAround) -> AroundReply:
        rows = await self.views.around(request.game, request.player_id, request.span)
        if not rows:
            raise Refusal(UNKNOWN_PLAYER, f"{request.player_id} has no rated {request.game} game")
        return AroundReply(game=request.game, player_id=request.player_id, ratings=rows)

    async def season(self, request: GetSeason) -> SeasonReply:
        rows = await self.views.season_top(request.game, request.season, request.limit)
        return SeasonReply(game=request.game, season=request.season, ratings=rows)

    async def seasons(self, request: GetSeasons) -> SeasonsReply:
        return SeasonsReply(game=request.game, current=season_of(datetime.now(UTC)),
                            seasons=await self.views.seasons(request.game))  # fmt: skip

    async def top(self, request: GetTop) -> TopReply:
        return TopReply(
            game=request.game, ratings=await self.board.top(request.game, request.limit)
        )

    async def rating(self, request: GetRating) -> RatingReply:
        found = await asyncio.to_thread(self.ratings.rating, request.game, request.player_id)
        if not found.games:
            raise Refusal(UNKNOWN_PLAYER, f"{request.player_id} has no rated {request.game} game")
        return RatingReply(
            rating=Rating(
                game=found.game,
                player_id=found.player_id,
                mu=found.mu,
                sigma=found.sigma,
                ordinal=found.skill.ordinal,
                games=found.games,
                rank=await self.board.place(request.game, request.player_id),
            )
        )

    async def history(self, request: GetHistory) -> HistoryReply:
        events = await asyncio.to_thread(self.ratings.history, request.game, request.player_id)
        if not events:
            raise Refusal(UNKNOWN_PLAYER, f"{request.player_id} has no rated {request.game} game")
        return HistoryReply(
            game=request.game,
            player_id=request.player_id,
            history=[
                RatingChange(
                    game_id=e.game_id,
                    place=e.place,
                    players=e.players,
                    mu=e.mu,
                    sigma=e.sigma,
                    ordinal=Skill(e.mu, e.sigma).ordinal,
                    mu_before=e.mu_before,
                    sigma_before=e.sigma_before,
                    at=e.finished_at or e.timestamp,
                )
                for e in events
            ],
        )
