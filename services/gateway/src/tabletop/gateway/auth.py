"""Who is calling: the bearer token's player, and that player's seat in a game."""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import Depends, Request
from fastapi.requests import HTTPConnection
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from .backend import Backend
from .errors import ApiError
from .settings import GatewaySettings
from .tokens import BadToken, Claims, verify

bearer = HTTPBearer(auto_error=False, description="a token from POST /v1/auth/guest")


def settings_of(request: Request) -> GatewaySettings:
    return request.app.state.settings


def backend_of(request: HTTPConnection) -> Backend:  # an HTTP request or a WebSocket
    backend: Backend | None = getattr(request.app.state, "backend", None)
    if backend is None:
        raise ApiError("unavailable", "the gateway is not connected to NATS yet")
    return backend


def claims_from(settings: GatewaySettings, token: str | None) -> Claims:
    if not token:
        raise ApiError("unauthorized", "send Authorization: Bearer <token> (POST /v1/auth/guest)")
    try:
        return verify(settings.token_keys, token, int(time.time()))
    except BadToken as exc:
        raise ApiError(exc.code, exc.message) from None


def current_claims(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Claims:
    return claims_from(settings_of(request), credentials.credentials if credentials else None)


Me = Annotated[Claims, Depends(current_claims)]
Services = Annotated[Backend, Depends(backend_of)]


async def seat_of(backend: Backend, game_id: str, player_id: str) -> int | None:
    """The caller's seat in the game, None when they are not one of its players.
    Raises 404 for a game that does not exist."""
    players = await backend.seating(game_id)
    if players is None:
        await backend.head(game_id)  # 404 unless the game exists (players unknown)
        return None
    return players.index(player_id) if player_id in players else None


async def my_seat(backend: Backend, game_id: str, player_id: str) -> int:
    seat = await seat_of(backend, game_id, player_id)
    if seat is None:
        raise ApiError("not_a_player", f"you do not play in game {game_id}")
    return seat


async def still_playing(backend: Backend, game_id: str, seat: int) -> None:
    """A seat that resigned or timed out makes no more moves (a bot plays it)."""
    head = await backend.head(game_id)
    if seat in head.table.retired_seats:
        raise ApiError("game_over", "you have left this game; a bot plays your seat")
