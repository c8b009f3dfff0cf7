"""How every service answers a request its handlers could not: a body that
does not validate, or an exception nobody expected. The requester always gets
an `{"error": {code, message}}` reply instead of a timeout, and the service
keeps running."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from faststream.middlewares import ExceptionMiddleware
from pydantic import ValidationError

from .codes import ServiceCode
from .errors import Refusal
from .rules import ErrorBody

# Turns (code, message) into the reply sent back, counting it on the way.
Refuse = Callable[[ServiceCode, str], dict[str, Any]]

_NOT_AN_OBJECT = {"dict_type", "model_type", "model_attributes_type", "json_invalid"}


def malformed_message(exc: ValidationError, field_from: int = 1) -> str:
    """The first validation error, said for a client: the field and what is wrong.
    (A faststream handler's errors name its parameter first, hence `field_from`;
    0 for a model validated directly.)"""
    err = exc.errors()[0]
    if err["type"] in _NOT_AN_OBJECT:
        return "request body must be a JSON object"
    where = ".".join(str(p) for p in err["loc"][field_from:]) or "request"
    return f"{where}: {err['msg']}"


def error_reply(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": str(code), "message": message}}


def refusing_middleware(refuse: Refuse, log: logging.Logger) -> ExceptionMiddleware:
    """Malformed bodies → `malformed_request`; a timeout of a dependency →
    `unavailable` (worth retrying); anything else → `internal_error`, logged."""

    def malformed(exc: ValidationError) -> dict[str, Any]:
        return refuse(ServiceCode.MALFORMED_REQUEST, malformed_message(exc))

    def unexpected(exc: Exception) -> dict[str, Any]:
        log.exception("request failed", exc_info=exc)
        code = ServiceCode.UNAVAILABLE if isinstance(exc, TimeoutError) else ServiceCode.INTERNAL
        return refuse(code, f"{type(exc).__name__}: {exc}")

    return ExceptionMiddleware(publish_handlers={ValidationError: malformed, Exception: unexpected})


def counting_refusals(
    count: Callable[[str, str | None], object], log: logging.Logger
) -> ExceptionMiddleware:
    """`refusing_middleware` answering with a plain `error_reply`, each refusal
    counted first as `count("request", code)` (a service's requests metric)."""

    def refuse(code: ServiceCode, message: str) -> dict[str, Any]:
        count("request", code)
        return error_reply(code, message)

    return refusing_middleware(refuse, log)


R = TypeVar("R")


async def counted_answer(
    op: str,
    refused: Callable[..., R],
    work: Awaitable[R],
    count: Callable[[str, str | None], object],
) -> R:
    """The reply `work` gives, or on a `Refusal` the reply `refused(error=...)`;
    either way counted first as `count(op, code)` (code None when answered)."""
    try:
        reply = await work
    except Refusal as refusal:
        count(op, refusal.code)
        return refused(error=ErrorBody(code=refusal.code, message=refusal.message))
    count(op, None)
    return reply
