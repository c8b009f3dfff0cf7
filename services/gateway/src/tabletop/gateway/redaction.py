"""Bearer tokens never reach the logs: uvicorn logs a WebSocket's path with
its `?token=…` query (browsers cannot send headers there), and anything may
log an Authorization header. A logging filter rewrites each record's text."""

from __future__ import annotations

import logging
import re

REDACTED = "<redacted>"
_SECRETS = (
    re.compile(r"(?i)([?&]token=)[^&\s\"']+"),
    re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._~+/=-]+"),
)


def redact(text: str) -> str:
    for pattern in _SECRETS:
        text = pattern.sub(lambda m: m.group(1) + REDACTED, text)
    return text


class RedactTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def install_redaction() -> None:
    """On every handler of the root logger (where uvicorn's loggers end up)."""
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactTokens())
