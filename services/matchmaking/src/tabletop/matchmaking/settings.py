"""The matchmaking service's settings: the shared ones plus its own."""

from __future__ import annotations

from pydantic import Field, model_validator

from tabletop.runtime import ServiceSettings

from .rated_settings import RatedMatchingSettings


class MatchmakingSettings(ServiceSettings, RatedMatchingSettings):
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
    max_open_games: int = Field(
        default=3,
        ge=0,
        validation_alias="MATCHMAKING_MAX_OPEN_GAMES",
        description="unfinished games a player may have before joining is refused (0: no cap)",
    )
    open_game_window: float = Field(
        default=86400.0,
        gt=0.0,
        validation_alias="MATCHMAKING_OPEN_GAME_WINDOW",
        description="seconds an unfinished game counts as open; older ones count as abandoned",
    )
    seating_retention: float = Field(
        default=3600.0,
        ge=0.0,
        validation_alias="MATCHMAKING_SEATING_RETENTION",
        description="seconds a finished game's seating is kept (an unfinished game's: always)",
    )
    sweep_interval: float = Field(
        default=60.0,
        gt=0.0,
        validation_alias="MATCHMAKING_SWEEP_INTERVAL",
        description="seconds between passes deleting the seatings of finished games",
    )
    ticket_ttl: float = Field(
        default=86400.0,
        validation_alias="MATCHMAKING_TICKET_TTL",
        description="seconds a ticket is kept after its last change (JetStream KV TTL)",
    )

    @model_validator(mode="after")
    def _tickets_outlive_the_wait(self) -> MatchmakingSettings:
        # A waiting ticket must not expire before bots fill its table.
        floor = self.bot_wait + self.retry_after + 2 * self.request_timeout
        if self.ticket_ttl <= floor:
            raise ValueError(f"MATCHMAKING_TICKET_TTL must exceed {floor:g} s (the bot wait)")
        return self
