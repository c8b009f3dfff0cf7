"""Services as child processes of this machine: `python -m <module>` on
127.0.0.1, and waiting for its /readyz."""

from __future__ import annotations

import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tabletop.runtime import ServiceSpec

from .child import ChildProcess


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
