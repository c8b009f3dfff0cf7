"""The rules service as a faststream app: NATS request/reply plus the HTTP
health and metrics routes. `tabletop.rules.app:app` is the importable app
(its AsyncAPI document goes to proto/); `create_app` builds one for tests.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from faststream import Context
from faststream.asgi import AsgiFastStream
from faststream.nats import NatsResponse, NatsRouter
from prometheus_client import CollectorRegistry

from tabletop.eventlog import (
    CommitLog,
    EventLog,
    KeyValueSnapshots,
    PrunedGames,
    Topology,
    ensure_streams,
)
from tabletop.eventlog.links import NatsLink, open_link
from tabletop.eventlog.wire import Wire
from tabletop.games.catalog import GameCatalog
from tabletop.messaging import RulesReply, RulesSubjects, ServiceCode, StartGame, SubmitCommand
from tabletop.messaging.errors import Refusal
from tabletop.messaging.refusals import refusing_middleware
from tabletop.runtime import service_app, service_broker

from .deadlines import DeadlineKeeper
from .engine import Rules
from .hot_path import SubmitPath
from .metrics import RulesMetrics
from .settings import RulesSettings

log = logging.getLogger("tabletop.rules")

# Built at startup, once the event log answers (or in create_app around a
# given log), and kept in faststream's context. Handlers take it from
# `running()` instead: a `Context` parameter is resolved by fast_depends in a
# worker thread per request, which cost more CPU than deciding the command.
Running = Annotated[Rules, Context("rules")]


def freeze_startup_objects() -> None:
    """Move what startup built (modules, the games' catalogs: ~100k objects)
    out of the collector's reach: a full collection scanned them all, a pause
    of tens of ms that every command in flight waited for (the p99)."""
    gc.collect()
    gc.freeze()


def create_app(
    settings: RulesSettings | None = None, commits: CommitLog | None = None
) -> AsgiFastStream:
    """The service. With `commits` given (an in-memory log in unit tests) it
    uses that log instead of connecting one to JetStream at startup."""
    settings = settings or RulesSettings()
    registry = CollectorRegistry()
    held: list[Rules] = []
    metrics = RulesMetrics(registry, lambda: held[0] if held else None)
    catalog = GameCatalog.from_paths(settings.extra_games)
    subjects = RulesSubjects(namespace=settings.namespace)
    topology = Topology(namespace=settings.namespace, replicas=settings.stream_replicas)

    def refuse(code: ServiceCode, message: str) -> dict[str, Any]:
        metrics.record("request", code, 0.0)
        return RulesReply.refused(code, message).to_wire()

    # No registry, so no faststream Prometheus middleware: RulesMetrics already
    # counts every request by outcome and code, and the duplicate cost ~20%.
    broker = service_broker(settings, [refusing_middleware(refuse, log)], logger=log)

    def serve(rules: Rules) -> None:
        held[:] = [rules]
        broker.context.set_global("rules", rules)

    keepers: list[DeadlineKeeper] = []
    links: list[Wire | NatsLink] = []

    def running() -> Rules:
        return held[0]  # set before the subscribers start

    if commits is not None:
        serve(
            Rules(
                commits,
                catalog,
                settings.cache_size,
                settings.max_attempts,
                max_commits=settings.max_commits,
            )
        )

    async def answer(
        op: str, rules: Rules, work: Callable[[Rules], Awaitable[RulesReply]]
    ) -> RulesReply:
        started = time.perf_counter()
        try:
            reply = await work(rules)
        except Refusal as refusal:
            reply = RulesReply.refused(refusal.code, refusal.message, refusal.game_id, refusal.seq)
        code = reply.error.code if reply.error else None
        # Counted once the reply has left (its sender writes it in this step).
        asyncio.get_running_loop().call_soon(
            metrics.record, op, code, time.perf_counter() - started
        )
        if log.isEnabledFor(logging.DEBUG):
            where = {"game_id": reply.game_id, "seq": reply.seq}
            log.debug("%s %s", op, code or "accepted", extra=where)
        return reply

    queue, workers = subjects.queue, settings.workers

    def submit(request: SubmitCommand) -> Awaitable[RulesReply]:
        return answer("submit", running(), lambda r: r.submit(request))

    def start(request: StartGame) -> Awaitable[RulesReply]:
        return answer("start", running(), lambda r: r.start(request))

    # On real NATS, SubmitPath serves these subjects; faststream's subscribers
    # (in a router dropped at startup) serve them on the in-memory test broker
    # and document them.
    documented = NatsRouter()

    @documented.subscriber(
        subjects.start_game, title="rules.start", queue=queue, max_workers=workers
    )
    async def start_game(request: StartGame) -> NatsResponse:
        """Start a game: commit its setup events as the game's first commit."""
        reply = await start(request)
        # This process caches the game it started: its commands should come here.
        return NatsResponse(reply, headers=hot.affinity if hot.serving else None)

    @documented.subscriber(
        subjects.submit_command, title="rules.submit", queue=queue, max_workers=workers
    )
    async def submit_command(request: SubmitCommand) -> RulesReply:
        """Decide a command on the game's current state and commit its events."""
        return await submit(request)

    broker.include_router(documented)
    at = subjects.submit_at(uuid.uuid4().hex[:16])  # this process's own (ADR 27)
    hot = SubmitPath(
        subjects.submit_command, queue, workers, submit, refuse, log, at,
        start=(subjects.start_game, start),
    )  # fmt: skip

    app = service_app(
        broker,
        registry,
        logger=log,
        title="Tabletop rules service",
        description="Start games and submit commands; replies are RulesReply.",
    )

    @app.on_startup
    async def connect_event_log() -> None:
        log.info("serving games", extra={"games": ",".join(catalog.ids())})
        if commits is not None:
            return
        # Connect before the subscribers start, so no request finds the log missing.
        nc = await broker.connect()
        js = nc.jetstream()
        await ensure_streams(js, topology)
        snapshots = await KeyValueSnapshots.ensure(js, topology)
        # Commands and their appends on a lean connection of their own (ADR 28).
        link = await open_link(settings.nats_url, nc, f"rules {at}")
        links.append(link)
        serve(
            Rules(
                EventLog(js, topology, link),
                catalog,
                settings.cache_size,
                settings.max_attempts,
                pruned=PrunedGames(js, topology),
                snapshots=snapshots,
                max_commits=settings.max_commits,
            )
        )
        broker.routers.remove(documented)
        freeze_startup_objects()
        await hot.start(link)
        log.info("event log ready", extra={"stream": topology.games_stream})
        if settings.deadline_keeper:
            keeper = DeadlineKeeper(
                js, topology, running().submit, catalog,
                abandon_after_ms=settings.abandon_after_ms, link=link,
            )  # fmt: skip
            await keeper.start()
            keepers.append(keeper)

    @app.on_shutdown
    async def stop_keeper() -> None:
        for keeper in keepers:
            await keeper.stop()

    @app.on_shutdown
    async def stop_taking_commands() -> None:
        await hot.stop()
        for link in links:
            if isinstance(link, Wire):
                await link.close()

    return app


app = create_app()
