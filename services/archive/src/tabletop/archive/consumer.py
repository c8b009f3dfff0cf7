"""Taking commits off the games stream into the store, acking only once the
row is durable. A malformed message is terminated (it can never be stored);
a failure to store is retried later by JetStream (nak with a delay), and
parked in the dead-letter stream once its attempts are used up
(`runtime.DeadLetters`)."""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime

from nats.aio.msg import Msg
from pydantic import ValidationError

from tabletop.eventlog import Commit
from tabletop.runtime import Verdict

from .metrics import ArchiveMetrics
from .store import ArchiveStore

log = logging.getLogger("tabletop.archive")

RETRY_DELAY_SECONDS = 2.0


async def archive_message(
    store: ArchiveStore, metrics: ArchiveMetrics, msg: Msg
) -> tuple[Verdict, str]:
    """Store one JetStream message; returns what to answer JetStream and,
    when it is not an ack, why. Never raises: the consumer must keep running."""
    try:
        commit = Commit.from_bytes(msg.data)
    except ValidationError as exc:
        metrics.commits.labels(result="malformed").inc()
        reason = f"malformed commit: {exc.errors()[0]['msg']}"
        log.error("malformed commit on %s: %s", msg.subject, exc.errors()[0]["msg"])
        return Verdict.TERM, reason
    meta = msg.metadata
    landed_at = meta.timestamp or datetime.now(UTC)
    started = time.perf_counter()
    try:
        recorded = await store.record(commit, meta.sequence.stream, landed_at)
    except Exception as exc:
        metrics.commits.labels(result="failed").inc()
        log.exception(
            "could not store commit", extra={"game_id": commit.game_id, "seq": commit.seq}
        )
        return Verdict.NAK, f"could not store: {type(exc).__name__}: {exc}"
    metrics.store_seconds.observe(time.perf_counter() - started)
    metrics.commits.labels(result="stored" if recorded.inserted else "duplicate").inc()
    for brk in recorded.breaks:
        metrics.chain_breaks.inc()
        log.error(
            "hash chain broken: %s",
            brk.reason,
            extra={"game_id": brk.game_id, "seq": brk.seq},
        )
    if recorded.finished:
        metrics.games_finished.inc()
        log.info("game finished", extra={"game_id": commit.game_id, "seq": commit.seq})
    return Verdict.ACK, ""
