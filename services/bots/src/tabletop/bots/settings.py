"""The bots service's settings: the shared ones plus its own."""

from __future__ import annotations

from pydantic import Field

from tabletop.runtime import ServiceSettings


class BotsSettings(ServiceSettings):
    http_port: int = Field(default=8103, description="HTTP_PORT for /healthz, /readyz, /metrics")
    ack_wait: float = Field(
        default=30.0,
        gt=0.0,
        validation_alias="BOTS_ACK_WAIT",
        description="seconds before a commit a worker took but never acked goes to another",
    )
    fetch_batch: int = Field(
        default=16, ge=1, le=256, validation_alias="BOTS_FETCH_BATCH",
        description="commits pulled from JetStream per fetch",
    )  # fmt: skip
    rules_timeout: float = Field(
        default=5.0, gt=0.0, validation_alias="BOTS_RULES_TIMEOUT",
        description="seconds to wait for the rules service's answer to a move",
    )  # fmt: skip
    max_attempts: int = Field(
        default=30, ge=1, le=1000, validation_alias="BOTS_MAX_ATTEMPTS",
        description="deliveries of a commit before it is parked in the dead-letter stream",
    )  # fmt: skip
    cache_size: int = Field(
        default=1024, ge=0, validation_alias="BOTS_CACHE_SIZE",
        description="games whose latest replayed state is kept in memory",
    )  # fmt: skip
