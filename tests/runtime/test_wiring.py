"""The wiring every service shares: its broker refuses a bad request with an
error reply and counts it, pull consumers settle messages the same way, and
the ASGI app carries the health and metrics routes."""

from __future__ import annotations

import logging

from faststream import AckPolicy
from faststream.middlewares import ExceptionMiddleware
from faststream.nats import TestNatsBroker
from faststream.nats.opentelemetry import NatsTelemetryMiddleware
from faststream.nats.prometheus import NatsPrometheusMiddleware
from nats.js.api import ConsumerConfig
from prometheus_client import CollectorRegistry
from pydantic import BaseModel

from tabletop.messaging.refusals import counting_refusals
from tabletop.runtime import (
    RequestCounter,
    ServiceSettings,
    Verdict,
    durable_pull_subscriber,
    service_app,
    service_broker,
    settle,
)
from tabletop.runtime.logs import LogContextMiddleware

log = logging.getLogger("test.wiring")


class Join(BaseModel):
    player_id: str


def settings() -> ServiceSettings:
    return ServiceSettings(nats_url="nats://example:4222", graceful_timeout=3.5)


async def test_service_broker_refuses_a_malformed_request_and_counts_it() -> None:
    registry = CollectorRegistry()
    requests = RequestCounter("svc_requests", "Requests", registry)
    broker = service_broker(
        settings(), [counting_refusals(requests, log)], registry=registry, app_name="svc"
    )

    @broker.subscriber("join")
    async def join(request: Join) -> dict[str, str]:
        return {"ok": request.player_id}

    async with TestNatsBroker(broker) as test:
        good = await (await test.request(b'{"player_id": "p"}', "join")).decode()
        bad = await (await test.request(b"{not json", "join")).decode()

    assert good == {"ok": "p"}
    assert bad == {
        "error": {"code": "malformed_request", "message": "request body must be a JSON object"}
    }
    labels = {"op": "request", "outcome": "refused", "code": "malformed_request"}
    assert registry.get_sample_value("svc_requests_total", labels) == 1.0
    # faststream's Prometheus middleware counted both messages into the registry.
    received = registry.get_sample_value(
        "faststream_received_messages_total",
        {"app_name": "svc", "broker": "nats", "handler": "join"},
    )
    assert received == 2.0


def test_service_broker_settings_and_middleware_order() -> None:
    registry = CollectorRegistry()
    refusals = counting_refusals(lambda op, code: None, log)
    broker = service_broker(settings(), [refusals], registry=registry, app_name="svc")
    middlewares = broker.config.broker_middlewares
    # Outermost the trace span and the log context of each message, so that a
    # refusal or a metric is recorded inside them.
    assert isinstance(middlewares[0], NatsTelemetryMiddleware)
    assert middlewares[1] is LogContextMiddleware
    assert middlewares[2] is refusals
    assert isinstance(middlewares[2], ExceptionMiddleware)
    assert isinstance(middlewares[3], NatsPrometheusMiddleware)
    assert broker.config.graceful_timeout == 3.5
    assert broker.config.logger.log_level == logging.DEBUG
    # faststream logs through the service's logger, not a coloured one of its own.
    storage = broker.config.logger.params_storage
    assert storage.get_logger(context=None).name == "tabletop.svc"

    # Without a registry there is no Prometheus middleware (the rules service).
    bare = service_broker(settings(), [refusals], logger=log)
    assert list(bare.config.broker_middlewares)[2:] == [refusals]


def test_request_counter_counts_by_operation_and_outcome() -> None:
    registry = CollectorRegistry()
    request = RequestCounter("svc_requests", "Requests", registry)
    request("join", None)
    request("join", None)
    request("join", "queue_full")

    def count(outcome: str, code: str) -> float | None:
        labels = {"op": "join", "outcome": outcome, "code": code}
        return registry.get_sample_value("svc_requests_total", labels)

    assert count("ok", "") == 2.0
    assert count("refused", "queue_full") == 1.0


class FakeMessage:
    def __init__(self) -> None:
        self.calls: list[tuple[str, float | None]] = []

    async def ack(self) -> None:
        self.calls.append(("ack", None))

    async def reject(self) -> None:
        self.calls.append(("reject", None))

    async def nack(self, delay: float | None = None) -> None:
        self.calls.append(("nack", delay))


async def test_settle_acks_terminates_or_redelivers_later() -> None:
    msg = FakeMessage()
    for verdict in (Verdict.ACK, Verdict.TERM, Verdict.NAK):
        await settle(msg, verdict, 2.5)
    assert msg.calls == [("ack", None), ("reject", None), ("nack", 2.5)]


def test_durable_pull_subscriber_binds_the_consumer_with_manual_acks() -> None:
    broker = service_broker(settings())
    consumer = ConsumerConfig(durable_name="worker", filter_subject="ns.games.>")

    @durable_pull_subscriber(broker, "NS_GAMES", consumer, batch_size=7, title="t", description="d")
    async def handle(body: bytes) -> None:
        return None

    (subscriber,) = broker.subscribers
    assert subscriber.subject.broker_address == "ns.games.>"
    assert subscriber.stream.name == "NS_GAMES"
    assert subscriber.stream.declare is False
    assert subscriber.pull_sub.batch_size == 7
    assert subscriber.pull_sub.timeout == 1.0
    assert subscriber.config.durable_name == "worker"
    assert subscriber.ack_policy is AckPolicy.MANUAL


def test_service_app_serves_health_and_documents_itself() -> None:
    registry = CollectorRegistry()
    broker = service_broker(settings())
    app = service_app(broker, registry, logger=log, title="Svc", description="what it does")
    assert [path for path, _ in app.routes] == ["/healthz", "/readyz", "/metrics"]
    info = app.schema.to_specification().to_jsonable()["info"]
    assert info == {"title": "Svc", "version": "1", "description": "what it does"}
    assert app.logger is log
