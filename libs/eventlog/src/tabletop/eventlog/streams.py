"""Every JetStream stream and consumer Tabletop uses, declared in one place.

Services call `ensure_streams` at startup; nothing else creates streams. A
`namespace` prefixes every subject and stream name so several platforms (or
parallel test runs) can share one NATS server without seeing each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from functools import cached_property

from nats.js import JetStreamContext
from nats.js.api import (
    AckPolicy,
    ConsumerConfig,
    DeliverPolicy,
    DiscardPolicy,
    KeyValueConfig,
    RetentionPolicy,
    StorageType,
    StreamConfig,
    StreamInfo,
)
from nats.js.errors import APIError, BadRequestError, NotFoundError
from pydantic import BaseModel, ConfigDict, Field

from tabletop.kernel.names import NAMESPACE_PATTERN

log = logging.getLogger(__name__)

# JetStream drops a retried publish with the same Nats-Msg-Id inside this window;
# the rules service also checks command ids against the game's commits, so the
# window only has to cover quick client retries.
DUPLICATE_WINDOW_SECONDS = 120.0
DEAD_LETTER_DAYS = 30
DEFAULT_TICKET_TTL = 86400.0


class Topology(BaseModel):
    """Names of the streams and subjects of one Tabletop namespace."""

    model_config = ConfigDict(frozen=True)

    namespace: str = Field(default="tabletop", pattern=NAMESPACE_PATTERN)
    replicas: int = Field(default=1, ge=1, le=5)
    # Seconds a ticket is kept after its last change (KV TTL of the tickets bucket).
    ticket_ttl: float = Field(default=DEFAULT_TICKET_TTL, gt=0)

    @cached_property  # on every append: the substitution was 1-7 µs of each
    def games_stream(self) -> str:
        return re.sub(r"[^A-Za-z0-9_]", "_", self.namespace).upper() + "_GAMES"

    @property
    def games_subjects(self) -> str:
        return f"{self.namespace}.games.>"

    def game_subject(self, game_id: str) -> str:
        return f"{self.namespace}.games.{game_id}"

    def games_stream_config(self) -> StreamConfig:
        """The hot store of games: nothing is ever dropped by a limit.

        No age/count/size limits; if the server ever runs out of room it
        refuses new writes (discard NEW) instead of silently discarding old
        commits. Single commits can never be deleted; a finished game's whole
        subject may be purged, but only by `tabletop storage prune` once the
        archive holds it complete (tabletop.eventlog.retention).
        """
        return StreamConfig(
            name=self.games_stream,
            description="Tabletop game commits, one subject per game",
            subjects=[self.games_subjects],
            retention=RetentionPolicy.LIMITS,
            max_age=0,
            max_msgs=-1,
            max_bytes=-1,
            max_msgs_per_subject=-1,
            discard=DiscardPolicy.NEW,
            storage=StorageType.FILE,
            num_replicas=self.replicas,
            duplicate_window=DUPLICATE_WINDOW_SECONDS,
            deny_delete=True,
            deny_purge=False,  # purging needs the operator's NATS user (deploy/nats)
            allow_direct=True,  # loads start with a direct get of the game's last commit
        )

    @property
    def dead_letters_stream(self) -> str:
        return re.sub(r"[^A-Za-z0-9_]", "_", self.namespace).upper() + "_DEAD_LETTERS"

    def dead_letter_subject(self, consumer: str) -> str:
        """Where `consumer` parks the messages it gave up on (runtime.DeadLetters)."""
        return f"{self.namespace}.dead-letters.{consumer}"

    def dead_letters_stream_config(self) -> StreamConfig:
        """Messages a consumer could not process, with the reason in headers:
        kept 30 days (they are copies; the games stream keeps the original)."""
        return StreamConfig(
            name=self.dead_letters_stream,
            description="Tabletop messages parked by a consumer that gave up on them",
            subjects=[f"{self.namespace}.dead-letters.>"],
            retention=RetentionPolicy.LIMITS,
            max_age=DEAD_LETTER_DAYS * 86400.0,
            max_msgs=-1,
            max_bytes=-1,
            discard=DiscardPolicy.OLD,
            storage=StorageType.FILE,
            num_replicas=self.replicas,
            duplicate_window=DUPLICATE_WINDOW_SECONDS,
        )

    @property
    def pruned_stream(self) -> str:
        return re.sub(r"[^A-Za-z0-9_]", "_", self.namespace).upper() + "_PRUNED"

    def pruned_subject(self, game_id: str) -> str:
        return f"{self.namespace}.pruned.{game_id}"

    def pruned_stream_config(self) -> StreamConfig:
        """Tombstones of the games pruned from the games stream, one message
        per game (tabletop.eventlog.retention): kept for ever, a few hundred
        bytes per game against the whole game, and never purged."""
        return StreamConfig(
            name=self.pruned_stream,
            description="Tabletop games removed from the games stream once archived",
            subjects=[f"{self.namespace}.pruned.>"],
            retention=RetentionPolicy.LIMITS,
            max_msgs_per_subject=1,
            discard=DiscardPolicy.NEW,
            storage=StorageType.FILE,
            num_replicas=self.replicas,
            duplicate_window=DUPLICATE_WINDOW_SECONDS,
            deny_delete=True,
            deny_purge=True,
            allow_direct=True,
        )

    def archive_consumer_config(self) -> ConsumerConfig:
        """The archive's durable consumer: every commit, acked once stored.
        Replicas share it; many commits may be in flight (the store is idempotent)."""
        return _commit_consumer("archive", self.games_subjects, max_ack_pending=256)

    def leaderboards_consumer_config(self) -> ConsumerConfig:
        """Leaderboards: one commit in flight, so finished games are rated in
        stream order (its tracking position only moves forward; ADR 0005)."""
        return _commit_consumer("leaderboards", self.games_subjects, max_ack_pending=1)

    def bots_consumer_config(self, ack_wait: float = 30.0) -> ConsumerConfig:
        """Bots: every bot process pulls from this one consumer, so N processes
        split the commits; an unacked move is redelivered after `ack_wait`."""
        config = _commit_consumer("bots", self.games_subjects, max_ack_pending=256)
        config.ack_wait = ack_wait
        return config

    @property
    def tickets_bucket(self) -> str:
        """JetStream KV of matchmaking: player token -> ticket (ADR 0015)."""
        return f"{self.namespace}_tickets"

    @property
    def queues_bucket(self) -> str:
        """JetStream KV of matchmaking: queue key -> queue. Apart from the
        tickets (one per player ever queued) so that listing the queues, every
        tick, reads only the queues (ADR 0015)."""
        return f"{self.namespace}_queues"

    @property
    def seats_bucket(self) -> str:
        """JetStream KV: game id -> who sits where, which seats are bots (ADR 0015)."""
        return f"{self.namespace}_seats"

    @property
    def snapshots_bucket(self) -> str:
        """JetStream KV of the rules service: game id -> its latest snapshot (ADR 0024)."""
        return f"{self.namespace}_snapshots"

    @property
    def deadlines_bucket(self) -> str:
        """JetStream KV of the deadline keeper: game id -> its next deadline (ADR 0025)."""
        return f"{self.namespace}_deadlines"

    def key_value_configs(self) -> list[KeyValueConfig]:
        # The latest value is all anyone reads (the compare-and-set of a queue
        # needs its revision, not its history). Tickets expire `ticket_ttl`
        # after their last change: a waiting ticket is matched within the bot
        # wait, far shorter, and a matched or cancelled one is history (the
        # player's games are in the archive). Queues never expire (they hold
        # waiting tickets and half-started matches), nor do seatings: a
        # seating must live as long as its game, which no TTL can know;
        # matchmaking deletes those of finished games itself.
        return [
            KeyValueConfig(
                bucket=bucket,
                history=1,
                storage=StorageType.FILE,
                replicas=self.replicas,
                ttl=self.ticket_ttl if bucket == self.tickets_bucket else None,
            )
            for bucket in (self.tickets_bucket, self.queues_bucket, self.seats_bucket)
        ]

    def deadlines_bucket_config(self) -> KeyValueConfig:
        """Only the deadline keeper declares and uses it (not `key_value_configs`,
        which every reader of seatings declares)."""
        return KeyValueConfig(
            bucket=self.deadlines_bucket,
            history=1,
            storage=StorageType.FILE,
            replicas=self.replicas,
        )


def _commit_consumer(durable: str, subjects: str, max_ack_pending: int) -> ConsumerConfig:
    # JetStream never gives up on a commit by itself (max_deliver -1): past its
    # max_deliver it would drop the message with only an advisory. The
    # consumer's handler gives up instead, after a bounded number of attempts,
    # and parks the commit with its reason (tabletop.runtime.DeadLetters).
    return ConsumerConfig(
        durable_name=durable,
        filter_subject=subjects,
        deliver_policy=DeliverPolicy.ALL,
        ack_policy=AckPolicy.EXPLICIT,
        ack_wait=30.0,
        max_deliver=-1,
        max_ack_pending=max_ack_pending,
    )


async def ensure_streams(js: JetStreamContext, topology: Topology) -> StreamInfo:
    """Create the games, dead-letter and pruned-games streams, or bring existing
    ones to the declared config. Returns the games stream's info."""
    await _ensure_stream(js, topology.dead_letters_stream_config())
    await _ensure_stream(js, topology.pruned_stream_config())
    return await _ensure_stream(js, topology.games_stream_config())


async def _ensure_stream(js: JetStreamContext, config: StreamConfig) -> StreamInfo:
    try:
        return await js.add_stream(config)
    except BadRequestError as exc:
        # 10058: the name is taken with another config (e.g. an older version).
        if exc.err_code != 10058:
            raise
        existing = (await js.stream_info(str(config.name))).config
        if existing.deny_purge and not config.deny_purge:
            # JetStream never lifts deny_purge: a games stream made before
            # hot/cold storage keeps every game (prune refuses to run on it).
            config.deny_purge = True
            log.warning("stream %s denies purges: finished games cannot be pruned", config.name)
        log.warning("updating stream %s to the declared config", config.name)
        return await js.update_stream(config)


async def ensure_key_values(
    js: JetStreamContext, topology: Topology, *, owner: bool = False
) -> None:
    """Create the KV buckets (idempotent). A bucket that exists with another
    TTL is brought to this one's by the `owner` (matchmaking, which sets
    the ticket TTL) and kept as it is by everyone else."""
    for config in topology.key_value_configs():
        try:
            await js.create_key_value(config)
        except BadRequestError as exc:
            if exc.err_code != 10058:  # the name is taken with another config
                raise
            if owner:
                await _update_ttl(js, config)


async def _update_ttl(js: JetStreamContext, config: KeyValueConfig) -> None:
    info = await js.stream_info(f"KV_{config.bucket}")
    info.config.max_age = config.ttl or 0.0
    if config.ttl and (info.config.duplicate_window or 0) > config.ttl:
        info.config.duplicate_window = config.ttl  # the server refuses a longer one
    log.warning("updating bucket %s: ttl %s s", config.bucket, config.ttl)
    await js.update_stream(info.config)


async def drop_namespace(js: JetStreamContext, topology: Topology) -> None:
    """Delete the namespace's streams and every KV bucket (what is
    missing already is skipped): for benchmarks and tests that borrow a
    shared server and must leave nothing behind. Never for a live namespace."""
    for stream in (topology.games_stream, topology.dead_letters_stream, topology.pruned_stream):
        with contextlib.suppress(NotFoundError):
            await js.delete_stream(stream)
    buckets = [c.bucket for c in topology.key_value_configs()]
    for bucket in [*buckets, topology.snapshots_bucket, topology.deadlines_bucket]:
        with contextlib.suppress(NotFoundError):
            await js.delete_key_value(bucket)


# The deadline keeper's durable consumer (every rules process's keeper shares it, ADR 25).
DEADLINES_DURABLE = "deadlines"


async def consumer_drained(
    js: JetStreamContext, stream: str, durable: str, within: float, absent_is_drained: bool = False
) -> bool:
    """Wait until the durable consumer has acknowledged every message
    delivered and has none pending: True then, False once `within` seconds
    passed. A consumer not made yet is waited for, unless `absent_is_drained`."""
    deadline = time.monotonic() + within
    while True:
        try:
            info = await js.consumer_info(stream, durable)
        except NotFoundError:
            if absent_is_drained:
                return True
        else:
            if not info.num_pending and not info.num_ack_pending:
                return True
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(0.05)


async def ensure_consumer(js: JetStreamContext, topology: Topology, config: ConsumerConfig) -> None:
    """Create a durable consumer on the games stream. One that exists with an
    older config is kept as it is (its position matters more than the new
    settings) and the mismatch is logged for an operator."""
    durable = config.durable_name
    if durable is None:  # an ephemeral consumer cannot be looked up again below
        raise ValueError("ensure_consumer needs a durable consumer: set durable_name")
    try:
        await js.add_consumer(topology.games_stream, config)
    except APIError as exc:
        # JetStream refuses some edits (400, or 500 with err_code 10012 for the
        # deliver policy); anything else, or no consumer at all, is a real failure.
        try:
            await js.consumer_info(topology.games_stream, durable)
        except NotFoundError:
            raise exc from None
        log.warning("consumer %s not updated: %s", durable, exc.description)
