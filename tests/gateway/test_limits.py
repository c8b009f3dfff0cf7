"""Limits per client over the real services: sign-ins, requests per player
and per IP are rate limited (429 `rate_limited`, Retry-After); bot levels are
names, an unknown one is a 400; a player's open games and WebSockets are
capped; tickets expire."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest
import websockets
from nats.aio.client import Client

from tabletop.gateway.tokens import TokenKeys, issue
from tabletop.messaging.matchmaking import GetTicket, JoinQueue, MatchmakingSubjects, Seating
from tests.support.http import Player
from tests.support.platform import Platform, ask, eventually

pytestmark = [pytest.mark.integration]

SECRET = "test-secret-of-the-limits-0123456789"
GAME = "schotten-totten"


def player(http: httpx.AsyncClient, name: str) -> Player:
    token, _ = issue(TokenKeys.single(SECRET), name, int(time.time()), 3600)
    return Player(http, name, token)


def assert_rate_limited(response: httpx.Response) -> None:
    assert response.status_code == 429, response.text
    assert response.json()["code"] == "rate_limited" and response.json()["message"]
    assert 1 <= int(response.headers["Retry-After"]) <= 60


async def test_sign_ins_requests_per_player_and_per_ip_are_rate_limited(
    platform: Platform,
) -> None:
    limits = {"GATEWAY_RATE_SIGN_IN": "3/minute", "GATEWAY_RATE_PER_PLAYER": "5/minute",
              "GATEWAY_RATE_PER_IP": "30/minute"}  # fmt: skip
    [gateway] = platform.start_all({"gateway": {"GATEWAY_TOKEN_SECRET": SECRET, **limits}})
    base = f"http://127.0.0.1:{gateway.http_port}"
    sent = 0  # every request counts against this client's IP
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        for _ in range(3):
            await Player.sign_in(http)
        assert_rate_limited(await http.post("/v1/auth/guest"))
        sent += 4

        ann, bob = player(http, "ann"), player(http, "bob")
        for _ in range(5):
            assert (await ann.get("/v1/me")).status_code == 200
        assert_rate_limited(await ann.get("/v1/me"))
        assert (await bob.get("/v1/me")).status_code == 200  # per player: bob is not ann
        sent += 7
        assert (await http.get("/healthz")).status_code == 200  # never limited

        fresh = 0
        while (response := await player(http, f"p{fresh}").get("/v1/me")).status_code == 200:
            fresh += 1
        assert_rate_limited(response)
        assert sent + fresh == 30  # the IP's 31st request is the one refused


async def test_levels_open_games_and_websockets_are_bounded(nc: Client, platform: Platform) -> None:
    processes = platform.start_all(
        {
            "rules": {},
            "archive": {},
            # No bots service: the games stay unfinished (open).
            "matchmaking": {"MATCHMAKING_BOT_WAIT": "0", "MATCHMAKING_MAX_OPEN_GAMES": "2"},
            "gateway": {"GATEWAY_TOKEN_SECRET": SECRET, "GATEWAY_MAX_SOCKETS": "2"},
        }
    )
    base = f"http://127.0.0.1:{processes[-1].http_port}"
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        me = player(http, "cap")
        for level, code in (("genius", "unknown_level"), ("ismcts:99999999s", "malformed_request")):
            body = {"game": GAME, "players": 2, "bot_difficulty": level}
            refused = await me.post("/v1/queue", body)
            assert (refused.status_code, refused.json()["code"]) == (400, code), refused.text

        games = []
        for n in (1, 2):
            body = {"game": GAME, "players": 2, "bot_difficulty": "expert"}
            ticket = await me.ok("POST", "/v1/queue", body)
            assert ticket["status"] == "matched", ticket
            games.append(ticket["game_id"])

            async def archived(n: int = n) -> list | None:
                running = await me.ok("GET", "/v1/games", status="running")
                return running if len(running) == n else None

            await eventually(archived, within=20, what=f"{n} running games in the archive")
        kv = await nc.jetstream().key_value(platform.topology.seats_bucket)
        seating = Seating.model_validate_json((await kv.get(games[0])).value or b"")
        assert set(seating.bot_seats().values()) == {"expert"}

        third = await me.post("/v1/queue", {"game": GAME, "players": 2})
        assert third.status_code == 409 and third.json()["code"] == "too_many_open_games"
        assert (
            await player(http, "other").post("/v1/queue", {"game": GAME, "players": 2})
        ).is_success

        url = base.replace("http", "ws") + f"/v1/games/{games[0]}/ws?token={me.token}"
        async with websockets.connect(url) as one, websockets.connect(url) as two:
            for ws in (one, two):
                assert json.loads(await asyncio.wait_for(ws.recv(), 10))["game_id"] == games[0]
            async with websockets.connect(url) as three:
                refused = json.loads(await asyncio.wait_for(three.recv(), 10))
                assert refused["code"] == "too_many_sockets"
                await asyncio.wait_for(three.wait_closed(), 10)
                assert three.close_code == 4429

        # Both closed: the slots are free again.
        async def reopened() -> bool:
            async with websockets.connect(url) as again:
                return "view" in json.loads(await asyncio.wait_for(again.recv(), 10))

        assert await eventually(reopened, within=10, what="a WebSocket slot freed")


async def test_tickets_expire_after_their_ttl(nc: Client, platform: Platform) -> None:
    fast = {"MATCHMAKING_BOT_WAIT": "0", "MATCHMAKING_RETRY_AFTER": "1",
            "MATCHMAKING_REQUEST_TIMEOUT": "1", "MATCHMAKING_TICKET_TTL": "4"}  # fmt: skip
    platform.start_all({"rules": {}, "archive": {}, "matchmaking": fast})
    mm = MatchmakingSubjects(namespace=platform.namespace)
    joined = await ask(nc, mm.join, JoinQueue(player_id="tess", game=GAME, players=2))
    assert joined["ticket"]["player_id"] == "tess"  # waiting, or already matched
    info = await nc.jetstream().stream_info(f"KV_{platform.topology.tickets_bucket}")
    assert info.config.max_age == 4

    async def expired() -> bool:
        reply = await ask(nc, mm.status, GetTicket(player_id="tess"))
        return (reply.get("error") or {}).get("code") == "no_ticket"

    assert await eventually(expired, within=30, what="the ticket gone after its TTL")


async def test_a_seating_expires_once_its_game_is_finished_never_while_it_runs(
    nc: Client, platform: Platform
) -> None:
    sweep = {"MATCHMAKING_BOT_WAIT": "0", "MATCHMAKING_SEATING_RETENTION": "0",
             "MATCHMAKING_SWEEP_INTERVAL": "1"}  # fmt: skip
    platform.start_all({"rules": {}, "archive": {}, "matchmaking": sweep, "bots": {}})
    mm = MatchmakingSubjects(namespace=platform.namespace)
    for name in ("bo", "bea"):  # two bot tickets: a game the bots play to its end
        await ask(nc, mm.join, JoinQueue(player_id=name, game=GAME, players=2, bot="easy"))
    # A human who never moves: the game stays unfinished.
    await ask(nc, mm.join, JoinQueue(player_id="hal", game=GAME, players=2))

    async def game_of(player: str) -> str | None:
        """The game id once matched: a join may answer before the tick matches it."""
        return (await ask(nc, mm.status, GetTicket(player_id=player)))["ticket"].get("game_id")

    done_id = await eventually(lambda: game_of("bea"), what="the bots matched")
    running_id = await eventually(lambda: game_of("hal"), what="hal matched with a bot")
    kv = await nc.jetstream().key_value(platform.topology.seats_bucket)

    async def seated() -> set[str]:
        try:
            return set(await kv.keys())
        except Exception:  # no keys left
            return set()

    async def done_gone() -> bool:
        return done_id not in await seated()

    await eventually(done_gone, within=60, what="the finished game's seating expired")
    assert running_id in await seated()  # still played: kept
    matchmaking = platform.processes[2]
    assert matchmaking.metric("tabletop_matchmaking_seatings_expired_total") >= 1
