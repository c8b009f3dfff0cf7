"""A pure-ASGI middleware that refuses request bodies above a limit with 413
`payload_too_large`, before the app reads (let alone parses) past it, and so
before authentication: a declared Content-Length above the limit is refused
without reading a byte; a body without one (chunked) is counted as it streams
and refused at the first chunk past the limit."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import ApiError


class _TooLarge(Exception):
    pass


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is None:
            await _refuse(scope, receive, send, "malformed_request", "bad Content-Length header")
            return
        if declared > self.max_bytes:
            await _refuse(scope, receive, send, *self._too_large())
            return
        received = 0
        over = False
        answered = False

        async def counted() -> Message:
            nonlocal received, over
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    over = True
                    raise _TooLarge
            return message

        async def guarded(message: Message) -> None:
            nonlocal answered
            if over:  # whatever the app makes of the aborted read, the answer is 413
                return
            answered = True
            await send(message)

        try:
            await self.app(scope, counted, guarded)
        except Exception:
            if not over:
                raise
        if over and not answered:
            await _refuse(scope, receive, send, *self._too_large())

    def _too_large(self) -> tuple[str, str]:
        return "payload_too_large", f"the body is larger than {self.max_bytes} bytes"


def _content_length(scope: Scope) -> int | None:
    """The declared length (0 when none is declared); None when it is not a number."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isdigit() else None
    return 0


async def _refuse(scope: Scope, receive: Receive, send: Send, code: str, message: str) -> None:
    response = ApiError(code, message).response()
    # The client may still be sending: tell it this connection ends here.
    response.headers["Connection"] = "close"
    await response(scope, receive, send)
