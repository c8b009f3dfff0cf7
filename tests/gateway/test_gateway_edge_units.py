"""The gateway's edge, in-process: the OpenAPI document tells the errors that
really come (400 ErrorOut, never FastAPI's 422), and the log redaction."""

from __future__ import annotations

import json
import logging

import httpx
import pytest

from tabletop.gateway.app import create_app
from tabletop.gateway.redaction import RedactTokens, redact
from tabletop.gateway.settings import GatewaySettings

TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJndWVzdC0xIn0.c2lnbmF0dXJl"


def openapi() -> dict:  # type: ignore[type-arg]
    return create_app(GatewaySettings(environment="development", metrics_port=0)).openapi()


def test_the_openapi_documents_400_error_out_and_no_422() -> None:
    document = openapi()
    text = json.dumps(document)
    assert '"422"' not in text and "HTTPValidationError" not in text
    error = {"$ref": "#/components/schemas/ErrorOut"}
    validated = 0
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if operation.get("parameters") or operation.get("requestBody"):
                validated += 1
                bad = operation["responses"]["400"]["content"]["application/json"]["schema"]
                assert bad == error, (method, path)
            for status in ("413", "503"):
                assert status in operation["responses"], (method, path, status)
    assert validated >= 8
    assert set(document["components"]["schemas"]["ErrorOut"]["properties"]) == {
        "code", "message", "seq"
    }  # fmt: skip


def test_tokens_are_redacted_from_log_lines() -> None:
    line = f'127.0.0.1:5 - "WebSocket /v1/games/g1/ws?token={TOKEN}&x=1" [accepted]'
    assert (
        redact(line) == '127.0.0.1:5 - "WebSocket /v1/games/g1/ws?token=<redacted>&x=1" [accepted]'
    )
    assert TOKEN not in redact(f"Authorization: Bearer {TOKEN}")
    record = logging.makeLogRecord(
        {"msg": '%s - "WebSocket %s"', "args": ("a", f"/ws?token={TOKEN}")}
    )
    assert RedactTokens().filter(record) and TOKEN not in record.getMessage()


@pytest.mark.parametrize(
    ("environment", "origins", "allowed"),
    [
        ("production", "", False),  # production allows only the configured origins
        ("production", "https://play.example.com", False),
        ("development", "", True),  # local dev servers, in development only
    ],
)
async def test_cors_allows_dev_servers_only_in_development(
    environment: str, origins: str, allowed: bool
) -> None:
    settings = GatewaySettings(environment=environment, metrics_port=0, cors_origins=origins,
                               token_secret="s" * 32)  # fmt: skip
    transport = httpx.ASGITransport(app=create_app(settings))
    async with httpx.AsyncClient(transport=transport, base_url="http://gateway") as http:
        preflight = await http.options(
            "/v1/queue",
            headers={"Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST"},
        )
    assert ("access-control-allow-origin" in preflight.headers) is allowed


async def test_the_body_limit_answers_413_before_the_route_reads_the_body() -> None:
    settings = GatewaySettings(environment="development", metrics_port=0, max_body_bytes=1000)
    transport = httpx.ASGITransport(app=create_app(settings))

    async def chunks():  # type: ignore[no-untyped-def]
        for _ in range(10):
            yield b" " * 500

    async with httpx.AsyncClient(transport=transport, base_url="http://gateway") as http:
        declared = await http.post("/v1/queue", content=b" " * 1001)
        streamed = await http.post("/v1/queue", content=chunks())
        small = await http.post("/v1/queue", content=b"{}")
    for refused in (declared, streamed):
        assert refused.status_code == 413 and refused.json()["code"] == "payload_too_large"
    assert small.status_code == 401  # under the limit: on to authentication
