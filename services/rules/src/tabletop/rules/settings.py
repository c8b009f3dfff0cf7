"""The rules service's settings: the shared ones plus its own."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tabletop.runtime import CommaSeparated, ServiceSettings


class RulesSettings(ServiceSettings):
    http_port: int = Field(default=8101, description="HTTP_PORT for /healthz, /readyz, /metrics")
    max_attempts: int = Field(
        default=5,
        ge=1,
        validation_alias="RULES_MAX_ATTEMPTS",
        description="decide-and-append attempts per command when others append concurrently",
    )
    workers: int = Field(
        default=64,
        ge=1,
        validation_alias="RULES_WORKERS",
        description="requests handled concurrently per process (they mostly wait on NATS)",
    )
    cache_size: int = Field(
        default=1024,
        ge=0,
        validation_alias="RULES_CACHE_SIZE",
        description="games whose latest state is kept in memory (0: none)",
    )
    extra_games: CommaSeparated = Field(
        default_factory=list,
        validation_alias="RULES_EXTRA_GAMES",
        description="comma-separated `module:ATTR` games served beside the registry",
    )
    deadline_keeper: bool = Field(
        default=True,
        validation_alias="RULES_DEADLINE_KEEPER",
        description="run the deadline keeper in this process (timeouts; ADR 0025); "
        "false when `python -m tabletop.rules.deadlines` runs apart",
    )
    abandon_after_ms: int = Field(
        default=24 * 60 * 60 * 1000,
        ge=1000,
        validation_alias="RULES_ABANDON_AFTER_MS",
        description="a game without a clock in which no human moved for this long "
        "ends as abandoned (the deadline keeper; ADR 0025)",
    )
    event_loop: Literal["uvloop", "asyncio"] = Field(
        default="uvloop",
        validation_alias="RULES_EVENT_LOOP",
        description="the process's event loop: uvloop (less CPU per message) or asyncio",
    )
    max_commits: int = Field(
        default=5000,
        ge=2,
        validation_alias="RULES_MAX_COMMITS",
        description="commits a game may have; the last one ends it (outcome reason commit_cap)",
    )
