"""Errors as `{code, message}` with an HTTP status chosen by the code.

400 the request is malformed; 401 no, a forged or an expired token; 403 the
caller may not do or see this (another seat, a hidden view); 404 no such game,
game type, ticket or step; 409 the request is well formed but the game (or the
queue) refuses it now: stale, duplicate, not your turn, illegal, game over;
413 the body is larger than GATEWAY_MAX_BODY_BYTES; 405 the route exists, not
with that method; 500 a bug (`internal_error`, never Python text); 503 a
service did not answer (with Retry-After).

Every error the gateway answers, the framework's own included (unknown
route, wrong method, unparsable body), has this one shape.
"""

from __future__ import annotations

from fastapi.responses import JSONResponse
from pydantic import BaseModel

STATUS: dict[str, int] = {
    # 400
    "malformed_request": 400,
    "malformed_command": 400,
    "unknown_command": 400,
    "invalid_options": 400,
    "unknown_level": 400,
    "payload_too_large": 413,
    "method_not_allowed": 405,
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
    "too_many_sockets": 429,
    # 500, 503
    "internal_error": 500,
    "unavailable": 503,
}

# The framework's own HTTP errors (Starlette's HTTPException) by status.
FRAMEWORK_CODES: dict[int, str] = {
    400: "malformed_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
}


RETRY_AFTER = 2  # seconds, when the settings do not say (GATEWAY_RETRY_AFTER)


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
        # A refusal code this table does not list is a game's own (card_not_in_hand…): 409.
        return STATUS.get(self.code, 409)

    def response(self, retry_after: int = RETRY_AFTER) -> JSONResponse:
        body = ErrorOut(code=self.code, message=self.message, seq=self.seq)
        headers: dict[str, str] = {}
        if self.status == 401:
            headers["WWW-Authenticate"] = "Bearer"
        if self.status == 503:
            headers["Retry-After"] = str(retry_after)
        return JSONResponse(body.model_dump(exclude_none=True), self.status, headers=headers)


ERROR_RESPONSES: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorOut, "description": description}
    for status, description in {
        400: "malformed request or command",
        401: "missing, forged or expired token",
        403: "not your seat, or hidden until the game is over",
        404: "unknown game, game type, ticket or step",
        409: "refused by the game now: stale, duplicate, not your turn, illegal, game over",
        413: "the body is larger than the gateway takes (GATEWAY_MAX_BODY_BYTES)",
        429: "rate limited (the Retry-After header says when to retry)",
        500: "a bug in the gateway (`internal_error`)",
        503: "a service did not answer: retry after the Retry-After seconds",
    }.items()
}
