"""The leaderboards' answers to requests: top-N (the board), one rating and
one player's history (the aggregate and its events)."""

from __future__ import annotations

import asyncio

from tabletop.messaging.codes import ServiceCode
from tabletop.messaging.errors import Refusal
from tabletop.messaging.leaderboards import (
    GetHistory,
    GetRating,
    GetTop,
    HistoryReply,
    Rating,
    RatingChange,
    RatingReply,
    TopReply,
)

from .application import Ratings
from .board import Board
from .skill import Skill

UNKNOWN_PLAYER = ServiceCode.UNKNOWN_PLAYER


class Queries:
    def __init__(self, ratings: Ratings, board: Board) -> None:
        self.ratings = ratings
        self.board = board

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
