"""The gateway's settings: the shared ones plus its own."""

from __future__ import annotations

import secrets

from limits import parse
from pydantic import Field, field_validator

from tabletop.runtime import ServiceSettings


class GatewaySettings(ServiceSettings):
    http_port: int = Field(default=8100, description="HTTP_PORT of the API, /docs, /metrics")
    token_secret: str = Field(
        default_factory=lambda: secrets.token_urlsafe(32),
        min_length=16,
        validation_alias="GATEWAY_TOKEN_SECRET",
        description="HMAC key of the bearer tokens; set it (the same on every replica), "
        "else each process invents one and its tokens die with it",
    )
    token_ttl: int = Field(
        default=86400, ge=1, validation_alias="GATEWAY_TOKEN_TTL",
        description="seconds a guest token stays valid",
    )  # fmt: skip
    request_timeout: float = Field(
        default=5.0, gt=0.0, validation_alias="GATEWAY_REQUEST_TIMEOUT",
        description="seconds to wait for another service's answer over NATS",
    )  # fmt: skip
    cache_size: int = Field(
        default=1024, ge=0, validation_alias="GATEWAY_CACHE_SIZE",
        description="games whose latest replayed state is kept in memory",
    )  # fmt: skip
    # Limits per client (tabletop.gateway.limits): in memory, per replica.
    rate_per_ip: str = Field(
        default="600/minute", validation_alias="GATEWAY_RATE_PER_IP",
        description="API requests (and WebSocket openings) per client IP, e.g. 600/minute",
    )  # fmt: skip
    rate_sign_in: str = Field(
        default="10/minute", validation_alias="GATEWAY_RATE_SIGN_IN",
        description="guest sign-ins per client IP",
    )  # fmt: skip
    rate_per_player: str = Field(
        default="300/minute", validation_alias="GATEWAY_RATE_PER_PLAYER",
        description="API requests per player (valid token)",
    )  # fmt: skip
    max_sockets: int = Field(
        default=4, ge=1, validation_alias="GATEWAY_MAX_SOCKETS",
        description="WebSockets one player may hold open at once",
    )  # fmt: skip

    @field_validator("rate_per_ip", "rate_sign_in", "rate_per_player")
    @classmethod
    def _a_rate(cls, value: str) -> str:
        parse(value)  # ValueError: not a rate such as "10/minute"
        return value
