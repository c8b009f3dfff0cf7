"""The archive's settings: the shared ones plus its own."""

from __future__ import annotations

from pydantic import Field

from tabletop.runtime import CommaSeparated, ServiceSettings


class ArchiveSettings(ServiceSettings):
    http_port: int = Field(default=8105, description="HTTP_PORT for /healthz, /readyz, /metrics")
    db_schema: str = Field(
        default="archive",
        pattern=r"^[a-z_][a-z0-9_]{0,62}$",
        validation_alias="ARCHIVE_DB_SCHEMA",
        description="PostgreSQL schema holding the archive's tables",
    )
    fetch_batch: int = Field(
        default=64,
        ge=1,
        le=1024,
        validation_alias="ARCHIVE_FETCH_BATCH",
        description="commits pulled from JetStream per fetch",
    )
    max_attempts: int = Field(
        default=20, ge=1, le=1000, validation_alias="ARCHIVE_MAX_ATTEMPTS",
        description="deliveries of a commit before it is parked in the dead-letter stream",
    )  # fmt: skip
    cache_size: int = Field(
        default=1024,
        ge=0,
        validation_alias="ARCHIVE_CACHE_SIZE",
        description="games whose latest replayed state is kept in memory",
    )
    extra_games: CommaSeparated = Field(
        default_factory=list,
        validation_alias="ARCHIVE_EXTRA_GAMES",
        description="comma-separated `module:ATTR` games replayed beside the registry",
    )
