"""Errors as `{code, message}` with an HTTP status chosen by the code
(tabletop.messaging.codes, the one registry of codes and statuses).

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

from tabletop.messaging import Refusal
from tabletop.messaging.codes import http_status

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

    @classmethod
    def of(cls, refusal: Refusal) -> ApiError:
        """A service's refusal (or Unavailable) as the gateway answers it."""
        return cls(refusal.code, refusal.message, refusal.seq)

    @property
    def status(self) -> int:
        return http_status(self.code)

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
