"""The archive as a faststream app: a durable JetStream consumer that copies
commits into PostgreSQL, NATS request/reply reads, and the HTTP health and
metrics routes. `tabletop.archive.app:app` is the importable app;
`create_app` builds one for tests."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Annotated, Any, TypeVar

from faststream import Context
from faststream.asgi import AsgiFastStream
from faststream.nats.annotations import NatsMessage
from prometheus_client import CollectorRegistry

from tabletop.eventlog import Topology, ensure_consumer, ensure_streams
from tabletop.games.catalog import GameCatalog
from tabletop.messaging.archive import (
    ArchiveSubjects,
    CommitsReply,
    FinishedBeforeReply,
    GameReply,
    GetCommits,
    GetFinishedBefore,
    GetGame,
    GetPlayerGames,
    GetView,
    PlayerGamesReply,
    SeatPlayers,
    SeatPlayersReply,
    ViewReply,
)
from tabletop.messaging.refusals import counted_answer, counting_refusals
from tabletop.runtime import DeadLetters, durable_pull_subscriber, service_app, service_broker
from tabletop.storage import connect_pool, migrate

from .consumer import RETRY_DELAY_SECONDS, archive_message
from .metrics import ArchiveMetrics
from .queries import Queries
from .schema import MIGRATIONS
from .settings import ArchiveSettings
from .store import ArchiveStore

log = logging.getLogger("tabletop.archive")

T = TypeVar(
    "T",
    CommitsReply, ViewReply, GameReply, PlayerGamesReply, SeatPlayersReply, FinishedBeforeReply,
)  # fmt: skip

# Built at startup, once the database answers, and handed to each handler by
# faststream's context (the subscribers start only after the startup hooks).
Answers = Annotated[Queries, Context("queries")]


def create_app(settings: ArchiveSettings | None = None) -> AsgiFastStream:
    settings = settings or ArchiveSettings()
    registry = CollectorRegistry()
    metrics = ArchiveMetrics(registry)
    catalog = GameCatalog.from_paths(settings.extra_games)
    subjects = ArchiveSubjects(namespace=settings.namespace)
    topology = Topology(namespace=settings.namespace, replicas=settings.stream_replicas)
    consumer = topology.archive_consumer_config()
    dead_letters = DeadLetters(
        "archive", topology.dead_letter_subject("archive"), settings.max_attempts, registry
    )

    broker = service_broker(
        settings, [counting_refusals(metrics.request, log)], registry=registry, app_name="archive"
    )

    async def answer(op: str, refused: type[T], work: Awaitable[T]) -> T:
        return await counted_answer(op, refused, work, metrics.request)

    @durable_pull_subscriber(
        broker,
        topology.games_stream,
        consumer,
        batch_size=settings.fetch_batch,
        title="archive.games",
        description="Every commit of every game, stored once, acked once durable",
    )
    async def archive_commit(msg: NatsMessage, queries: Answers) -> None:
        if await dead_letters.parked_unsettled(msg):
            return
        verdict, reason = await archive_message(queries.store, metrics, msg.raw_message)
        await dead_letters.settle(msg, verdict, RETRY_DELAY_SECONDS, reason)

    def request_subscriber(subject: str, title: str) -> Any:
        return broker.subscriber(subject, queue=subjects.queue, title=title)

    @request_subscriber(subjects.commits, "archive.commits")
    async def get_commits(request: GetCommits, queries: Answers) -> CommitsReply:
        """A game's archived commits, in order."""
        return await answer("commits", CommitsReply, queries.commits(request))

    @request_subscriber(subjects.view, "archive.view")
    async def get_view(request: GetView, queries: Answers) -> ViewReply:
        """The game replayed to a step, as a seat or a spectator sees it."""
        return await answer("view", ViewReply, queries.view(request))

    @request_subscriber(subjects.game, "archive.game")
    async def get_game(request: GetGame, queries: Answers) -> GameReply:
        """One game: type, players, status, outcome."""
        return await answer("game", GameReply, queries.game(request))

    @request_subscriber(subjects.player_games, "archive.player-games")
    async def get_player_games(request: GetPlayerGames, queries: Answers) -> PlayerGamesReply:
        """A player's games, newest first."""
        return await answer("player_games", PlayerGamesReply, queries.player_games(request))

    @request_subscriber(subjects.seat_players, "archive.seat-players")
    async def seat_players(request: SeatPlayers, queries: Answers) -> SeatPlayersReply:
        """Record which player sits at which seat of a game (idempotent)."""
        return await answer("seat_players", SeatPlayersReply, queries.seat_players(request))

    @request_subscriber(subjects.finished_before, "archive.finished-before")
    async def finished_before(request: GetFinishedBefore, queries: Answers) -> FinishedBeforeReply:
        """Finished games older than a date, each with proof the archive holds it whole."""
        return await answer(
            "finished_before", FinishedBeforeReply, queries.finished_before(request)
        )

    app = service_app(broker, registry)

    @app.on_startup
    async def connect() -> None:
        # Everything the subscribers need exists before they start.
        if settings.database_url is None:
            raise RuntimeError("the archive needs DATABASE_URL")
        pool = await connect_pool(settings.database_url, settings.db_schema)
        async with pool.acquire() as conn:
            await migrate(conn, settings.db_schema, MIGRATIONS)
        broker.context.set_global(
            "queries", Queries(ArchiveStore(pool, catalog, settings.cache_size))
        )
        js = (await broker.connect()).jetstream()
        await ensure_streams(js, topology)
        dead_letters.bind(js)
        await ensure_consumer(js, topology, consumer)
        log.info("archive ready", extra={"stream": topology.games_stream,
                                         "schema": settings.db_schema})  # fmt: skip

    @app.after_shutdown
    async def close() -> None:
        queries: Queries | None = broker.context.get("queries")
        if queries is not None:
            await queries.store.pool.close()

    return app


app = create_app()
