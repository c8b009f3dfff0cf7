"""The leaderboards as a faststream app: a durable JetStream consumer that
rates finished games, NATS request/reply reads, and the HTTP health and
metrics routes. `tabletop.leaderboards.app:app` is the importable app;
`create_app` builds one for tests."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Annotated, TypeVar

from asyncpg import Pool
from faststream import Context
from faststream.asgi import AsgiFastStream
from faststream.nats.annotations import NatsMessage
from prometheus_client import CollectorRegistry

from tabletop.eventlog import (
    EventLog,
    Topology,
    ensure_consumer,
    ensure_key_values,
    ensure_streams,
)
from tabletop.games.catalog import GameCatalog
from tabletop.messaging import ArchiveClient
from tabletop.messaging.leaderboards import (
    AroundReply,
    GetAround,
    GetHistory,
    GetRating,
    GetSeason,
    GetSeasons,
    GetTop,
    HistoryReply,
    LeaderboardSubjects,
    RatingReply,
    SeasonReply,
    SeasonsReply,
    TopReply,
)
from tabletop.messaging.refusals import counted_answer, counting_refusals
from tabletop.messaging.seating import SeatingDirectory
from tabletop.runtime import DeadLetters, durable_pull_subscriber, service_app, service_broker
from tabletop.storage import connect_pool, migrate, migration_lock

from .application import Ratings
from .board import MIGRATIONS, Board
from .consumer import RETRY_DELAY_SECONDS, CommitRater
from .finished import EndDetector
from .metrics import LeaderboardsMetrics
from .persistence import eventsourcing_env
from .queries import Queries
from .settings import LeaderboardsSettings

log = logging.getLogger("tabletop.leaderboards")

T = TypeVar("T", TopReply, RatingReply, HistoryReply, AroundReply, SeasonReply, SeasonsReply)


@dataclass(frozen=True, slots=True)
class Started:
    """What the handlers use, built at startup once the stores answer; handed
    to them by faststream's context (subscribers start after the startup hooks)."""

    queries: Queries
    rater: CommitRater
    pool: Pool


Running = Annotated[Started, Context("started")]


def create_app(settings: LeaderboardsSettings | None = None) -> AsgiFastStream:
    settings = settings or LeaderboardsSettings()
    registry = CollectorRegistry()
    metrics = LeaderboardsMetrics(registry)
    catalog = GameCatalog.from_paths(settings.extra_games)
    subjects = LeaderboardSubjects(namespace=settings.namespace)
    topology = Topology(namespace=settings.namespace, replicas=settings.stream_replicas)
    consumer = topology.leaderboards_consumer_config()
    dead_letters = DeadLetters(
        "leaderboards", topology.dead_letter_subject("leaderboards"), settings.max_attempts,
        registry,
    )  # fmt: skip

    broker = service_broker(
        settings,
        [counting_refusals(metrics.request, log)],
        registry=registry,
        app_name="leaderboards",
    )

    async def answer(op: str, refused: type[T], work: Awaitable[T]) -> T:
        return await counted_answer(op, refused, work, metrics.request)

    @durable_pull_subscriber(
        broker,
        topology.games_stream,
        consumer,
        batch_size=1,
        title="leaderboards.games",
        description="Every commit; the one that ends a game rates it, exactly once",
    )
    async def rate_commit(msg: NatsMessage, started: Running) -> None:
        if await dead_letters.parked_unsettled(msg):
            return
        verdict, reason = await started.rater.handle(msg.raw_message)
        await dead_letters.settle(msg, verdict, RETRY_DELAY_SECONDS, reason)

    @broker.subscriber(subjects.top, queue=subjects.queue, title="leaderboards.top")
    async def get_top(request: GetTop, started: Running) -> TopReply:
        """The best N ratings of a game type (by ordinal)."""
        return await answer("top", TopReply, started.queries.top(request))

    @broker.subscriber(subjects.rating, queue=subjects.queue, title="leaderboards.rating")
    async def get_rating(request: GetRating, started: Running) -> RatingReply:
        """One player's rating in a game type."""
        return await answer("rating", RatingReply, started.queries.rating(request))

    @broker.subscriber(subjects.history, queue=subjects.queue, title="leaderboards.history")
    async def get_history(request: GetHistory, started: Running) -> HistoryReply:
        """One player's rating after each rated game, oldest first."""
        return await answer("history", HistoryReply, started.queries.history(request))

    @broker.subscriber(subjects.around, queue=subjects.queue, title="leaderboards.around")
    async def get_around(request: GetAround, started: Running) -> AroundReply:
        """The board around one player: their row and `span` rows each side."""
        return await answer("around", AroundReply, started.queries.around(request))

    @broker.subscriber(subjects.season, queue=subjects.queue, title="leaderboards.season")
    async def get_season(request: GetSeason, started: Running) -> SeasonReply:
        """The board of one season (a calendar quarter), past or current."""
        return await answer("season", SeasonReply, started.queries.season(request))

    @broker.subscriber(subjects.seasons, queue=subjects.queue, title="leaderboards.seasons")
    async def get_seasons(request: GetSeasons, started: Running) -> SeasonsReply:
        """The seasons with a board, newest first, and the current one."""
        return await answer("seasons", SeasonsReply, started.queries.seasons(request))

    app = service_app(broker, registry)

    @app.on_startup
    async def connect() -> None:
        # Everything the subscribers need exists before they start.
        if settings.database_url is None:
            raise RuntimeError("the leaderboards need DATABASE_URL")
        pool = await connect_pool(settings.database_url, settings.db_schema)
        env = eventsourcing_env(settings.database_url, settings.db_schema)
        async with pool.acquire() as conn:
            await migrate(conn, settings.db_schema, MIGRATIONS)
            # eventsourcing creates its tables when constructed: under the same
            # lock, so two replicas starting together do not race on CREATE TABLE.
            async with migration_lock(conn, settings.db_schema):
                ratings = await asyncio.to_thread(Ratings, env)
        board = Board(pool)
        nc = await broker.connect()
        js = nc.jetstream()
        await ensure_streams(js, topology)
        await ensure_key_values(js, topology)
        dead_letters.bind(js)
        await ensure_consumer(js, topology, consumer)
        ends = EndDetector(catalog, EventLog(js, topology), settings.cache_size)
        archive = ArchiveClient(nc, settings.namespace, settings.archive_timeout)
        seats = SeatingDirectory(await js.key_value(topology.seats_bucket), archive)
        rater = CommitRater(ratings, board, ends, seats, metrics)
        broker.context.set_global("started", Started(Queries(ratings, board), rater, pool))
        log.info("leaderboards ready", extra={"stream": topology.games_stream,
                                              "schema": settings.db_schema})  # fmt: skip

    @app.after_shutdown
    async def close() -> None:
        started: Started | None = broker.context.get("started")
        if started is not None:
            await started.pool.close()
            started.queries.ratings.close()

    return app


app = create_app()
