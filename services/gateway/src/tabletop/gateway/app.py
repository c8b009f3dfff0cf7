"""The gateway as a FastAPI app: the HTTP + WebSocket API, health and
Prometheus metrics. `tabletop.gateway.app:app` is the importable app (its
OpenAPI document goes to proto/); `create_app` builds one for tests."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import nats
from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

from tabletop.eventlog import Topology, ensure_key_values, ensure_streams
from tabletop.games import registry as game_registry

from . import live, routes_catalog, routes_games, routes_players
from .backend import Backend
from .errors import ApiError, api_error_handler, validation_error_handler
from .metrics import GatewayMetrics
from .openapi import typed_openapi
from .settings import GatewaySettings

log = logging.getLogger("tabletop.gateway")

DESCRIPTION = """Game frontends' API. Sign in with `POST /v1/auth/guest` and send the token
as `Authorization: Bearer <token>`. Errors are `{code, message}`: 400 malformed,
401 bad or expired token, 403 not your seat / hidden, 404 unknown, 409 refused by
the game now (stale, duplicate, not your turn, illegal, over), 503 a service is down."""


def create_app(settings: GatewaySettings | None = None) -> FastAPI:
    settings = settings or GatewaySettings()
    registry = CollectorRegistry()
    metrics = GatewayMetrics(registry)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        nc = await nats.connect(settings.nats_url, name="tabletop-gateway")
        topology = Topology(namespace=settings.namespace, replicas=settings.stream_replicas)
        await ensure_streams(nc.jetstream(), topology)
        await ensure_key_values(nc.jetstream(), topology)
        app.state.backend = Backend(nc, settings)
        log.info("gateway ready", extra={"namespace": settings.namespace})
        try:
            yield
        finally:
            app.state.backend = None
            await nc.drain()

    app = FastAPI(
        title="Tabletop gateway",
        version="1",
        description=DESCRIPTION,
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.backend = None
    app.add_exception_handler(ApiError, api_error_handler)
    app.add_exception_handler(RequestValidationError, validation_error_handler)
    app.middleware("http")(metrics.middleware)
    app.include_router(routes_players.router)
    app.include_router(routes_games.router)
    app.include_router(routes_catalog.router)
    app.include_router(live.router)
    app.openapi = lambda: typed_openapi(app, game_registry().values())  # type: ignore[method-assign]

    @app.get("/healthz", include_in_schema=False)
    async def alive() -> PlainTextResponse:
        return PlainTextResponse("ok")

    @app.get("/metrics", include_in_schema=False)
    async def prometheus() -> Response:
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)

    @app.get("/readyz", include_in_schema=False)
    async def ready() -> JSONResponse:
        backend = app.state.backend
        if backend is None or not backend.nc.is_connected:
            return JSONResponse({"ready": False}, 503)
        return JSONResponse({"ready": True})

    return app


app = create_app()
