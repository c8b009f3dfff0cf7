"""The matchmaking service's settings: the shared ones plus its own."""

from __future__ import annotations

from pydantic import Field

from tabletop.runtime import ServiceSettings


class MatchmakingSettings(ServiceSettings):
    http_port: int = Field(default=8102, description="HTTP_PORT for /healthz, /readyz, /metrics")
    bot_wait: float = Field(
        default=10.0,
        ge=0.0,
        validation_alias="MATCHMAKING_BOT_WAIT",
        description="seconds the oldest ticket waits before bots fill the empty seats",
    )
    tick: float = Field(
        default=0.5,
        gt=0.0,
        validation_alias="MATCHMAKING_TICK",
        description="seconds between backfill / retry passes over the queues",
    )
    retry_after: float = Field(
        default=5.0,
        gt=0.0,
        validation_alias="MATCHMAKING_RETRY_AFTER",
        description="seconds before a match left half-started is claimed and driven again",
    )
    request_timeout: float = Field(
        default=5.0,
        gt=0.0,
        validation_alias="MATCHMAKING_REQUEST_TIMEOUT",
        description="seconds to wait for the rules service and the archive",
    )
