"""Every error as `{code, message}`: the gateway's own (ApiError), the
services' (Refusal, and Unavailable when one does not answer), the
framework's (unknown route, wrong method, unparsable or invalid body), NATS
going away (503 `unavailable`, Retry-After) and bugs (500 `internal_error`,
logged here, never shown to the client)."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from nats.errors import Error as NatsError
from starlette.exceptions import HTTPException

from tabletop.messaging import Refusal
from tabletop.messaging.codes import FRAMEWORK_CODES, ServiceCode

from .errors import ApiError

log = logging.getLogger("tabletop.gateway")


def install_error_handlers(app: FastAPI, retry_after: int) -> None:
    async def api_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return exc.response(retry_after)

    async def refused(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, Refusal)  # a service's refusal, or no answer (Unavailable)
        return ApiError.of(exc).response(retry_after)

    async def invalid_request(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        return ApiError("malformed_request", validation_message(exc)).response()

    async def framework_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        code = FRAMEWORK_CODES.get(exc.status_code, ServiceCode.MALFORMED_REQUEST)
        message = exc.detail if isinstance(exc.detail, str) else code.replace("_", " ")
        if exc.status_code == 404:
            message = f"no route {request.url.path}"
        elif exc.status_code == 405:
            message = f"{request.method} is not allowed on {request.url.path}"
        response = ApiError(code, message).response()
        response.status_code = exc.status_code  # e.g. a 401/403 raised by a security helper
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    async def nats_down(request: Request, exc: Exception) -> JSONResponse:
        log.warning("NATS failed during %s %s: %r", request.method, request.url.path, exc)
        return ApiError("unavailable", "the event log is unreachable; retry").response(retry_after)

    async def bug(request: Request, exc: Exception) -> JSONResponse:
        log.error("unhandled error in %s %s", request.method, request.url.path, exc_info=exc)
        return ApiError("internal_error", "the gateway failed on this request").response()

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(Refusal, refused)
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_exception_handler(HTTPException, framework_error)
    app.add_exception_handler(NatsError, nats_down)
    app.add_exception_handler(TimeoutError, nats_down)  # a JetStream call that timed out
    app.add_exception_handler(Exception, bug)


def validation_message(exc: RequestValidationError) -> str:
    err = exc.errors()[0]
    if err.get("type") == "json_invalid":
        return "the body is not valid JSON"
    where = ".".join(str(p) for p in err.get("loc", ())[1:]) or "request"
    return f"{where}: {err.get('msg', 'invalid')}"
