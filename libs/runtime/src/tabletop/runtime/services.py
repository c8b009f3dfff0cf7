"""The platform's services, in one list.

`tabletop up` (tabletop.devserver), the benchmark, the image test and the
deploy checks read it; a new service joins the platform by adding its
`ServiceSpec` to `SERVICES` (services not installed yet are skipped).
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass


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
