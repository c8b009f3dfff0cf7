"""What a running Tabletop service needs: settings, logs, health and metrics,
the broker wiring, dead letters and a clean shutdown. Nothing here starts a
server: the embedded NATS / PostgreSQL and `tabletop up` are development
tools, in `tabletop.devserver` (which no service depends on)."""

from .deadletters import DeadLetters
from .http import health_routes
from .logs import LogContextMiddleware, configure_logging, log_context
from .metrics import RequestCounter
from .service import run_service
from .services import SERVICES, ServiceSpec, installed_services
from .settings import CommaSeparated, ServiceSettings
from .tracing import configure_tracing, trace_id, traced_http
from .wiring import Verdict, durable_pull_subscriber, service_app, service_broker, settle

__all__ = [
    "SERVICES",
    "CommaSeparated",
    "DeadLetters",
    "LogContextMiddleware",
    "RequestCounter",
    "ServiceSettings",
    "ServiceSpec",
    "Verdict",
    "configure_logging",
    "configure_tracing",
    "durable_pull_subscriber",
    "health_routes",
    "installed_services",
    "log_context",
    "run_service",
    "service_app",
    "service_broker",
    "settle",
    "trace_id",
    "traced_http",
]
