"""`python -m tabletop.gateway`: serve the API until SIGTERM/SIGINT (exit 0)."""

from __future__ import annotations

import logging
import signal

import uvicorn

from tabletop.runtime import configure_logging

from .app import create_app
from .settings import GatewaySettings

log = logging.getLogger("tabletop.gateway")


def _exit_cleanly(signum: int, frame: object) -> None:
    raise SystemExit(0)


def main() -> None:
    settings = GatewaySettings()
    configure_logging("gateway", settings.log_level, settings.log_format)
    # uvicorn shuts down gracefully on the signal, then re-raises it with the
    # handler it found: make that one exit 0 (as tabletop.runtime.run_service does).
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _exit_cleanly)
    log.info("starting gateway", extra={"http": f"{settings.http_host}:{settings.http_port}"})
    uvicorn.run(
        create_app(settings),
        host=settings.http_host,
        port=settings.http_port,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=int(settings.graceful_timeout),
    )
    log.info("gateway stopped")


if __name__ == "__main__":
    main()
