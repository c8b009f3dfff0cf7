"""The bots as a faststream app: every process pulls from the one durable
`bots` consumer of the games stream (so N processes split the commits), plus
the HTTP health and metrics routes. `tabletop.bots.app:app` is the importable
app; `create_app` builds one for tests."""

from __future__ import annotations

import logging
from typing import Annotated

from faststream import Context
from faststream.asgi import AsgiFastStream
from faststream.nats.annotations import NatsMessage
from prometheus_client import CollectorRegistry

from tabletop.eventlog import (
    EventLog,
    GameHeads,
    Topology,
    ensure_consumer,
    ensure_key_values,
    ensure_streams,
)
from tabletop.games import get_game
from tabletop.messaging import ArchiveClient, RulesClient
from tabletop.messaging.seating import SeatingDirectory
from tabletop.runtime import (
    DeadLetters,
    Verdict,
    durable_pull_subscriber,
    service_app,
    service_broker,
)

from .metrics import BotsMetrics
from .settings import BotsSettings
from .worker import BotWorker

log = logging.getLogger("tabletop.bots")

RETRY_DELAY_SECONDS = 1.0

# Built at startup, once NATS answers, and handed to the handler by
# faststream's context (the subscribers start only after the startup hooks).
Running = Annotated[BotWorker, Context("worker")]


def create_app(settings: BotsSettings | None = None) -> AsgiFastStream:
    settings = settings or BotsSettings()
    registry = CollectorRegistry()
    metrics = BotsMetrics(registry)
    topology = Topology(namespace=settings.namespace, replicas=settings.stream_replicas)
    consumer = topology.bots_consumer_config(settings.ack_wait)
    dead_letters = DeadLetters(
        "bots", topology.dead_letter_subject("bots"), settings.max_attempts, registry
    )

    broker = service_broker(settings, registry=registry, app_name="bots")

    @durable_pull_subscriber(
        broker,
        topology.games_stream,
        consumer,
        batch_size=settings.fetch_batch,
        title="bots.games",
        description="Every commit; when a bot seat must act, its move goes to rules.submit",
    )
    async def on_commit(msg: NatsMessage, worker: Running) -> None:
        if await dead_letters.parked_unsettled(msg):
            return
        try:
            verdict, reason = await worker.settlement(msg.raw_message.data)
        except Exception as exc:
            log.exception("bot worker failed on a commit; it will come back")
            verdict, reason = Verdict.NAK, f"worker failed: {type(exc).__name__}: {exc}"
        await dead_letters.settle(msg, verdict, RETRY_DELAY_SECONDS, reason)

    app = service_app(
        broker,
        registry,
        logger=log,
        title="Tabletop bots service",
        description="Consumes game commits; submits bot moves through rules.submit.",
    )

    @app.on_startup
    async def connect() -> None:
        nc = await broker.connect()
        js = nc.jetstream()
        await ensure_streams(js, topology)
        await ensure_key_values(js, topology)
        await ensure_consumer(js, topology, consumer)
        dead_letters.bind(js)
        rules = RulesClient(nc, settings.namespace, timeout=settings.rules_timeout)
        heads = GameHeads(EventLog(js, topology), get_game, settings.cache_size)
        archive = ArchiveClient(nc, settings.namespace, timeout=settings.rules_timeout)
        seats = SeatingDirectory(await js.key_value(topology.seats_bucket), archive)
        broker.context.set_global("worker", BotWorker(heads, seats, rules, metrics))
        log.info("bots ready", extra={"consumer": consumer.durable_name})

    return app


app = create_app()
