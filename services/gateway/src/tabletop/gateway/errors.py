"""Errors as `{code, message}` with an HTTP status chosen by the code.

400 the request is malformed; 401 no, a forged or an expired token; 403 the
caller may not do or see this (another seat, a hidden view); 404 no such game,
game type, ticket or step; 409 the request is well formed but the game (or the
queue) refuses it now: stale, duplicate, not your turn, illegal, game over;
503 a service did not answer.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel

STATUS: dict[str, int] = {
    # 400
    "malformed_request": 400,
    "malformed_command": 400,
    "unknown_command": 400,
    "invalid_options": 400,
    "unknown_level": 400,
    # 401
    "unauthorized": 401,
    "invalid_token": 401,
    "token_expired": 401,
    # 403
    "wrong_seat": 403,
    "not_a_player": 403,
    "hidden": 403,
    "game_not_finished": 403,
    # 404
    "unknown_game_id": 404,
    "unknown_game": 404,
    "unknown_step": 404,
    "no_ticket": 404,
    "not_found": 404,
    "unknown_player": 404,
    # 409
    "stale_command": 409,
    "duplicate_command": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "illegal_move": 409,
    "conflict": 409,
    "game_exists": 409,
    "already_queued": 409,
    "already_matched": 409,
    "players_mismatch": 409,
    # 429 (tabletop.gateway.limits)
    "rate_limited": 429,
    # 503
    "unavailable": 503,
}


class ErrorOut(BaseModel):
    code: str
    message: str
    seq: int | None = None  # where the game is (stale) or where the command landed (duplicate)


class ApiError(Exception):
    def __init__(self, code: str, message: str, seq: int | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = str(code)
        self.message = message
        self.seq = seq

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 500 if self.code == "internal_error" else 409)

    def response(self) -> JSONResponse:
        body = ErrorOut(code=self.code, message=self.message, seq=self.seq)
        headers = {"WWW-Authenticate": "Bearer"} if self.status == 401 else None
        return JSONResponse(body.model_dump(exclude_none=True), self.status, headers=headers)


async def api_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return exc.response()


async def validation_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    err = exc.errors()[0]
    if err.get("type") == "json_invalid":
        message = "the body is not valid JSON"
    else:
        where = ".".join(str(p) for p in err.get("loc", ())[1:]) or "request"
        message = f"{where}: {err.get('msg', 'invalid')}"
    return ApiError("malformed_request", message).response()


ERROR_RESPONSES: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorOut, "description": description}
    for status, description in {
        400: "malformed request or command",
        401: "missing, forged or expired token",
        403: "not your seat, or hidden until the game is over",
        404: "unknown game, game type, ticket or step",
        409: "refused by the game now: stale, duplicate, not your turn, illegal, game over",
        429: "rate limited (the Retry-After header says when to retry)",
        503: "a service did not answer",
    }.items()
}
