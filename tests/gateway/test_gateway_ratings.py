"""The gateway's rating routes over real services: history, around-me and
the seasons' boards answer, and bad input is a stable `{code, message}`."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from tests.support.gateway import REQUEST_TIMEOUT, running_gateway

pytestmark = [pytest.mark.integration]

GAME = "schotten-totten"


@pytest.fixture(scope="module")
async def http(
    nats_url: str, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[httpx.AsyncClient]:
    secret = {"GATEWAY_TOKEN_SECRET": "ratings-secret-0123456789-abcdefghijk"}
    services = {"archive": {}, "leaderboards": {}, "gateway": {**secret, **REQUEST_TIMEOUT}}
    log_dir = tmp_path_factory.mktemp("ratings")
    async with running_gateway(nats_url, database_url, log_dir, services) as running:
        yield running.http


async def test_the_seasons_of_a_game_and_an_empty_season_board(http: httpx.AsyncClient) -> None:
    seasons = await http.get(f"/v1/leaderboards/{GAME}/seasons")
    assert seasons.status_code == 200, seasons.text
    body = seasons.json()
    assert body["seasons"] == [] and body["current"][-2:] in {"01", "04", "07", "10"}
    board = await http.get(f"/v1/leaderboards/{GAME}/seasons/{body['current']}?limit=5")
    assert board.status_code == 200 and board.json() == []


@pytest.mark.parametrize("path", ["players/nobody/history", "players/nobody/around?span=2"])
async def test_an_unrated_player_is_a_404(http: httpx.AsyncClient, path: str) -> None:
    response = await http.get(f"/v1/leaderboards/{GAME}/{path}")
    assert response.status_code == 404, response.text
    assert response.json()["code"] == "unknown_player"


@pytest.mark.parametrize(
    "path",
    ["seasons/2026-02", "seasons/q4", "players/nobody/around?span=51", "players/a%20b/history"],
)
async def test_bad_input_is_a_400(http: httpx.AsyncClient, path: str) -> None:
    response = await http.get(f"/v1/leaderboards/{GAME}/{path}")
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "malformed_request"


async def test_an_unknown_game_is_refused(http: httpx.AsyncClient) -> None:
    response = await http.get("/v1/leaderboards/no-such-game/seasons")
    assert response.status_code == 404, response.text
    assert response.json()["code"] == "unknown_game"
