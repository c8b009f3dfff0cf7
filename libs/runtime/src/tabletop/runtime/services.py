"""The platform's services, in one list, and how to run one as a child process.

`tabletop up`, the benchmark and the tests start services from here; a new
service joins the platform by adding its `ServiceSpec` to `SERVICES`
(services not installed yet are skipped).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from .child import ChildProcess


@dataclass(frozen=True)
class ServiceSpec:
    name: str
    module: str  # run as `python -m <module>`
    http_port: int  # default port of /healthz, /readyz (and /metrics, unless apart)
    needs_database: bool = False
    # A service whose HTTP port is public (the gateway) serves /metrics apart:
    # its default port there, and the setting that moves it.
    metrics_port: int | None = None
    metrics_port_env: str = ""


GATEWAY_METRICS = "GATEWAY_METRICS_PORT"

SERVICES: tuple[ServiceSpec, ...] = (
    ServiceSpec("rules", "tabletop.rules", 8101),
    ServiceSpec("matchmaking", "tabletop.matchmaking", 8102),
    ServiceSpec("bots", "tabletop.bots", 8103),
    ServiceSpec("leaderboards", "tabletop.leaderboards", 8104, needs_database=True),
    ServiceSpec("archive", "tabletop.archive", 8105, needs_database=True),
    ServiceSpec(
        "gateway", "tabletop.gateway", 8100, metrics_port=9100, metrics_port_env=GATEWAY_METRICS
    ),
)


def installed_services() -> list[ServiceSpec]:
    """The services that can run here (`python -m <module>` exists)."""
    return [spec for spec in SERVICES if _has_module(f"{spec.module}.__main__")]


def _has_module(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def start_service(
    spec: ServiceSpec,
    env: dict[str, str],
    log_dir: Path,
    http_port: int | None = None,
    metrics_port: int | None = None,
) -> ChildProcess:
    """`python -m <module>` with the given environment (added to ours), on
    this machine: on 127.0.0.1 and in development (TABLETOP_ENV) unless the
    environment says otherwise."""
    child_env = {**os.environ, **env, "HTTP_PORT": str(http_port or spec.http_port)}
    if spec.metrics_port_env:
        child_env[spec.metrics_port_env] = str(metrics_port or spec.metrics_port)
    child_env.setdefault("HTTP_HOST", "127.0.0.1")
    child_env.setdefault("TABLETOP_ENV", "development")
    return ChildProcess(
        spec.name, [sys.executable, "-m", spec.module], log_dir / f"{spec.name}.log", child_env
    )


def wait_ready(child: ChildProcess, http_port: int, timeout: float = 30.0) -> None:
    """Poll the service's /readyz until it answers 2xx (or the child dies)."""
    url = f"http://127.0.0.1:{http_port}/readyz"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not child.alive():
            raise RuntimeError(f"{child.name} exited during startup:\n{child.tail()}")
        try:
            with urllib.request.urlopen(url, timeout=1.0) as response:
                if 200 <= response.status < 300:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    raise TimeoutError(f"{child.name} not ready at {url} after {timeout:.0f}s:\n{child.tail()}")
