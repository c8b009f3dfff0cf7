"""Matchmaking as a faststream app: join/leave/status over NATS request/reply,
a periodic tick (bot backfill, retries), and the HTTP health and metrics
routes. `tabletop.matchmaking.app:app` is the importable app; `create_app`
builds one for tests."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from faststream import Context
from faststream.asgi import AsgiFastStream
from prometheus_client import CollectorRegistry

from tabletop.eventlog import Topology, ensure_key_values, ensure_streams
from tabletop.messaging import ErrorBody
from tabletop.messaging.errors import Refusal
from tabletop.messaging.matchmaking import (
    GetTicket,
    JoinQueue,
    LeaveQueue,
    MatchmakingSubjects,
    Ticket,
    TicketReply,
)
from tabletop.messaging.refusals import counting_refusals
from tabletop.runtime import service_app, service_broker

from .matchmaker import Matchmaker
from .metrics import MatchmakingMetrics
from .settings import MatchmakingSettings
from .store import MatchmakingStore
from .table_handlers import add_table_handlers

log = logging.getLogger("tabletop.matchmaking")

# Built at startup, once NATS answers, and handed to each handler by
# faststream's context (the subscribers start only after the startup hooks).
Running = Annotated[Matchmaker, Context("matchmaker")]


class Ticks:
    """The periodic work, each its own task: the tick (bot backfill, retries)
    and the seating sweep, apart so a long sweep does not hold up the backfill."""

    def __init__(self, settings: MatchmakingSettings) -> None:
        self.settings = settings
        self.tasks: list[asyncio.Task[None]] = []

    def start(self, matchmaker: Matchmaker) -> None:
        self.tasks = [
            asyncio.create_task(every(self.settings.tick, matchmaker.tick, "matchmaking tick")),
            asyncio.create_task(
                every(self.settings.sweep_interval, matchmaker.sweep, "seating sweep")
            ),
        ]

    async def stop(self) -> None:
        # A match cut short stays pending in KV and is finished after a restart.
        # Cancel until done: on Python 3.11 an `asyncio.wait_for` inside a
        # request can swallow a cancellation that lands as its reply does, and
        # the loop would then run on and hold the shutdown.
        while pending := [task for task in self.tasks if not task.done()]:
            for task in pending:
                task.cancel()
            await asyncio.wait(pending, timeout=1.0)
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                task.result()  # retrieved, so asyncio logs nothing at exit
        self.tasks = []


async def every(seconds: float, work: Callable[[], Awaitable[Any]], what: str) -> None:
    while True:
        try:
            await work()
        except Exception:
            log.exception("%s failed", what)
        await asyncio.sleep(seconds)


def create_app(settings: MatchmakingSettings | None = None) -> AsgiFastStream:
    settings = settings or MatchmakingSettings()
    registry = CollectorRegistry()
    metrics = MatchmakingMetrics(registry)
    subjects = MatchmakingSubjects(namespace=settings.namespace)
    topology = Topology(namespace=settings.namespace, replicas=settings.stream_replicas,
                        ticket_ttl=settings.ticket_ttl)  # fmt: skip
    ticks = Ticks(settings)

    broker = service_broker(
        settings,
        [counting_refusals(metrics.request, log)],
        registry=registry,
        app_name="matchmaking",
    )

    async def answer(op: str, work: Awaitable[Ticket]) -> TicketReply:
        try:
            ticket = await work
        except Refusal as refusal:
            metrics.request(op, refusal.code)
            error = ErrorBody(code=refusal.code, message=refusal.message)
            return TicketReply(ticket=refusal.ticket, error=error)
        metrics.request(op, None)
        return TicketReply(ticket=ticket)

    def request_subscriber(subject: str, title: str) -> Any:
        return broker.subscriber(subject, queue=subjects.queue, title=title, max_workers=8)

    @request_subscriber(subjects.join, "matchmaking.join")
    async def join(request: JoinQueue, matchmaker: Running) -> TicketReply:
        """Queue a player (idempotent); the reply is the ticket, `matched` if the table filled."""
        return await answer("join", matchmaker.join(request))

    @request_subscriber(subjects.leave, "matchmaking.leave")
    async def leave(request: LeaveQueue, matchmaker: Running) -> TicketReply:
        """Leave the queue; refused once the ticket is matched."""
        return await answer("leave", matchmaker.leave(request))

    @request_subscriber(subjects.status, "matchmaking.status")
    async def status(request: GetTicket, matchmaker: Running) -> TicketReply:
        """A player's ticket: waiting, matched (game id and seat) or cancelled."""
        return await answer("status", matchmaker.status(request.player_id))

    add_table_handlers(broker, settings.namespace, metrics)

    app = service_app(
        broker,
        registry,
        logger=log,
        title="Tabletop matchmaking service",
        description="Queues, tickets and match-found messages (`found.<player>`: MatchFound).",
    )

    @app.on_startup
    async def connect() -> None:
        nc = await broker.connect()
        js = nc.jetstream()
        await ensure_streams(js, topology)
        await ensure_key_values(js, topology, owner=True)  # it sets the ticket TTL
        store = MatchmakingStore(
            await js.key_value(topology.tickets_bucket),
            await js.key_value(topology.queues_bucket),
            await js.key_value(topology.seats_bucket),
        )
        broker.context.set_global("matchmaker", Matchmaker(store, nc, settings, metrics))
        log.info(
            "matchmaking ready",
            extra={"tickets": topology.tickets_bucket, "queues": topology.queues_bucket},
        )

    @app.after_startup
    async def start_ticking() -> None:
        ticks.start(broker.context.get("matchmaker"))

    @app.on_shutdown
    async def stop_ticking() -> None:
        await ticks.stop()

    return app


app = create_app()
