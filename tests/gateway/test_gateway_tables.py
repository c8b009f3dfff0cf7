"""Private tables over HTTP, real services behind the gateway: create, share
the code, a friend joins and the game starts; bots on request; bad codes."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from tests.support.gateway import NO_BOTS, REQUEST_TIMEOUT, running_gateway
from tests.support.http import Player

pytestmark = [pytest.mark.integration]


@pytest.fixture(scope="module")
async def http(
    nats_url: str, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[httpx.AsyncClient]:
    secret = {"GATEWAY_TOKEN_SECRET": "tables-secret-0123456789-abcdefghijkl"}
    services = {"rules": {}, "archive": {}, "matchmaking": NO_BOTS,
                "gateway": {**secret, **REQUEST_TIMEOUT}}  # fmt: skip
    log_dir = tmp_path_factory.mktemp("tables")
    async with running_gateway(nats_url, database_url, log_dir, services) as running:
        yield running.http


async def test_a_friend_joins_by_code_and_the_game_starts(http: httpx.AsyncClient) -> None:
    host, friend = await Player.sign_in(http), await Player.sign_in(http)
    table = await host.ok("POST", "/v1/tables", {"game": "schotten-totten", "players": 2})
    assert table["status"] == "open" and table["members"] == [host.player_id]
    seen = await friend.ok("GET", f"/v1/tables/{table['code']}")
    assert seen["host"] == host.player_id
    started = await friend.ok("POST", f"/v1/tables/{table['code']}/join")
    assert started["status"] == "started" and started["members"] == [host.player_id,
                                                                     friend.player_id]  # fmt: skip
    ticket = await friend.ok("GET", "/v1/queue")
    assert (ticket["status"], ticket["game_id"], ticket["seat"]) == (
        "matched",
        started["game_id"],
        1,
    )
    game = await host.get(f"/v1/games/{started['game_id']}")
    assert game.status_code == 200, game.text


async def test_the_host_fills_the_table_with_bots(http: httpx.AsyncClient) -> None:
    host, friend = await Player.sign_in(http), await Player.sign_in(http)
    body = {"game": "splendor", "players": 3, "bot_difficulty": "hard"}
    code = (await host.ok("POST", "/v1/tables", body))["code"]
    await friend.ok("POST", f"/v1/tables/{code}/join")
    early = await host.post(f"/v1/tables/{code}/start", {})
    assert (early.status_code, early.json()["code"]) == (409, "table_not_full")
    by_friend = await friend.post(f"/v1/tables/{code}/start", {"fill_with_bots": True})
    assert (by_friend.status_code, by_friend.json()["code"]) == (403, "not_table_host")
    started = await host.ok("POST", f"/v1/tables/{code}/start", {"fill_with_bots": True})
    assert started["status"] == "started" and started["game_id"]


async def test_bad_and_unknown_codes(http: httpx.AsyncClient) -> None:
    player = await Player.sign_in(http)
    malformed = await player.get("/v1/tables/not-a-code")
    assert (malformed.status_code, malformed.json()["code"]) == (400, "malformed_request")
    unknown = await player.post("/v1/tables/ZZZZZZZZ/join")
    assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown_table")
    no_game = await player.post("/v1/tables", {"game": "chess", "players": 2})
    assert (no_game.status_code, no_game.json()["code"]) == (404, "unknown_game")
    anonymous = await http.post("/v1/tables", json={"game": "splendor", "players": 2})
    assert anonymous.status_code == 401
