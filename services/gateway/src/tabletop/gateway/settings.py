"""The gateway's settings: the shared ones plus its own."""

from __future__ import annotations

import secrets

from pydantic import Field

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
