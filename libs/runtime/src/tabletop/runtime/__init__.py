"""Running a Tabletop service: settings, health and metrics, clean shutdown,
and the embedded NATS / PostgreSQL servers used by `tabletop up` and tests."""

from .deadletters import DeadLetters
from .embedded_nats import EmbeddedNats, nats_server_binary
from .embedded_postgres import EmbeddedPostgres
from .endpoints import Endpoints, ServiceEndpoint, endpoints_path, read_endpoints, write_endpoints
from .http import health_routes
from .logs import configure_logging
from .metrics import RequestCounter
from .ports import free_port, wait_for_port
from .service import run_service
from .services import SERVICES, ServiceSpec, installed_services, start_service, wait_ready
from .settings import CommaSeparated, ServiceSettings
from .wiring import Verdict, durable_pull_subscriber, service_app, service_broker, settle

__all__ = [
    "SERVICES",
    "CommaSeparated",
    "DeadLetters",
    "EmbeddedNats",
    "EmbeddedPostgres",
    "Endpoints",
    "RequestCounter",
    "ServiceEndpoint",
    "ServiceSettings",
    "ServiceSpec",
    "Verdict",
    "configure_logging",
    "durable_pull_subscriber",
    "endpoints_path",
    "free_port",
    "health_routes",
    "installed_services",
    "nats_server_binary",
    "read_endpoints",
    "run_service",
    "service_app",
    "service_broker",
    "settle",
    "start_service",
    "wait_for_port",
    "wait_ready",
    "write_endpoints",
]
