"""The `tabletop up` supervisor (what `make run` calls): the whole platform on one machine.

NATS with JetStream and PostgreSQL come embedded (data under `.tabletop/`)
unless NATS_URL / DATABASE_URL point elsewhere; then every installed service
from `tabletop.runtime.SERVICES` runs as its own child process. Ctrl-C or
SIGTERM stops the services first, side by side (they drain and finish in-flight work),
then the servers. While it runs, `<data dir>/endpoints.json` records where
everything listens (the CLI's `verify` and `replay` read it). Services run
with TABLETOP_ENV=development unless the environment says otherwise.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from tabletop.runtime import ServiceSpec, installed_services

from .child import ChildProcess, stop_all
from .embedded_nats import EmbeddedNats
from .embedded_postgres import EmbeddedPostgres
from .endpoints import (
    Endpoints,
    ServiceEndpoint,
    endpoints_path,
    remove_endpoints,
    write_endpoints,
)
from .ports import free_port, port_is_free
from .processes import start_service, wait_ready

# Run once everything is up (the CLI's `--demo`): (console, NATS URL,
# namespace, stop event) -> exit code.
AfterUp = Callable[[Console, str, str, threading.Event], int]


class UpOptions(BaseModel):
    nats_port: int = 4222
    monitor_port: int = 8222
    pg_port: int = 5432
    http_base: int = 0  # 0: each service's default port
    data_dir: str = ".tabletop"
    only: list[str] = []  # service names; empty: every installed service


def _port(wanted: int, what: str, console: Console) -> int:
    """The wanted port, or a free one (with a notice) when it is taken."""
    if port_is_free(wanted):
        return wanted
    chosen = free_port()
    console.print(f"[yellow]port {wanted} for {what} is taken; using {chosen}[/yellow]")
    return chosen


def _start_servers(
    options: UpOptions, data: Path, servers: ExitStack, console: Console
) -> tuple[str, str, list[tuple[str, str]]]:
    """NATS and PostgreSQL URLs (from the environment or embedded) and what to print."""
    rows: list[tuple[str, str]] = []
    nats_url = os.environ.get("NATS_URL")
    if nats_url:
        rows.append(("NATS", f"{nats_url} (from NATS_URL)"))
    else:
        nats = EmbeddedNats(
            data / "nats",
            _port(options.nats_port, "NATS", console),
            _port(options.monitor_port, "NATS monitoring", console),
        )
        servers.enter_context(nats)
        nats_url = nats.url
        rows += [("NATS", nats.url), ("NATS monitoring", nats.monitor_url)]
    database_url = os.environ.get("DATABASE_URL")
    if database_url:
        rows.append(("PostgreSQL", f"{database_url} (from DATABASE_URL)"))
    else:
        with console.status("starting PostgreSQL…"):
            port = _port(options.pg_port, "PostgreSQL", console)
            pg = servers.enter_context(EmbeddedPostgres(data / "postgres", port))
        database_url = pg.url
        rows.append(("PostgreSQL", pg.url))
    return nats_url, database_url, rows


def run_up(options: UpOptions, after_up: AfterUp | None = None) -> int:
    """Start everything, run `after_up` if given, wait for Ctrl-C/SIGTERM (or
    a service dying), stop everything. Returns the exit code."""
    console = Console()
    data = Path(options.data_dir).resolve()
    stop = threading.Event()

    def request_stop(signum: int, frame: object) -> None:
        stop.set()

    previous = {sig: signal.signal(sig, request_stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    children: list[ChildProcess] = []
    code = 0
    recorded = endpoints_path(data)
    with ExitStack() as servers:
        try:
            nats_url, database_url, rows = _start_servers(options, data, servers, console)
            namespace = os.environ.get("TABLETOP_NAMESPACE", "tabletop")
            endpoints = Endpoints(nats_url=nats_url, database_url=database_url,
                                  namespace=namespace, pid=os.getpid())  # fmt: skip
            specs = [s for s in installed_services() if not options.only or s.name in options.only]
            # Started side by side (a service's startup is mostly imports),
            # then each waited for: the platform is up in the slowest one's time.
            starting: list[tuple[ServiceSpec, ChildProcess, int, int]] = []
            for index, spec in enumerate(specs):
                if stop.is_set():
                    break
                # Only the services that keep state in PostgreSQL are told where it is.
                env = {"NATS_URL": nats_url}
                if spec.needs_database:
                    env["DATABASE_URL"] = database_url
                wanted = options.http_base + index if options.http_base else spec.http_port
                port = _port(wanted, spec.name, console)
                # With a base, the metrics ports follow the HTTP block too: two
                # platforms on one machine (parallel tests) never both want :9100.
                metrics_port = port
                if spec.metrics_port:
                    wanted_metrics = (
                        options.http_base + len(specs) + index
                        if options.http_base
                        else spec.metrics_port
                    )
                    metrics_port = _port(wanted_metrics, f"{spec.name} metrics", console)
                child = start_service(spec, env, data / "logs", port, metrics_port)
                children.append(child)
                starting.append((spec, child, port, metrics_port))
            for spec, child, port, metrics_port in starting:
                wait_ready(child, port, timeout=60)
                base = f"http://127.0.0.1:{port}"
                metrics = f"http://127.0.0.1:{metrics_port}/metrics"
                endpoints.services[spec.name] = ServiceEndpoint(http=base, metrics=metrics)
                if metrics_port == port:
                    rows.append((spec.name, f"{base}/healthz  /readyz  /metrics"))
                else:
                    rows.append((spec.name, f"{base}/healthz  /readyz  ({metrics})"))
                if spec.name == "gateway":
                    rows.append(("HTTP API", f"{base}/docs"))
                write_endpoints(recorded, endpoints)
            write_endpoints(recorded, endpoints)
            rows += [("logs", str(data / "logs")), ("endpoints", str(recorded))]
            _print_table(console, rows)
            console.print("[green]Tabletop is up.[/green] Ctrl-C to stop.")
            if after_up is not None and not stop.is_set():
                code = after_up(console, nats_url, namespace, stop)
            while not stop.wait(0.5):
                dead = [c for c in children if not c.alive()]
                for child in dead:
                    console.print(f"[red]{child.name} exited[/red]:\n{child.tail()}")
                if dead:
                    code = 1
                    break
        except Exception as exc:
            console.print(f"[red]startup failed:[/red] {exc}")
            code = 1
        finally:
            console.print("stopping…")
            remove_endpoints(recorded)
            stop_all(reversed(children), timeout=20)
            # Leaving the ExitStack stops PostgreSQL, then NATS.
    for sig, handler in previous.items():
        signal.signal(sig, handler)
    console.print("stopped.")
    return code


def _print_table(console: Console, rows: list[tuple[str, str]]) -> None:
    table = Table(title="Tabletop", show_header=False)
    table.add_column(style="bold")
    table.add_column()
    for name, where in rows:
        table.add_row(name, where)
    console.print(table)
