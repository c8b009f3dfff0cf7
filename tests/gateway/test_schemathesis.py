"""The contract a frontend builds on, against the real services: the catalog
and its card facts, the WebSocket as its AsyncAPI document says, and
schemathesis fuzzing the gateway from its own OpenAPI with no 5xx and every
answer conforming to the documented schema."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TextIO

import httpx
import jsonschema_rs
import pytest
import schemathesis
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode, checks

from tabletop.games import registry
from tabletop.gateway.app import app as documented_app
from tabletop.gateway.asyncapi import websocket_asyncapi
from tabletop.policies.levels import levels_for
from tests.support.gateway import NO_BOTS, matched_pair, running_gateway
from tests.support.http import Player

pytestmark = [pytest.mark.integration]

GAME = "schotten-totten"
EXAMPLES = 150  # schemathesis cases per mode over every operation: ~20 s on a busy machine
STATEFUL_EXAMPLES = 15  # sequences of up to 6 linked calls
GAME_PATH = "/v1/games/{game_id}"


@dataclass
class Gateway:
    base: str
    http: httpx.AsyncClient
    game_id: str
    by_seat: dict[int, Player]


@pytest.fixture(scope="module")
async def gateway(
    nats_url: str, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Gateway]:
    """Every service the gateway asks, and one game between two HTTP players."""
    # One client sends every case: rate limits (test_limits.py) out of the way.
    unlimited = {
        "GATEWAY_RATE_PER_IP": "100000/minute",
        "GATEWAY_RATE_PER_PLAYER": "100000/minute",
        "GATEWAY_RATE_SIGN_IN": "1000/minute",
    }
    services = {"rules": {}, "archive": {}, "leaderboards": {}, "matchmaking": NO_BOTS,
                "gateway": unlimited}  # fmt: skip
    log_dir = tmp_path_factory.mktemp("contract")
    async with running_gateway(nats_url, database_url, log_dir, services, 20) as running:
        game_id, ann, ben = await matched_pair(running.http, GAME)
        yield Gateway(running.base, running.http, game_id, {0: ann, 1: ben})


@cache
def _validator(document: str, pointer: str) -> Any:
    root = json.loads(document)
    return jsonschema_rs.Draft202012Validator({**root, "$ref": pointer})


def _conforms(document: dict[str, Any], pointer: str, instance: Any) -> None:
    _validator(json.dumps(document, sort_keys=True), pointer).validate(instance)


async def test_the_catalog_lists_every_game_and_decodes_its_cards(gateway: Gateway) -> None:
    document = (await gateway.http.get("/openapi.json")).json()
    listed = await gateway.http.get("/v1/catalog")
    assert listed.status_code == 200
    games = {game["id"]: game for game in listed.json()["games"]}
    assert list(games) == list(registry())
    assert games["splendor"]["min_players"] == 2 and games["splendor"]["max_players"] == 4
    assert {"variant": "tactics"} in games["schotten-totten"]["option_sets"]
    assert "players" not in games["schotten-totten"]["options_schema"]["properties"]
    for game_id, game in games.items():  # the levels the queue takes (test_limits: others are 400)
        assert (
            game["bot_levels"] == list(levels_for(game_id)) == ["easy", "medium", "hard", "expert"]
        )
        assert game["default_bot_level"] in game["bot_levels"]
        ratings = game["bot_level_ratings"]  # what the backfill matches ratings against
        assert list(ratings) == game["bot_levels"] and sorted(ratings.values()) == list(
            ratings.values()
        )
    _conforms(document, "#/components/schemas/CatalogOut", listed.json())
    answers = document["paths"]["/v1/catalog/{game}/cards"]["get"]["responses"]
    cards_schema = answers["200"]["content"]["application/json"]["schema"]
    for game_id in games:
        answer = await gateway.http.get(f"/v1/catalog/{game_id}/cards")
        assert answer.status_code == 200 and answer.json()["game"] == game_id
        assert "max-age" in answer.headers["cache-control"]
        _conforms({**document, "x-cards": cards_schema}, "#/x-cards", answer.json())
    assert (await gateway.http.get("/v1/catalog/splendor/cards")).json()["cards"]["0"]["cost"]
    unknown = await gateway.http.get("/v1/catalog/chess/cards")
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_game"


async def test_the_websocket_speaks_its_asyncapi_document(gateway: Gateway) -> None:
    document = websocket_asyncapi(documented_app)
    with open_proto("asyncapi/gateway-websocket.json") as published:
        assert json.load(published) == document
    view = "#/components/messages/view/payload"
    error = "#/components/messages/error/payload"
    close_codes = {int(code) for code in document["channels"]["game"]["x-close-codes"]}
    ann = gateway.by_seat[0]
    path = f"/v1/games/{gateway.game_id}"
    ws_base = gateway.base.replace("http", "ws")
    async with websockets.connect(f"{ws_base}{path}/ws?token={ann.token}") as ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        _conforms(document, view, first)
        mover = gateway.by_seat[first["to_act"][0]]
        command = (await mover.ok("GET", f"{path}/legal"))["commands"][0]
        await mover.ok("POST", f"{path}/commands", {"command": command})
        pushed = json.loads(await asyncio.wait_for(ws.recv(), 10))
        _conforms(document, view, pushed)
        assert pushed["seq"] == first["seq"] + 1
    for url, code in (
        (f"{ws_base}{path}/ws?token=forged", 4401),
        (f"{ws_base}/v1/games/g-no-such-game/ws?token={ann.token}", 4404),
    ):
        async with websockets.connect(url) as ws:
            _conforms(document, error, json.loads(await ws.recv()))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == code
            assert code in close_codes


POSITIVE_CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
]
# Invalid requests get documented errors too: `{code, message}`, the framework's included.
NEGATIVE_CHECKS = [
    checks.not_a_server_error,
    checks.content_type_conformance,
    checks.response_schema_conformance,
]


def test_schemathesis_finds_no_server_error_and_no_undocumented_answer(
    gateway: Gateway,
) -> None:
    schema = schemathesis.openapi.from_url(f"{gateway.base}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 12
    # Valid requests: every answer's status, content type and body as documented.
    positive = _fuzz(gateway, operations, GenerationMode.POSITIVE, POSITIVE_CHECKS, EXAMPLES)
    assert not any(status >= 500 for status in positive)
    assert positive.get(200, 0) > 10, positive  # it reached real answers, not only refusals
    # Invalid requests (only operations that take input can be sent one): never a 5xx. (Some
    # answer 200: unknown query parameters are ignored, and the real token replaces a bad one.)
    takes_input = [op for op in operations if list(op.iter_parameters()) or op.body]
    negative = _fuzz(gateway, takes_input, GenerationMode.NEGATIVE, NEGATIVE_CHECKS, EXAMPLES)
    assert negative.get(400, 0) > 10 and not any(status >= 500 for status in negative), negative


def test_schemathesis_follows_the_links_through_a_game(gateway: Gateway) -> None:
    """Stateful: from my games (or my ticket) to my game, its legal commands and
    submitting one, as the document's links lead, every answer as documented."""
    schema = schemathesis.openapi.from_url(f"{gateway.base}/openapi.json")
    player = gateway.by_seat[1]  # not the fuzzed one: its ticket still names the game
    calls: dict[str, int] = {}

    class Links(schema.as_state_machine()):  # type: ignore[misc]
        def get_call_kwargs(self, case: schemathesis.Case) -> dict[str, Any]:
            calls[case.operation.label] = calls.get(case.operation.label, 0) + 1
            return {"base_url": gateway.base, "headers": player.auth, "timeout": 20}

        def validate_response(
            self, response: Any, case: schemathesis.Case, *args: Any, **kwargs: Any
        ) -> None:
            case.validate_response(response, checks=POSITIVE_CHECKS)

    Links.run(
        settings=settings(
            max_examples=STATEFUL_EXAMPLES,
            stateful_step_count=6,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
    )
    assert calls.get(f"POST {GAME_PATH}/commands", 0) > 0, calls  # it reached a submission


def _fuzz(
    gateway: Gateway,
    operations: list[Any],
    mode: GenerationMode,
    checks_run: list[Any],
    examples: int,
) -> dict[int, int]:
    """Run `examples` cases over `operations`; the statuses seen, counted."""
    strategy = operations[0].as_strategy(generation_mode=mode)
    for operation in operations[1:]:
        strategy |= operation.as_strategy(generation_mode=mode)
    player = gateway.by_seat[0]
    seen: dict[int, int] = {}

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy, real_game=st.booleans())
    def run(case: schemathesis.Case, real_game: bool) -> None:
        # Random ids only ever meet 404: half the cases ask about the real game.
        if "game_id" in (case.path_parameters or {}) and real_game:
            case.path_parameters = {**case.path_parameters, "game_id": gateway.game_id}
        response = case.call(base_url=gateway.base, headers=player.auth, timeout=20)
        seen[response.status_code] = seen.get(response.status_code, 0) + 1
        case.validate_response(response, checks=checks_run)

    run()
    return seen


def open_proto(path: str) -> TextIO:
    return (Path(__file__).resolve().parents[2] / "proto" / path).open()
