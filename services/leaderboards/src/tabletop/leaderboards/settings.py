"""The leaderboards' settings: the shared ones plus its own."""

from __future__ import annotations

from pydantic import Field

from tabletop.runtime import CommaSeparated, ServiceSettings


class LeaderboardsSettings(ServiceSettings):
    http_port: int = Field(default=8104, description="HTTP_PORT for /healthz, /readyz, /metrics")
    db_schema: str = Field(
        default="leaderboards",
        pattern=r"^[a-z_][a-z0-9_]{0,62}$",
        validation_alias="LEADERBOARDS_DB_SCHEMA",
        description="PostgreSQL schema of the rating events, tracking and the board",
    )
    archive_timeout: float = Field(
        default=5.0,
        gt=0,
        validation_alias="LEADERBOARDS_ARCHIVE_TIMEOUT",
        description="seconds to wait for the archive to say who played a game",
    )
    cache_size: int = Field(
        default=1024,
        ge=0,
        validation_alias="LEADERBOARDS_CACHE_SIZE",
        description="games whose latest replayed state is kept in memory",
    )
    extra_games: CommaSeparated = Field(
        default_factory=list,
        validation_alias="LEADERBOARDS_EXTRA_GAMES",
        description="comma-separated `module:ATTR` games replayed beside the registry",
    )
    max_attempts: int = Field(
        default=10, ge=1, le=1000, validation_alias="LEADERBOARDS_MAX_ATTEMPTS",
        description="deliveries of a commit before it is parked in the dead-letter stream",
    )  # fmt: skip
