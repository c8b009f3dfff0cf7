"""Health and Prometheus metrics over HTTP, the same for every service.

`/healthz` answers while the process runs (liveness), `/readyz` once the NATS
connection answers a ping (readiness), `/metrics` in Prometheus text format.
They are mounted on faststream's ASGI app, so one uvicorn server carries them.
"""

from __future__ import annotations

from typing import Any

from faststream.asgi import AsgiResponse, get, make_ping_asgi
from faststream.asgi.handlers import HttpHandler
from faststream.nats import NatsBroker
from prometheus_client import CollectorRegistry, make_asgi_app


@get(include_in_schema=False)
async def _alive(scope: Any) -> AsgiResponse:
    return AsgiResponse(b"ok", 200)


def health_routes(broker: NatsBroker, registry: CollectorRegistry) -> list[tuple[str, Any]]:
    ready: HttpHandler = make_ping_asgi(broker, timeout=2.0, include_in_schema=False)
    return [
        ("/healthz", _alive),
        ("/readyz", ready),
        ("/metrics", make_asgi_app(registry)),
    ]
