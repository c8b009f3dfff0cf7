"""The gateway over real services: a token acts only for its own seat and sees
only its own view; forged, expired and missing tokens, malformed bodies,
unknown games, stale, duplicate and illegal commands get clear errors, and
everything keeps running; the WebSocket pushes my view after each commit."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import httpx
import nats
import pytest
import websockets
from nats.aio.client import Client

from tabletop.eventlog import Commit, Topology
from tabletop.games import get_game
from tabletop.gateway.tokens import TokenKeys, issue
from tests.support.gateway import NO_BOTS, matched_pair, running_gateway
from tests.support.http import Player
from tests.support.platform import eventually
from tests.support.platform_play import commits_of, replay
from tests.support.stateful_services import ServiceProcess

pytestmark = [pytest.mark.integration]

SECRET = "test-secret-of-this-gateway-0123456789"
OTHER_KEY = TokenKeys.single("another-secret-0123456789abcdefghij")
GAME = "schotten-totten"


@dataclass
class Table:
    base: str
    http: httpx.AsyncClient
    game_id: str
    by_seat: dict[int, Player]
    nc: Client
    topology: Topology
    gateway: ServiceProcess


@pytest.fixture(scope="module")
async def table(
    nats_url: str, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Table]:
    """One game between two HTTP players, shared by this module's tests (each
    reads where the game stands, so their order does not matter)."""
    services = {"rules": {}, "archive": {}, "matchmaking": NO_BOTS,
                "gateway": {"GATEWAY_TOKEN_SECRET": SECRET}}  # fmt: skip
    log_dir = tmp_path_factory.mktemp("gateway")
    nc = await nats.connect(nats_url)
    try:
        async with running_gateway(nats_url, database_url, log_dir, services, 20) as running:
            game_id, ann, ben = await matched_pair(running.http, GAME)
            mine = await ann.ok("GET", "/v1/queue")
            assert (mine["status"], mine["seat"]) == ("matched", 0)
            yield Table(running.base, running.http, game_id, {0: ann, 1: ben}, nc,
                        running.platform.topology, running.gateway)  # fmt: skip
    finally:
        await nc.close()


async def test_a_token_acts_and_sees_only_for_its_own_seat(table: Table) -> None:
    ann = table.by_seat[0]
    game_id = table.game_id
    path = f"/v1/games/{game_id}"
    state = replay(await commits_of_game(table))
    game = get_game(GAME)
    seen = await ann.ok("GET", path)
    assert seen["seat"] == 0 and seen["view"] == game.view(state, 0)
    assert seen["view"] != game.view(state, 1)  # ben's hand is not in it
    acting = seen["to_act"][0]
    mover, waiter = table.by_seat[acting], table.by_seat[1 - acting]

    legal = (await mover.ok("GET", f"{path}/legal"))["commands"]
    assert legal and all(c["seat"] == acting for c in legal)
    assert (await waiter.ok("GET", f"{path}/legal"))["commands"] == []

    # Acting for the other seat: refused whoever's turn it is.
    other = {**legal[0], "seat": 1 - acting}
    refused = await mover.post(f"{path}/commands", {"command": other})
    assert (refused.status_code, refused.json()["code"]) == (403, "wrong_seat")
    # The waiter sending the mover's command as its own: not its turn.
    not_yours = await waiter.post(f"{path}/commands", {"command": {**legal[0], "seat": 1 - acting}})
    assert (not_yours.status_code, not_yours.json()["code"]) == (409, "not_your_turn")

    # Once the archive holds step 1: another seat's replay view is hidden while the game
    # runs, a spectator's is not.
    async def archived() -> httpx.Response | None:
        answer = await ann.get(f"{path}/replay", at=1, **{"as": "spectator"})
        return answer if answer.status_code == 200 else None

    spectator = (await eventually(archived, what="step 1 in the archive")).json()
    assert spectator["view"] == game.view(replay((await commits_of_game(table))[:1]), None)
    assert spectator["clock"] is None  # queued without a clock
    hidden = await ann.get(f"{path}/replay", at=1, **{"as": "1"})
    assert (hidden.status_code, hidden.json()["code"]) == (403, "hidden")

    feed = await ann.ok("GET", f"{path}/events")
    assert feed["seat"] == 0 and feed["last_seq"] >= 1
    start_events = [game.parse_event(e) for e in (await commits_of_game(table))[0].events]
    assert feed["commits"][0]["events"] == [
        game.redact(e, 0).model_dump(mode="json") for e in start_events
    ]
    outsider = await Player.sign_in(table.http)
    assert (await outsider.ok("GET", path))["seat"] is None  # a spectator's view
    denied = await outsider.post(f"{path}/commands", {"command": legal[0]})
    assert (denied.status_code, denied.json()["code"]) == (403, "not_a_player")


async def test_bad_tokens_and_bad_requests_get_clear_errors(table: Table) -> None:
    ann = table.by_seat[0]
    path = f"/v1/games/{table.game_id}"
    assert (await table.http.get(path)).json()["code"] == "unauthorized"
    forged = ann.token[:-4] + ("AAAA" if not ann.token.endswith("AAAA") else "BBBB")
    response = await table.http.get(path, headers={"Authorization": f"Bearer {forged}"})
    assert (response.status_code, response.json()["code"]) == (401, "invalid_token")
    other_key, _ = issue(OTHER_KEY, ann.player_id, int(time.time()), 60)
    response = await table.http.get(path, headers={"Authorization": f"Bearer {other_key}"})
    assert (response.status_code, response.json()["code"]) == (401, "invalid_token")
    expired, _ = issue(TokenKeys.single(SECRET), ann.player_id, int(time.time()) - 120, 60)
    response = await table.http.get(path, headers={"Authorization": f"Bearer {expired}"})
    assert (response.status_code, response.json()["code"]) == (401, "token_expired")

    malformed = await table.http.post(
        f"{path}/commands",
        content=b"{not json",
        headers={**ann.auth, "Content-Type": "application/json"},
    )
    assert (malformed.status_code, malformed.json()["code"]) == (400, "malformed_request")
    garbage = await ann.post(f"{path}/commands", {"command": {"type": "fly-away"}})
    assert (garbage.status_code, garbage.json()["code"]) == (400, "unknown_command")
    unknown = await ann.get("/v1/games/no-such-game")
    assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown_game_id")
    bad_id = await ann.get("/v1/games/not.a.game")
    assert bad_id.status_code in (400, 404)
    assert (await ann.post("/v1/queue", {"game": "chess", "players": 2})).status_code == 404

    seen = await ann.ok("GET", path)
    mover = table.by_seat[seen["to_act"][0]]
    command = (await mover.ok("GET", f"{path}/legal"))["commands"][0]
    stale = await mover.post(f"{path}/commands", {"command": command, "expected_seq": 0})
    assert (stale.status_code, stale.json()["code"]) == (409, "stale_command")
    body = {"command": command, "command_id": "move-1", "expected_seq": seen["seq"]}
    landed = await mover.ok("POST", f"{path}/commands", body)
    again = await mover.post(f"{path}/commands", body)
    assert (again.status_code, again.json()["code"]) == (409, "duplicate_command")
    assert again.json()["seq"] == landed["seq"]

    # Everything still answers.
    assert (await table.http.get("/readyz")).status_code == 200
    assert (await ann.ok("GET", path))["seq"] == landed["seq"]
    assert "tabletop_gateway_requests_total" in table.gateway.metrics()
    assert (await table.http.get("/metrics")).status_code == 404  # not on the API port


async def test_the_websocket_pushes_my_view_after_each_commit(table: Table) -> None:
    ann = table.by_seat[0]
    path = f"/v1/games/{table.game_id}"
    url = table.base.replace("http", "ws") + f"{path}/ws?token={ann.token}"
    async with websockets.connect(url) as ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert first["seat"] == 0 and first["view"] == (await ann.ok("GET", path))["view"]
        for step in (1, 2):  # two moves, whoever's turn: one push each, in order
            mover = table.by_seat[(await ann.ok("GET", path))["to_act"][0]]
            command = (await mover.ok("GET", f"{path}/legal"))["commands"][0]
            await mover.ok("POST", f"{path}/commands", {"command": command})
            pushed = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert pushed["seq"] == first["seq"] + step
            assert pushed["view"] == (await ann.ok("GET", path))["view"]
    async with websockets.connect(table.base.replace("http", "ws") + f"{path}/ws?token=x") as ws:
        assert json.loads(await ws.recv())["code"] == "invalid_token"


async def commits_of_game(table: Table) -> list[Commit]:
    return await commits_of(table.nc, table.topology, table.game_id)


async def test_resigning_ends_a_two_player_game_for_the_other_and_only_once(table: Table) -> None:
    """POST /v1/games/{id}/resign over the real services: the other seat wins,
    a second resignation and an outsider's are refused, and the same player
    resigning another game is not taken for a retry of the first."""
    http = table.http
    cara, dan = await Player.sign_in(http), await Player.sign_in(http)
    games = []
    for _ in range(2):
        await cara.ok("POST", "/v1/queue", {"game": GAME, "players": 2})
        games.append((await dan.ok("POST", "/v1/queue", {"game": GAME, "players": 2}))["game_id"])
    for game_id in games:
        path = f"/v1/games/{game_id}"
        cara_seat = (await cara.ok("GET", path))["seat"]
        resigned = await cara.ok("POST", f"{path}/resign")
        assert resigned["accepted"] and resigned["seq"] >= 2
        seen = await dan.ok("GET", path)
        outcome = seen["outcome"]
        assert seen["finished"] and seen["to_act"] == []
        assert outcome["reason"] == "resign" and outcome["resigned"] == [cara_seat]
        assert outcome["ranks"][1 - cara_seat] == 0 and outcome["ranks"][cara_seat] == 1
        again = await cara.post(f"{path}/resign")
        assert again.status_code == 409
        assert again.json()["code"] in {"game_over", "duplicate_command"}
        outsider = await Player.sign_in(http)
        denied = await outsider.post(f"{path}/resign")
        assert (denied.status_code, denied.json()["code"]) == (403, "not_a_player")


async def test_the_websocket_pushes_the_clock_and_a_timeout_like_any_commit(table: Table) -> None:
    """A table with a 2-second clock: the first push says whose clock runs and
    when it runs out (a wall time); nobody moves, and the timeout the deadline
    keeper appends is pushed like any commit, with the clock at zero."""
    http = table.http
    eve, fay = await Player.sign_in(http), await Player.sign_in(http)
    short = {"game": GAME, "players": 2, "clock": {"kind": "fischer", "initial_ms": 2000}}
    await eve.ok("POST", "/v1/queue", short)
    game_id = (await fay.ok("POST", "/v1/queue", short))["game_id"]
    url = table.base.replace("http", "ws") + f"/v1/games/{game_id}/ws?token={eve.token}"
    async with websockets.connect(url) as ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        clock = first["clock"]
        assert clock["initial_ms"] == 2000 and clock["running"] == first["to_act"]
        assert clock["deadline_seat"] == first["to_act"][0]
        assert clock["deadline"] == clock["as_of"] + clock["remaining_ms"][clock["deadline_seat"]]
        assert abs(clock["deadline"] / 1000 - time.time()) < 5  # a wall time, now-ish
        pushed = json.loads(await asyncio.wait_for(ws.recv(), 15))  # the timeout
    assert pushed["seq"] == first["seq"] + 1 and pushed["finished"]
    late = clock["deadline_seat"]
    assert pushed["outcome"]["reason"] == "timeout" and pushed["outcome"]["timed_out"] == [late]
    assert pushed["clock"]["remaining_ms"][late] == 0 and pushed["clock"]["running"] == []
