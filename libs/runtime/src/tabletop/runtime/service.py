"""Running a service: one faststream ASGI app served by uvicorn.

uvicorn turns SIGTERM/SIGINT into a lifespan shutdown; faststream then stops
the subscribers, waits up to the broker's `graceful_timeout` for in-flight
handlers (whose work is durable before they reply or ack) and drains the
NATS connection.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable

from faststream.asgi import AsgiFastStream

from .logs import configure_logging
from .settings import ServiceSettings
from .tracing import configure_tracing

log = logging.getLogger(__name__)


def _exit_cleanly(signum: int, frame: object) -> None:
    raise SystemExit(0)


def run_service(
    name: str,
    app: AsgiFastStream,
    settings: ServiceSettings,
    loop_factory: Callable[[], asyncio.AbstractEventLoop] | None = None,
) -> None:
    """Serve until SIGTERM/SIGINT, shut down gracefully, exit 0. `loop_factory`:
    what makes the event loop (None: asyncio's own)."""
    configure_logging(name, settings.log_level, settings.log_format)
    stop_tracing = configure_tracing(name)
    # uvicorn handles the signal, then re-raises it with the handler it found
    # installed: make that one exit 0 (a requested stop is not a failure).
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _exit_cleanly)
    log.info(
        "starting %s",
        name,
        extra={"nats": settings.nats_url, "http": f"{settings.http_host}:{settings.http_port}"},
    )
    try:
        _serve(app, settings, loop_factory)
    finally:
        # uvicorn re-raises the stop signal once shut down, so `_exit_cleanly`'s
        # SystemExit(0) arrives here: flush and say so on every way out.
        stop_tracing()  # flushes the spans still batched
        log.info("%s stopped", name)


def _serve(
    app: AsgiFastStream,
    settings: ServiceSettings,
    loop_factory: Callable[[], asyncio.AbstractEventLoop] | None,
) -> None:
    with asyncio.Runner(loop_factory=loop_factory) as runner:
        runner.run(
            app.run(
                log_level=logging.getLevelName(settings.log_level.upper()),
                run_extra_options={
                    "host": settings.http_host,
                    "port": settings.http_port,
                    "access_log": "false",
                    "log_config": None,  # keep our log format for uvicorn too
                    "timeout_graceful_shutdown": round(settings.graceful_timeout),  # int s
                },
            )
        )
