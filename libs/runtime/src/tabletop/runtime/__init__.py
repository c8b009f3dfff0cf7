"""Running a Tabletop service: settings, health and metrics, clean shutdown,
and the embedded NATS / PostgreSQL servers used by `tabletop up` and tests."""

from .embedded_nats import EmbeddedNats, nats_server_binary
from .embedded_postgres import EmbeddedPostgres
from .http import health_routes
from .logs import configure_logging
from .ports import free_port, wait_for_port
from .service import run_service
from .settings import ServiceSettings

__all__ = [
    "EmbeddedNats",
    "EmbeddedPostgres",
    "ServiceSettings",
    "configure_logging",
    "free_port",
    "health_routes",
    "nats_server_binary",
    "run_service",
    "wait_for_port",
]
