"""`python -m tabletop.gateway`: serve the API until SIGTERM/SIGINT (exit 0).
Settings that cannot work (no GATEWAY_TOKEN_SECRET in production) stop it
at once with one line saying why (exit 2)."""

from __future__ import annotations

import logging
import signal
import sys

import uvicorn
from pydantic import ValidationError

from tabletop.runtime import configure_logging, configure_tracing, traced_http

from .app import create_app
from .redaction import install_redaction
from .settings import GatewaySettings

log = logging.getLogger("tabletop.gateway")


def _exit_cleanly(signum: int, frame: object) -> None:
    raise SystemExit(0)


def _settings() -> GatewaySettings:
    try:
        return GatewaySettings()
    except ValidationError as exc:
        reasons = "; ".join(str(e["msg"]).removeprefix("Value error, ") for e in exc.errors())
        print(f"gateway: refusing to start: {reasons}", file=sys.stderr)
        raise SystemExit(2) from None


def main() -> None:
    settings = _settings()
    configure_logging("gateway", settings.log_level, settings.log_format)
    stop_tracing = configure_tracing("gateway")
    install_redaction()
    if settings.secret_generated:
        log.warning(
            "GATEWAY_TOKEN_SECRET is not set: signing with a random secret; every token "
            "dies when this process stops (development only)"
        )
    # uvicorn shuts down gracefully on the signal, then re-raises it with the
    # handler it found: make that one exit 0 (as tabletop.runtime.run_service does).
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _exit_cleanly)
    log.info(
        "starting gateway",
        extra={
            "http": f"{settings.http_host}:{settings.http_port}",
            "metrics": f"{settings.http_host}:{settings.metrics_port}",
            "environment": settings.environment,
        },
    )
    try:
        uvicorn.run(
            traced_http(create_app(settings)),
            host=settings.http_host,
            port=settings.http_port,
            log_config=None,
            access_log=False,
            ws_max_size=settings.max_body_bytes,
            timeout_graceful_shutdown=int(settings.graceful_timeout),
        )
    finally:  # the re-raised signal's SystemExit(0) comes through here
        stop_tracing()
        log.info("gateway stopped")


if __name__ == "__main__":
    main()
