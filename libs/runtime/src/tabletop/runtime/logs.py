"""Structured, readable logs: `time level logger message key=value…` for a
terminal, or one JSON object per line (LOG_FORMAT=json, and the default when
TABLETOP_ENV=production) for a log pipeline.

Every line logged while a message is handled carries that message's
`game_id` and `command_id` (`LogContextMiddleware` reads them from its JSON
body) and, when tracing is on, the `trace_id`. faststream's own noise is
dropped: the coloured "callback for Task-N is being executed" lines of its
task supervisor, and the traceback it prints when an idle pull times out.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from faststream import BaseMiddleware
from faststream.message import StreamMessage
from nats.errors import TimeoutError as NatsTimeout

from .tracing import trace_id

# Attributes every LogRecord has; anything else came in through `extra=`.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "color_message"}


# The ids of the message being handled (one task per message: a ContextVar).
_LOG_CONTEXT: ContextVar[tuple[tuple[str, str], ...]] = ContextVar("tabletop_log", default=())
CONTEXT_KEYS = ("game_id", "command_id")


@contextmanager
def log_context(**ids: str) -> Iterator[None]:
    """Lines logged inside carry these ids (e.g. game_id, command_id)."""
    token = _LOG_CONTEXT.set((*_LOG_CONTEXT.get(), *ids.items()))
    try:
        yield
    finally:
        _LOG_CONTEXT.reset(token)


def ids_of(body: bytes) -> dict[str, str]:
    """game_id and command_id of a JSON message body (requests and commits
    both carry them at the top level); nothing for anything else."""
    if not body.startswith(b"{"):
        return {}
    try:
        data = json.loads(body)
    except ValueError:
        return {}
    return {k: data[k] for k in CONTEXT_KEYS if isinstance(data.get(k), str)}


class LogContextMiddleware(BaseMiddleware):
    """faststream middleware: handle each message inside `log_context` of its ids."""

    async def consume_scope(self, call_next: Any, msg: StreamMessage[Any]) -> Any:
        body = msg.body if isinstance(msg.body, bytes) else b""
        with log_context(**ids_of(body)):
            return await call_next(msg)


class ContextFilter(logging.Filter):
    """Adds the message's ids and the trace id to every record (never
    overriding what the call passed in `extra=`); drops faststream's noise."""

    def filter(self, record: logging.LogRecord) -> bool:
        if _is_noise(record):
            return False
        for key, value in _LOG_CONTEXT.get():
            if not hasattr(record, key):
                setattr(record, key, value)
        current = trace_id()
        if current and not hasattr(record, "trace_id"):
            record.trace_id = current
        return True


def _is_noise(record: logging.LogRecord) -> bool:
    message = record.getMessage()
    if message.startswith("callback for ") and message.endswith(" is being executed..."):
        return True
    # The supervisor restarts a pull task whose fetch timed out while idle:
    # nothing was lost, and the next fetch starts at once.
    if "raised an exception, retrying" in message and record.exc_info:
        return isinstance(record.exc_info[1], NatsTimeout | TimeoutError)
    return False


def _extras(record: logging.LogRecord) -> dict[str, Any]:
    return {k: v for k, v in vars(record).items() if k not in _STANDARD}


class TextFormatter(logging.Formatter):
    def __init__(self, service: str) -> None:
        super().__init__("%(asctime)s %(levelname)-5s %(name)s: %(message)s", "%H:%M:%S")
        self.service = service

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        extras = " ".join(f"{k}={v}" for k, v in _extras(record).items())
        return f"{line} {extras}" if extras else line


class JsonFormatter(logging.Formatter):
    def __init__(self, service: str) -> None:
        super().__init__()
        self.service = service

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "service": self.service,
            "logger": record.name,
            "message": record.getMessage(),
            **_extras(record),
        }
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str)


def configure_logging(service: str, level: str = "INFO", fmt: str = "text") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(service) if fmt == "json" else TextFormatter(service))
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    # faststream gives its loggers coloured handlers of their own that do not
    # propagate: route them through this one handler instead.
    for name in list(logging.root.manager.loggerDict):
        if name.startswith("faststream"):
            quiet = logging.getLogger(name)
            quiet.handlers[:] = []
            quiet.propagate = True
