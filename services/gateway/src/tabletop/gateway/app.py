"""The gateway as a FastAPI app: the HTTP + WebSocket API and health on the
API port, Prometheus metrics on a port of their own (GATEWAY_METRICS_PORT,
which the Ingress never routes). `tabletop.gateway.app:app` is the importable
app (its OpenAPI document goes to proto/); `create_app` builds one for tests."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import nats
from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse, PlainTextResponse
from fastapi_offline import FastAPIOffline
from prometheus_client import CollectorRegistry, start_http_server

from tabletop.eventlog import Topology, ensure_key_values, ensure_streams
from tabletop.games import registry as game_registry

from . import live, routes_catalog, routes_games, routes_players, routes_ratings, routes_tables
from .backend import Backend
from .body_limit import BodyLimit
from .error_handlers import install_error_handlers
from .limits import ClientLimits, limit_requests
from .metrics import GatewayMetrics
from .openapi import typed_openapi
from .settings import GatewaySettings
from .web import mount_web

log = logging.getLogger("tabletop.gateway")

DESCRIPTION = """Game frontends' API. Sign in with `POST /v1/auth/guest` and send the token
as `Authorization: Bearer <token>`. Every error is `{code, message}`: 400 malformed,
401 bad or expired token, 403 not your seat / hidden, 404 unknown, 405 wrong method,
409 refused by the game now (stale, duplicate, not your turn, illegal, over, or the
game's own code such as `card_not_in_hand`), 413 body too large, 429 rate limited,
503 a service is down (retry after `Retry-After` seconds on 429 and 503)."""

# Where /docs and /redoc load Swagger UI and ReDoc from: this package, not a CDN.
DOCS_ASSETS = "/docs-assets"


async def _nats_error(exc: Exception) -> None:
    # One line: nats-py's default logs a traceback per failed reconnect.
    log.warning("NATS: %s", str(exc) or type(exc).__name__)


async def _nats_disconnected() -> None:
    log.warning("NATS connection lost; answering 503 until it is back")


async def _nats_reconnected() -> None:
    log.info("NATS connection back")


def create_app(settings: GatewaySettings | None = None) -> FastAPI:
    settings = settings or GatewaySettings()
    registry = CollectorRegistry()
    metrics = GatewayMetrics(registry)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        metrics_server = None
        if settings.metrics_port:
            metrics_server, _ = start_http_server(
                settings.metrics_port, settings.http_host, registry
            )
        nc = await nats.connect(
            settings.nats_url,
            name="tabletop-gateway",
            error_cb=_nats_error,
            disconnected_cb=_nats_disconnected,
            reconnected_cb=_nats_reconnected,
        )
        topology = Topology(namespace=settings.namespace, replicas=settings.stream_replicas)
        await ensure_streams(nc.jetstream(), topology)
        await ensure_key_values(nc.jetstream(), topology)
        if settings.max_body_bytes > nc.max_payload:
            log.warning(
                "GATEWAY_MAX_BODY_BYTES is above NATS's max payload; larger commands answer 413",
                extra={"max_body_bytes": settings.max_body_bytes, "max_payload": nc.max_payload},
            )
        seats = await nc.jetstream().key_value(topology.seats_bucket)
        app.state.backend = Backend(nc, seats, settings)
        log.info("gateway ready", extra={"namespace": settings.namespace})
        try:
            yield
        finally:
            app.state.backend = None
            await nc.drain()
            if metrics_server is not None:
                metrics_server.shutdown()
                metrics_server.server_close()

    app = FastAPIOffline(
        title="Tabletop gateway",
        version="1",
        description=DESCRIPTION,
        lifespan=lifespan,
        static_url=DOCS_ASSETS,
    )
    app.state.settings = settings
    app.state.backend = None
    app.state.limits = ClientLimits(settings)
    install_error_handlers(app, settings.retry_after)
    app.middleware("http")(limit_requests)
    app.middleware("http")(metrics.middleware)  # outside the limits: 429s are counted too
    # Outermost first: CORS answers preflights, then bodies are limited before any route runs.
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(
        CORSMiddleware,
        allow_origins=settings.cors_origins,
        allow_origin_regex=settings.cors_origin_regex,
        allow_methods=["GET", "POST", "DELETE", "OPTIONS"],
        allow_headers=["Authorization", "Content-Type"],
        max_age=600,
    )
    app.include_router(routes_players.router)
    app.include_router(routes_ratings.router)
    app.include_router(routes_tables.router)
    app.include_router(routes_games.router)
    app.include_router(routes_catalog.router)
    app.include_router(live.router)
    # FastAPI's documented way to replace the generated schema is to assign app.openapi.
    app.openapi = lambda: typed_openapi(app, game_registry().values())  # type: ignore[method-assign]

    @app.get("/healthz", include_in_schema=False)
    async def alive() -> PlainTextResponse:
        return PlainTextResponse("ok")

    @app.get("/readyz", include_in_schema=False)
    async def ready() -> JSONResponse:
        backend = app.state.backend
        if backend is None or not backend.nc.is_connected:
            return JSONResponse({"ready": False}, 503)
        return JSONResponse({"ready": True})

    mount_web(app)  # last: every route above answers before the client's files
    return app


def __getattr__(name: str) -> FastAPI:
    """`tabletop.gateway.app:app`, built on first use, for the OpenAPI document
    (proto/): development settings, since it never serves. The served gateway
    is `python -m tabletop.gateway`, with the environment's settings."""
    if name == "app":
        return create_app(GatewaySettings(environment="development", metrics_port=0))
    raise AttributeError(name)
