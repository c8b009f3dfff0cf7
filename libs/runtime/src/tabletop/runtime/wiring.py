"""How every faststream service is wired: its NATS broker, its durable pull
consumer of a JetStream stream, how a consumed message is settled, and the
ASGI app that carries the health and metrics routes. One copy here, so the
services cannot drift apart on log level, shutdown timeout or ack handling."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

from faststream import AckPolicy
from faststream.asgi import AsgiFastStream
from faststream.nats import JStream, NatsBroker, PullSub
from faststream.nats.annotations import NatsMessage
from faststream.nats.opentelemetry import NatsTelemetryMiddleware
from faststream.nats.prometheus import NatsPrometheusMiddleware
from faststream.specification import AsyncAPI
from nats.js.api import ConsumerConfig
from prometheus_client import CollectorRegistry

from .http import health_routes
from .logs import LogContextMiddleware
from .settings import ServiceSettings


def service_broker(
    settings: ServiceSettings,
    middlewares: Sequence[Any] = (),
    *,
    registry: CollectorRegistry | None = None,
    app_name: str | None = None,
    logger: logging.Logger | None = None,
) -> NatsBroker:
    """The service's broker: `settings.nats_url` and `graceful_timeout`, one
    log line per message at DEBUG (INFO is too loud). Outermost the trace
    span of each message (faststream's OpenTelemetry middleware: a no-op
    unless tracing is configured, tabletop.runtime.tracing) and the log
    context of its ids, then `middlewares`, then faststream's Prometheus
    middleware into `registry` as `app_name` when a registry is given.
    `logger` (default `tabletop.<app_name>`) replaces faststream's own
    coloured logger."""
    chain: list[Any] = [NatsTelemetryMiddleware(), LogContextMiddleware, *middlewares]
    if registry is not None:
        if app_name is None:
            raise ValueError("the Prometheus middleware needs an app_name")
        chain.append(NatsPrometheusMiddleware(registry=registry, app_name=app_name))
    return NatsBroker(
        settings.nats_url,
        graceful_timeout=settings.graceful_timeout,
        log_level=logging.DEBUG,
        middlewares=chain,
        logger=logger or logging.getLogger(f"tabletop.{app_name or 'service'}"),
    )


def durable_pull_subscriber(
    broker: NatsBroker,
    stream: str,
    consumer: ConsumerConfig,
    *,
    batch_size: int,
    title: str,
    description: str,
) -> Callable[[Any], Any]:
    """A subscriber decorator pulling what the durable `consumer` filters
    (its `filter_subject`) from an existing `stream` (declared at startup,
    not by faststream), `batch_size` messages a fetch; the handler acks each
    message itself, e.g. with `settle`."""
    if consumer.filter_subject is None:
        raise ValueError("the durable consumer needs a filter_subject")
    return broker.subscriber(
        consumer.filter_subject,
        stream=JStream(stream, declare=False),
        durable=consumer.durable_name,
        config=consumer,
        pull_sub=PullSub(batch_size=batch_size, timeout=1.0),
        ack_policy=AckPolicy.MANUAL,
        title=title,
        description=description,
    )


class Verdict(StrEnum):
    """What a consumer's handler says became of a message."""

    ACK = "ack"  # done (or nothing to do): never again
    NAK = "nak"  # not now: redeliver later
    TERM = "term"  # never redeliver (malformed)


async def settle(msg: NatsMessage, verdict: Verdict, retry_delay: float) -> None:
    """Tell JetStream what became of a message: `ACK` done, `TERM` never
    redeliver, `NAK` redeliver after `retry_delay` seconds."""
    if verdict is Verdict.ACK:
        await msg.ack()
    elif verdict is Verdict.TERM:
        await msg.reject()
    else:
        await msg.nack(delay=retry_delay)


def service_app(
    broker: NatsBroker,
    registry: CollectorRegistry,
    *,
    logger: logging.Logger | None = None,
    title: str | None = None,
    description: str = "",
) -> AsgiFastStream:
    """The ASGI app serving `broker` plus `/healthz`, `/readyz` and `/metrics`
    (from `registry`). With a `title`, it documents itself as an AsyncAPI
    spec (version 1); with a `logger`, faststream logs there."""
    options: dict[str, Any] = {}
    if logger is not None:
        options["logger"] = logger
    if title is not None:
        options["specification"] = AsyncAPI(title=title, version="1", description=description)
    return AsgiFastStream(broker, asgi_routes=health_routes(broker, registry), **options)
