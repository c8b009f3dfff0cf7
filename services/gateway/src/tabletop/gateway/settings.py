"""The gateway's settings: the shared ones plus its own.

`TABLETOP_ENV=production` (the default, and what the image and the manifests
run) refuses to start without `GATEWAY_TOKEN_SECRET`: a secret invented per
process would sign tokens that die with it. `development` (what `tabletop up`
sets) invents one and warns.
"""

from __future__ import annotations

import secrets
from typing import Literal

from limits import parse
from pydantic import Field, PrivateAttr, field_validator, model_validator

from tabletop.runtime import CommaSeparated, ServiceSettings

from .tokens import KID_PATTERN, MIN_SECRET_LENGTH, TokenKeys

# Browsers' dev servers (Vite, webpack, Next…) on this machine, allowed in development.
DEV_ORIGIN_REGEX = r"^https?://(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$"


class GatewaySettings(ServiceSettings):
    http_port: int = Field(default=8100, description="HTTP_PORT of the API, /docs, health")
    environment: Literal["production", "development"] = Field(
        default="production", validation_alias="TABLETOP_ENV",
        description="production refuses to start without GATEWAY_TOKEN_SECRET",
    )  # fmt: skip
    metrics_port: int = Field(
        default=9100, ge=0, le=65535, validation_alias="GATEWAY_METRICS_PORT",
        description="port of /metrics, apart from the API so the Ingress never routes it (0: off)",
    )  # fmt: skip
    token_secret: str | None = Field(
        default=None, min_length=MIN_SECRET_LENGTH, validation_alias="GATEWAY_TOKEN_SECRET",
        description="HMAC key that signs new tokens; the same on every replica",
    )  # fmt: skip
    token_kid: str = Field(
        default="1", pattern=KID_PATTERN, validation_alias="GATEWAY_TOKEN_KID",
        description="key id written in the header of the tokens GATEWAY_TOKEN_SECRET signs",
    )  # fmt: skip
    token_previous_secrets: CommaSeparated = Field(
        default_factory=list, validation_alias="GATEWAY_TOKEN_PREVIOUS_SECRETS",
        description="`kid:secret,…` still accepted (not used to sign): key rotation",
    )  # fmt: skip
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
        default="2400/minute", validation_alias="GATEWAY_RATE_PER_IP",
        description="API requests (and WebSocket openings) per client IP, e.g. 2400/minute",
    )  # fmt: skip
    rate_sign_in: str = Field(
        default="10/minute", validation_alias="GATEWAY_RATE_SIGN_IN",
        description="guest sign-ins per client IP",
    )  # fmt: skip
    rate_per_player: str = Field(
        default="1200/minute", validation_alias="GATEWAY_RATE_PER_PLAYER",
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

    max_body_bytes: int = Field(
        default=64 * 1024, ge=1, validation_alias="GATEWAY_MAX_BODY_BYTES",
        description="largest request body (or WebSocket message); larger answers 413",
    )  # fmt: skip
    cors_origins: CommaSeparated = Field(
        default_factory=list, validation_alias="GATEWAY_CORS_ORIGINS",
        description="browser origins allowed to call the API (`*` for any); in development "
        "localhost dev servers are allowed too",
    )  # fmt: skip
    retry_after: int = Field(
        default=2, ge=1, validation_alias="GATEWAY_RETRY_AFTER",
        description="Retry-After seconds of a 503 unavailable",
    )  # fmt: skip

    _keys: TokenKeys = PrivateAttr()
    _secret_generated: bool = PrivateAttr(default=False)

    @model_validator(mode="after")
    def _token_keys(self) -> GatewaySettings:
        secret = self.token_secret
        if secret is None:
            if self.environment == "production":
                raise ValueError(
                    "GATEWAY_TOKEN_SECRET is not set: in production every replica must sign "
                    "with the same configured secret (TABLETOP_ENV=development invents one)"
                )
            secret = secrets.token_urlsafe(MIN_SECRET_LENGTH)
            self._secret_generated = True
        self._keys = TokenKeys.parse(self.token_kid, secret, self.token_previous_secrets)
        return self

    @property
    def token_keys(self) -> TokenKeys:
        return self._keys

    @property
    def secret_generated(self) -> bool:
        """True when no secret was configured (development): tokens die with the process."""
        return self._secret_generated

    @property
    def cors_origin_regex(self) -> str | None:
        return DEV_ORIGIN_REGEX if self.environment == "development" else None
