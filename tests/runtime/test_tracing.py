"""Traces and logs: one trace follows a command from the gateway's HTTP span
through the rules service to the commit's consumers (exported over OTLP by
each service process, received here); logs carry game id, command id and
trace id, as JSON in production, without faststream's noise."""

from __future__ import annotations

import json
import logging
import sys

import httpx
import pytest
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider

from tabletop.runtime import log_context
from tabletop.runtime.logs import ContextFilter, JsonFormatter, ids_of
from tabletop.runtime.settings import ServiceSettings
from tabletop.runtime.tracing import trace_id
from tests.runtime.otlp_receiver import OtlpReceiver, ReceivedSpan
from tests.support.http import Player
from tests.support.platform import Platform, eventually

GAME = "schotten-totten"
SECRET = "test-secret-of-this-gateway-0123456789"


def _json_line(record: logging.LogRecord) -> dict[str, object]:
    assert ContextFilter().filter(record)
    return json.loads(JsonFormatter("rules").format(record))


def test_lines_carry_the_ids_of_the_message_being_handled() -> None:
    record = logging.makeLogRecord({"msg": "appended", "levelno": 20, "levelname": "INFO"})
    with log_context(**ids_of(b'{"game_id": "g-1", "command_id": "c-7", "seq": 3}')):
        line = _json_line(record)
    assert (line["game_id"], line["command_id"], line["message"]) == ("g-1", "c-7", "appended")
    outside = _json_line(logging.makeLogRecord({"msg": "idle"}))
    assert "game_id" not in outside and "trace_id" not in outside
    assert ids_of(b"not json") == {} and ids_of(b'{"game_id": 7}') == {}


def test_lines_carry_the_trace_id_inside_a_span() -> None:
    tracer = TracerProvider().get_tracer("test")  # not installed globally
    with tracer.start_as_current_span("work") as span:
        line = _json_line(logging.makeLogRecord({"msg": "inside"}))
        assert line["trace_id"] == trace_id() == format(span.get_span_context().trace_id, "032x")
    assert trace.get_current_span().get_span_context().is_valid is False


def test_faststream_noise_is_dropped() -> None:
    quiet = ContextFilter()
    callback = logging.makeLogRecord({"msg": "callback for Task-11 is being executed..."})
    assert not quiet.filter(callback)
    try:
        raise TimeoutError
    except TimeoutError:
        idle = logging.makeLogRecord(
            {"msg": "Task-3 raised an exception, retrying...", "exc_info": sys.exc_info()}
        )
    assert not quiet.filter(idle)
    try:
        raise RuntimeError("real")
    except RuntimeError:
        real = logging.makeLogRecord(
            {"msg": "Task-3 raised an exception, retrying...", "exc_info": sys.exc_info()}
        )
    assert quiet.filter(real)  # a real failure keeps its traceback


def test_production_logs_json_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LOG_FORMAT", raising=False)
    monkeypatch.setenv("TABLETOP_ENV", "production")
    assert ServiceSettings().log_format == "json"
    monkeypatch.setenv("TABLETOP_ENV", "development")
    assert ServiceSettings().log_format == "text"
    monkeypatch.setenv("LOG_FORMAT", "json")
    assert ServiceSettings().log_format == "json"


@pytest.mark.integration
def test_a_service_process_logs_json_without_colours(platform: Platform) -> None:
    """The archive started as in production: every line it logs is one JSON object."""
    archive = platform.start("archive", TABLETOP_ENV="production")
    archive.stop()
    text = (archive.log_dir / "archive.log").read_text()
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines and "\x1b[" not in text and "is being executed" not in text
    assert all(json.loads(line)["service"] == "archive" for line in lines)


def _chain(spans: list[ReceivedSpan], trace: str) -> dict[str, list[ReceivedSpan]]:
    by_service: dict[str, list[ReceivedSpan]] = {}
    for span in spans:
        if span.trace_id == trace:
            by_service.setdefault(span.service, []).append(span)
    return by_service


@pytest.mark.integration
async def test_one_trace_spans_gateway_rules_and_the_commits_consumers(platform: Platform) -> None:
    with OtlpReceiver() as otlp:
        tracing = {"OTEL_EXPORTER_OTLP_ENDPOINT": otlp.endpoint, "OTEL_BSP_SCHEDULE_DELAY": "100"}
        processes = platform.start_all(
            {
                "rules": tracing,
                "archive": tracing,
                "matchmaking": {"MATCHMAKING_BOT_WAIT": "600", **tracing},
                "gateway": {"GATEWAY_TOKEN_SECRET": SECRET, **tracing},
            }
        )
        base = f"http://127.0.0.1:{processes[-1].http_port}"
        async with httpx.AsyncClient(base_url=base, timeout=20) as http:
            ann, ben = await Player.sign_in(http), await Player.sign_in(http)
            await ann.ok("POST", "/v1/queue", {"game": GAME, "players": 2})
            ticket = await ben.ok("POST", "/v1/queue", {"game": GAME, "players": 2})
            path = f"/v1/games/{ticket['game_id']}"
            seen = await ann.ok("GET", path)
            mover = {0: ann, 1: ben}[seen["to_act"][0]]
            legal = (await mover.ok("GET", f"{path}/legal"))["commands"]
            await mover.ok("POST", f"{path}/commands", {"command": legal[0]})

        def submit_span() -> ReceivedSpan | None:
            for span in otlp.snapshot():
                if span.service == "gateway" and span.name == "POST /v1/games/{game_id}/commands":
                    return span
            return None

        async def whole_chain() -> dict[str, list[ReceivedSpan]] | None:
            root = submit_span()
            if root is None:
                return None
            chain = _chain(otlp.snapshot(), root.trace_id)
            return chain if {"gateway", "rules", "archive"} <= set(chain) else None

        chain = await eventually(whole_chain, within=30, what="a trace through the services")
        root = submit_span()
        assert root is not None and root.parent_id == ""  # the client sent no traceparent
        ids = {span.span_id: span for spans in chain.values() for span in spans}
        # rules handled the gateway's request inside this trace, as its child ...
        rules = [
            s for s in chain["rules"] if getattr(ids.get(s.parent_id), "service", "") == "gateway"
        ]
        assert rules, chain["rules"]
        # ... and the archive consumed the commit rules appended, as a child of a rules span.
        archived = [s for s in chain["archive"] if ids.get(s.parent_id) in chain["rules"]]
        assert archived, chain["archive"]
