"""`python -m tabletop.archive.prune`: one pass of hot/cold storage, for a
scheduler (deploy/k8s/base/retention.yaml runs it as a CronJob with the
`storage` NATS user, the only one that may purge). It removes from JetStream
the finished games older than PRUNE_OLDER_THAN_SECONDS that the archive is
proven to hold whole (`tabletop.messaging.retention`), logs each game kept and
a summary, and exits 0, or 1 when a game is kept for a reason time will not
mend (incomplete in the archive, or JetStream and the archive disagree), so the
failed Job is seen; 2 when the platform does not answer. `tabletop storage
prune` is the same by hand, with a table."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections import Counter
from datetime import UTC, datetime, timedelta

import nats
from nats.errors import Error as NatsError
from pydantic import Field

from tabletop.messaging import Unavailable
from tabletop.messaging.retention import WRONG, RetentionRefused, State, check_and_prune
from tabletop.runtime import ServiceSettings, configure_logging

log = logging.getLogger("tabletop.archive.prune")


class PruneSettings(ServiceSettings):
    older_than_seconds: int = Field(
        default=7 * 86400, ge=0, validation_alias="PRUNE_OLDER_THAN_SECONDS",
        description="finished games older than this leave JetStream (default 7 days)",
    )  # fmt: skip
    connect_timeout: float = Field(
        default=10.0, gt=0, validation_alias="PRUNE_CONNECT_TIMEOUT",
        description="seconds to reach NATS before giving up (exit 2)",
    )  # fmt: skip
    dry_run: bool = Field(
        default=False, validation_alias="PRUNE_DRY_RUN", description="only check and log"
    )


async def prune_once(settings: PruneSettings, now: datetime | None = None) -> int:
    """One pass; the exit code."""
    before = (now or datetime.now(UTC)) - timedelta(seconds=settings.older_than_seconds)
    refused: list[Exception] = []

    async def remember(exc: Exception) -> None:  # else nats-py logs each try's traceback
        refused.append(exc)

    try:
        # nats-py retries a refused connection for ever: the deadline ends it
        async with asyncio.timeout(settings.connect_timeout):
            nc = await nats.connect(
                settings.nats_url, allow_reconnect=False, connect_timeout=settings.connect_timeout,
                error_cb=remember,
            )  # fmt: skip
    except (NatsError, OSError, TimeoutError) as exc:
        cause = refused[-1] if refused else exc
        log.error("cannot connect to NATS at %s: %s", settings.nats_url,
                  cause or type(cause).__name__)  # fmt: skip
        return 2
    try:
        checks = await check_and_prune(nc, settings.namespace, before, not settings.dry_run)
    except RetentionRefused as exc:
        log.error("not run: %s", exc)
        return 2
    except (NatsError, OSError, TimeoutError, Unavailable) as exc:
        log.error("the platform did not answer: %s", exc or type(exc).__name__)
        return 2
    finally:
        await nc.close()
    for check in checks:
        if check.state not in (State.PRUNED, State.PRUNABLE):
            log.warning("kept in JetStream: %s %s", check.state.value, check.reason,
                        extra={"game_id": check.game_id})  # fmt: skip
    counts = Counter(check.state.value for check in checks)
    log.info("storage pass done", extra={"before": before.isoformat(), **counts,
                                         "dry_run": settings.dry_run})  # fmt: skip
    return 1 if any(check.state in WRONG for check in checks) else 0


def main() -> None:
    settings = PruneSettings()
    configure_logging("archive-prune", settings.log_level, settings.log_format)
    sys.exit(asyncio.run(prune_once(settings)))


if __name__ == "__main__":
    main()
