"""Running a service: one faststream ASGI app served by uvicorn.

uvicorn turns SIGTERM/SIGINT into a lifespan shutdown; faststream then stops
the subscribers, waits up to the broker's `graceful_timeout` for in-flight
handlers (whose work is durable before they reply or ack) and drains the
NATS connection.
"""

from __future__ import annotations

import asyncio
import logging

from faststream.asgi import AsgiFastStream

from .logs import configure_logging
from .settings import ServiceSettings

log = logging.getLogger(__name__)


def run_service(name: str, app: AsgiFastStream, settings: ServiceSettings) -> None:
    configure_logging(name, settings.log_level, settings.log_format)
    log.info(
        "starting %s",
        name,
        extra={"nats": settings.nats_url, "http": f"{settings.http_host}:{settings.http_port}"},
    )
    asyncio.run(
        app.run(
            log_level=logging.getLevelName(settings.log_level.upper()),
            run_extra_options={
                "host": settings.http_host,
                "port": settings.http_port,
                "access_log": "false",
                "log_config": None,  # keep our log format for uvicorn too
                "timeout_graceful_shutdown": settings.graceful_timeout,
            },
        )
    )
    log.info("%s stopped", name)
