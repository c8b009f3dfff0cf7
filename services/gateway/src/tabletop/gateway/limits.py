"""Limits per client: rate limits per IP and per player, and a cap on the
WebSockets a player holds open.

Rates come from the `limits` library (moving windows, settings such as
"2400/minute"): every API request counts against its client IP
(`GATEWAY_RATE_PER_IP`), a guest sign-in also against the IP's sign-in rate
(`GATEWAY_RATE_SIGN_IN`: anonymous sign-ins are free to ask for, so they are
the scarce ones), and a request with a valid token against its player
(`GATEWAY_RATE_PER_PLAYER`: one token spread over many IPs is still one
player). Over a limit the answer is 429 `{code: rate_limited, message}` with
`Retry-After` in seconds. A WebSocket opening counts as a request.

Counters live in memory, per gateway replica: with N replicas behind a load
balancer a client gets up to N times each rate (and N times the sockets).
That keeps every request off the network; the limits are sized for abuse,
not for fairness between replicas.

The client IP is the connection's peer: behind a proxy, run uvicorn with
`--proxy-headers --forwarded-allow-ips=<the proxy>` so that it is the
client's and not the proxy's.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator

from fastapi import Request, Response
from fastapi.responses import JSONResponse
from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from .settings import GatewaySettings
from .tokens import BadToken, verify

UNLIMITED_PATHS = ("/healthz", "/readyz", "/metrics")
SIGN_IN_PATH = "/v1/auth/guest"


class RateLimited(Exception):
    def __init__(self, what: str, retry_after: int) -> None:
        super().__init__(f"too many {what}; retry in {retry_after} s")
        self.what = what
        self.retry_after = retry_after

    @property
    def message(self) -> str:
        return str(self)

    def response(self) -> JSONResponse:
        # The {code, message} shape of every gateway error (errors.ErrorOut).
        return JSONResponse(
            {"code": "rate_limited", "message": self.message},
            429,
            headers={"Retry-After": str(self.retry_after)},
        )


class TooManySockets(Exception):
    pass


class ClientLimits:
    """One gateway replica's counters."""

    def __init__(self, settings: GatewaySettings) -> None:
        self.settings = settings
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.per_ip = parse(settings.rate_per_ip)
        self.sign_in = parse(settings.rate_sign_in)
        self.per_player = parse(settings.rate_per_player)
        self.sockets: Counter[str] = Counter()

    async def hit(self, item: RateLimitItem, what: str, *key: str) -> None:
        if await self.limiter.hit(item, *key):
            return
        stats = await self.limiter.get_window_stats(item, *key)
        raise RateLimited(what, max(1, math.ceil(stats.reset_time - time.time())))

    async def check(self, connection: HTTPConnection) -> None:
        """Count one request (or WebSocket opening) against its limits."""
        ip = connection.client.host if connection.client else "unknown"
        await self.hit(self.per_ip, "requests from this address", "ip", ip)
        if connection.url.path == SIGN_IN_PATH:
            await self.hit(self.sign_in, "sign-ins from this address", "sign-in", ip)
        player = self.player_of(connection)
        if player is not None:
            await self.hit(self.per_player, "requests from this player", "player", player)

    def player_of(self, connection: HTTPConnection) -> str | None:
        """The player of a valid token (header or `?token=`), else None (the
        route answers a bad token itself)."""
        token = connection.query_params.get("token")
        header = connection.headers.get("authorization", "")
        if header[:7].lower() == "bearer ":
            token = header[7:].strip()
        if not token:
            return None
        try:
            return verify(self.settings.token_keys, token, int(time.time())).sub
        except BadToken:
            return None

    @contextlib.contextmanager
    def socket(self, player_id: str) -> Iterator[None]:
        """Hold one of the player's WebSocket slots while the block runs."""
        if self.sockets[player_id] >= self.settings.max_sockets:
            raise TooManySockets(
                f"{player_id} already has {self.settings.max_sockets} WebSockets open"
            )
        self.sockets[player_id] += 1
        try:
            yield
        finally:
            self.sockets[player_id] -= 1
            if self.sockets[player_id] <= 0:
                del self.sockets[player_id]


def limits_of(connection: HTTPConnection) -> ClientLimits:
    return connection.app.state.limits


async def limit_requests(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """HTTP middleware: 429 before the route runs when a limit is used up."""
    if request.url.path in UNLIMITED_PATHS:
        return await call_next(request)
    try:
        await limits_of(request).check(request)
    except RateLimited as exc:
        return exc.response()
    return await call_next(request)
