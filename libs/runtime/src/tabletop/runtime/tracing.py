"""OpenTelemetry traces: off by default, exported over OTLP/HTTP when
OTEL_EXPORTER_OTLP_ENDPOINT is set (the SDK reads the other OTEL_* settings
itself: headers, timeout, batch delay).

A trace follows one command: the gateway's HTTP span (`traced_http`), the
NATS request to rules (W3C `traceparent` in the request headers, injected by
the messaging clients), the rules handler (faststream's telemetry middleware,
added by `service_broker`), the commit it appends (the same header on the
JetStream message, injected by `EventLog.append`), and each consumer of that
commit: bots, archive, leaderboards (the middleware again, on their pulls).
Without a configured provider every span is the API's no-op and nothing is
injected, so the default costs nothing.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from opentelemetry import propagate, trace
from opentelemetry.trace import SpanKind, Status, StatusCode

ENDPOINT_VARIABLE = "OTEL_EXPORTER_OTLP_ENDPOINT"

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def configure_tracing(service: str) -> Callable[[], None]:
    """Install the OTLP exporter when the endpoint is configured; returns what
    flushes and stops it at shutdown (a no-op when tracing is off)."""
    if not os.environ.get(ENDPOINT_VARIABLE):
        return lambda: None
    # Imported only when on: the SDK and the exporter are not needed otherwise.
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    resource = Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", service)})
    provider = TracerProvider(resource=resource)
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(provider)
    return provider.shutdown


def trace_id() -> str | None:
    """The current span's trace id as 32 hex digits (None outside a trace)."""
    span_context = trace.get_current_span().get_span_context()
    return format(span_context.trace_id, "032x") if span_context.is_valid else None


def traced_http(app: ASGIApp, tracer_name: str = "tabletop.gateway") -> ASGIApp:
    """An ASGI middleware: one SERVER span per HTTP request (and WebSocket),
    named after the route template once routing found it, child of the
    caller's `traceparent` when it sent one."""
    tracer = trace.get_tracer(tracer_name)

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await app(scope, receive, send)
            return
        carrier = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        parent = propagate.extract(carrier)
        method = scope.get("method", "WS")
        status: dict[str, int] = {}

        async def send_and_remember(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
            await send(message)

        with tracer.start_as_current_span(
            f"{method} {scope['path']}", context=parent, kind=SpanKind.SERVER
        ) as span:
            span.set_attribute("http.request.method", method)
            try:
                await app(scope, receive, send_and_remember)
            finally:
                route = scope.get("route")
                template = getattr(route, "path", None)
                if template:  # the template, not the path: game ids would explode cardinality
                    span.update_name(f"{method} {template}")
                    span.set_attribute("http.route", template)
                if "code" in status:
                    span.set_attribute("http.response.status_code", status["code"])
                    if status["code"] >= 500:
                        span.set_status(Status(StatusCode.ERROR))

    return middleware
