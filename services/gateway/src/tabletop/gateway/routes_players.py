"""Routes about the caller: sign-in, the queue, my games, leaderboards."""

from __future__ import annotations

import time
import uuid
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request

from tabletop.messaging.archive import PLAYER_ID_PATTERN, GameSummary, GetPlayerGames
from tabletop.messaging.leaderboards import Rating
from tabletop.messaging.matchmaking import JoinQueue, Ticket

from .auth import Me, Services, settings_of
from .backend import known_game
from .errors import ERROR_RESPONSES
from .models import MeOut, QueueIn, TokenOut
from .tokens import issue

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)

PlayerId = Annotated[str, Path(pattern=PLAYER_ID_PATTERN, description="a player id")]


@router.post("/auth/guest", tags=["auth"])
async def guest_sign_in(request: Request) -> TokenOut:
    """Sign in as a new guest: a fresh player id and a signed token for it."""
    settings = settings_of(request)
    player_id = f"guest-{uuid.uuid4().hex[:16]}"
    token, claims = issue(settings.token_keys, player_id, int(time.time()), settings.token_ttl)
    return TokenOut(token=token, player_id=player_id, expires_at=claims.exp)


@router.get("/me", tags=["auth"])
async def me(claims: Me) -> MeOut:
    return MeOut(player_id=claims.sub, expires_at=claims.exp)


@router.post("/queue", tags=["queue"])
async def join_queue(body: QueueIn, claims: Me, backend: Services) -> Ticket:
    """Join the queue for a game; the ticket is `matched` (game id, seat) once seated."""
    request = JoinQueue(player_id=claims.sub, **body.model_dump())
    return await backend.matchmaking.join(request)


@router.get("/queue", tags=["queue"])
async def my_ticket(claims: Me, backend: Services) -> Ticket:
    """My ticket: waiting, matched (with my game and seat) or cancelled."""
    return await backend.matchmaking.ticket(claims.sub)


@router.delete("/queue", tags=["queue"])
async def leave_queue(claims: Me, backend: Services) -> Ticket:
    """Leave the queue (refused with 409 once matched)."""
    return await backend.matchmaking.leave(claims.sub)


@router.get("/games", tags=["games"])
async def my_games(
    claims: Me,
    backend: Services,
    status: Literal["running", "finished"] | None = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> list[GameSummary]:
    """My games, newest first (from the archive)."""
    request = GetPlayerGames(player_id=claims.sub, status=status, limit=limit)
    return await backend.archive.player_games(request)


@router.get("/leaderboards/{game}", tags=["leaderboards"])
async def leaderboard(
    game: str, backend: Services, limit: Annotated[int, Query(ge=1, le=500)] = 10
) -> list[Rating]:
    """The top players of a game type (public)."""
    known_game(game)
    return await backend.boards.top(game, limit)


@router.get("/leaderboards/{game}/players/{player_id}", tags=["leaderboards"])
async def player_rating(game: str, player_id: PlayerId, backend: Services) -> Rating:
    """A player's rating and place (public)."""
    known_game(game)
    return await backend.boards.rating(game, player_id)
