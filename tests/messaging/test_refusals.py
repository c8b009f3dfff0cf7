"""Every service refuses a bad request the same way: a clear code, never silence."""

from __future__ import annotations

import logging

import pytest
from faststream.nats import NatsBroker, TestNatsBroker
from pydantic import BaseModel, ValidationError

from tabletop.messaging import ErrorBody, ServiceCode
from tabletop.messaging.refusals import (
    Refusal,
    counted_answer,
    error_reply,
    malformed_message,
    refusing_middleware,
)


class Join(BaseModel):
    player_id: str
    players: int


def validation_error(raw: str) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        Join.model_validate_json(raw)
    return caught.value


def test_malformed_json_is_said_to_be_not_an_object() -> None:
    assert malformed_message(validation_error("{not json")) == "request body must be a JSON object"
    assert malformed_message(validation_error("[1, 2]")) == "request body must be a JSON object"


def test_error_reply_has_code_and_message() -> None:
    reply = error_reply(ServiceCode.UNAVAILABLE, "the database did not answer")
    assert reply == {"error": {"code": "unavailable", "message": "the database did not answer"}}


async def test_refusing_middleware_answers_every_failure_with_a_code() -> None:
    said: list[str] = []

    def refuse(code: ServiceCode, message: str) -> dict[str, object]:
        said.append(code)
        return error_reply(code, message)

    broker = NatsBroker(middlewares=[refusing_middleware(refuse, logging.getLogger("test"))])

    @broker.subscriber("join")
    async def join(request: Join) -> dict[str, object]:
        if request.players == 0:
            raise TimeoutError("the database did not answer")
        if request.players < 0:
            raise KeyError("bug")
        return {"ok": True}

    async with TestNatsBroker(broker) as test:

        async def ask(body: str) -> dict[str, object]:
            reply = await test.request(body.encode(), "join")
            return await reply.decode()

        assert await ask('{"player_id": "p", "players": 2}') == {"ok": True}
        malformed = await ask("{not json")
        assert malformed["error"] == {
            "code": "malformed_request",
            "message": "request body must be a JSON object",
        }
        bad_field = await ask('{"player_id": "p", "players": "four"}')
        assert bad_field["error"]["message"].startswith("players: ")
        assert (await ask('{"player_id": "p", "players": 0}'))["error"]["code"] == "unavailable"
        assert (await ask('{"player_id": "p", "players": -1}'))["error"]["code"] == "internal_error"
    assert said == ["malformed_request", "malformed_request", "unavailable", "internal_error"]


class Reply(BaseModel):
    value: int | None = None
    error: ErrorBody | None = None


async def test_counted_answer_replies_or_refuses_and_counts_either_way() -> None:
    counted: list[tuple[str, str | None]] = []

    def count(op: str, code: str | None) -> None:
        counted.append((op, code))

    async def answers() -> Reply:
        return Reply(value=3)

    async def refuses() -> Reply:
        raise Refusal(ServiceCode.UNAVAILABLE, "try later")

    async def breaks() -> Reply:
        raise KeyError("bug")

    assert await counted_answer("get", Reply, answers(), count) == Reply(value=3)
    refused = await counted_answer("get", Reply, refuses(), count)
    assert refused == Reply(error=ErrorBody(code="unavailable", message="try later"))
    with pytest.raises(KeyError):  # not a refusal: left to the refusing middleware
        await counted_answer("put", Reply, breaks(), count)
    assert counted == [("get", None), ("get", "unavailable")]
