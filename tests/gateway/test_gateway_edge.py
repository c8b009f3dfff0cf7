"""The gateway's public edge over real services (issue #15): bodies are
limited before they are read or parsed (413), nothing answers 500 with
Python text, every error (the framework's too) is `{code, message}`, tokens
never reach the log, /metrics is off the API port, CORS preflights from a dev
server work, /docs and /redoc load nothing from outside, and production
refuses to start without a token secret."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser

import httpx
import nats
import pytest
import websockets
from nats.aio.client import Client

from tabletop.messaging import RulesSubjects
from tabletop.messaging.matchmaking import MatchmakingSubjects
from tests.support.gateway import NO_BOTS, REQUEST_TIMEOUT, matched_pair, running_gateway
from tests.support.http import Player
from tests.support.platform import Platform, ask, eventually
from tests.support.stateful_services import REPO, ServiceProcess

pytestmark = [pytest.mark.integration]

LIMIT = 4096  # GATEWAY_MAX_BODY_BYTES of this module's gateway
APP_ORIGIN = "https://play.example.com"
GAME = "schotten-totten"


@dataclass
class Edge:
    http: httpx.AsyncClient
    base: str
    gateway: ServiceProcess
    namespace: str
    nc: Client
    game_id: str
    player: Player


@pytest.fixture(scope="module")
async def edge(
    nats_url: str, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Edge]:
    gateway = {
        "GATEWAY_TOKEN_SECRET": "edge-secret-0123456789-abcdefghijklmn",
        "GATEWAY_MAX_BODY_BYTES": str(LIMIT),
        "GATEWAY_CORS_ORIGINS": APP_ORIGIN,
        **REQUEST_TIMEOUT,
    }
    services = {"rules": {}, "archive": {}, "matchmaking": NO_BOTS, "gateway": gateway}
    log_dir = tmp_path_factory.mktemp("edge")
    nc = await nats.connect(nats_url)
    try:
        async with running_gateway(nats_url, database_url, log_dir, services) as running:
            game_id, ann, _ = await matched_pair(running.http, GAME)
            yield Edge(running.http, running.base, running.gateway, running.platform.namespace,
                       nc, game_id, ann)  # fmt: skip
    finally:
        await nc.close()


def is_error(response: httpx.Response, status: int, code: str) -> bool:
    """The one error shape: JSON `{code, message}` (plus `seq` where it applies)."""
    assert response.headers["content-type"].startswith("application/json"), response.text
    body = response.json()
    assert set(body) <= {"code", "message", "seq"} and isinstance(body["message"], str), body
    assert "Traceback" not in body["message"] and "Error(" not in body["message"], body
    return (response.status_code, body["code"]) == (status, code)


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))  # type: ignore[union-attr]


# ------------------------------------------------------------------ 2. bodies
@dataclass
class Raw:
    status: int
    headers: dict[str, str]
    body: dict[str, object]
    sent: int  # body bytes written before the answer came


async def post_raw(edge: Edge, path: str, headers: dict[str, str], chunks: Iterator[bytes]) -> Raw:
    """POST over a bare socket, writing the body a chunk at a time until the
    gateway answers: how a client sees a refusal that comes before its body
    is through (an HTTP library writes the whole body first, then reads)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", edge.gateway.http_port)
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    writer.write(f"POST {path} HTTP/1.1\r\nHost: gateway\r\n{head}\r\n".encode())

    async def whole_answer() -> bytes:
        # Head and body read as soon as they come: a chunk written after the gateway
        # closed makes its kernel reset the connection, dropping what was not yet read.
        got = b""
        with contextlib.suppress(ConnectionError):
            while True:
                head_end = got.find(b"\r\n\r\n")
                if head_end >= 0:
                    length = re.search(rb"(?i)content-length: *(\d+)", got[:head_end])
                    if length and len(got) >= head_end + 4 + int(length.group(1)):
                        break
                chunk = await reader.read(65536)
                if not chunk:
                    break
                got += chunk
        return got

    answer = asyncio.create_task(whole_answer())
    sent = 0
    with contextlib.suppress(ConnectionError):
        for chunk in chunks:
            if answer.done() or reader.at_eof():
                break
            writer.write(chunk)
            await writer.drain()
            sent += len(chunk)
            await asyncio.sleep(0.01)
    raw = await asyncio.wait_for(answer, 10)
    raw_head, _, body = raw.partition(b"\r\n\r\n")
    lines = raw_head.decode("latin-1").split("\r\n")
    fields = dict(line.lower().split(": ", 1) for line in lines[1:] if ": " in line)
    writer.close()
    return Raw(int(lines[0].split()[1]), fields, json.loads(body), sent)


def chunked(size: int, count: int) -> Iterator[bytes]:
    for _ in range(count):
        yield b"%x\r\n%s\r\n" % (size, b" " * size)


async def test_a_body_over_the_limit_is_refused_before_it_is_read(edge: Edge) -> None:
    path = f"/v1/games/{edge.game_id}/commands"
    ok_size = {"command": {"type": "x", "pad": "a" * (LIMIT // 2)}}
    assert (await edge.player.post(path, ok_size)).status_code == 400  # read, parsed, refused
    declared = await edge.http.post(path, content=b"{" + b" " * (LIMIT + 1))  # no token
    assert is_error(declared, 413, "payload_too_large")
    assert declared.headers["connection"] == "close"

    # 50 MB declared, without a token: the answer comes before the body is sent.
    before = rss_kib(edge.gateway.child.pid)
    json_headers = {"Content-Type": "application/json"}
    huge = await post_raw(edge, path, {**json_headers, "Content-Length": str(50_000_000)},
                          iter([b"[0," * 20_000] * 2500))  # fmt: skip
    assert (huge.status, huge.body["code"]) == (413, "payload_too_large")
    assert huge.sent < 1_000_000
    # No Content-Length (chunked): counted as it streams, refused just past the limit.
    streamed = await post_raw(edge, path, {**json_headers, **edge.player.auth,
                                           "Transfer-Encoding": "chunked"},
                              chunked(1024, 10_000))  # fmt: skip
    assert (streamed.status, streamed.body["code"]) == (413, "payload_too_large")
    assert streamed.sent < 1_000_000
    # 10 MB used to reach NATS (MaxPayloadError, 500).
    big = await post_raw(edge, path, {**json_headers, **edge.player.auth,
                                      "Content-Length": str(10_000_000)},
                         iter([b"x" * 10_000] * 1000))  # fmt: skip
    assert (big.status, big.body["code"]) == (413, "payload_too_large")
    assert rss_kib(edge.gateway.child.pid) - before < 20_000  # KiB: nothing was buffered
    assert (await edge.http.get("/readyz")).status_code == 200


# --------------------------------------------------- 3. no 500s, no Python text
async def test_players_as_an_option_is_a_refusal_everywhere(edge: Edge) -> None:
    queued = await edge.player.post("/v1/queue", {"game": GAME, "players": 2,
                                                  "options": {"players": 3}})  # fmt: skip
    assert is_error(queued, 400, "invalid_options")
    join = {"player_id": "guest-x", "game": GAME, "players": 2, "options": {"players": 3}}
    over_nats = await ask(edge.nc, MatchmakingSubjects(namespace=edge.namespace).join, join)
    assert over_nats["error"]["code"] == "invalid_options", over_nats
    rules = RulesSubjects(namespace=edge.namespace).start_game
    for options in ({"players": 3}, {"seed": 3}):
        started = await ask(edge.nc, rules, {"game": GAME, "players": 2, "options": options})
        assert started["error"]["code"] == "invalid_options", started


@pytest.mark.parametrize("player_id", ["a b", "x" * 200, "*", "é"])
async def test_a_malformed_leaderboard_player_id_is_a_400(edge: Edge, player_id: str) -> None:
    response = await edge.http.get(f"/v1/leaderboards/{GAME}/players/{player_id}")
    assert is_error(response, 400, "malformed_request")


@pytest.mark.parametrize("game_id", ["*", ">", "a.b", "g1%0A"])
async def test_a_websocket_game_id_that_is_no_subject_gets_a_clean_close(
    edge: Edge, game_id: str
) -> None:
    url = edge.base.replace("http", "ws") + f"/v1/games/{game_id}/ws?token={edge.player.token}"
    async with websockets.connect(url) as ws:
        assert json.loads(await ws.recv())["code"] == "malformed_request"
        with pytest.raises(websockets.ConnectionClosed):
            await ws.recv()
        assert ws.close_code == 4400
    assert (await edge.http.get("/readyz")).status_code == 200
    assert "Traceback" not in edge.gateway.child.log_file.read_text()


# ------------------------------------------------------------ 4. one error shape
async def test_framework_errors_have_the_one_shape(edge: Edge) -> None:
    assert is_error(await edge.http.get("/no/such/route"), 404, "not_found")
    assert is_error(await edge.http.put("/v1/queue"), 405, "method_not_allowed")
    unparsable = await edge.http.post(
        "/v1/queue",
        content=b"{nope",
        headers={**edge.player.auth, "Content-Type": "application/json"},
    )
    assert is_error(unparsable, 400, "malformed_request")
    wrong_type = await edge.player.post("/v1/queue", {"game": GAME, "players": "two"})
    assert is_error(wrong_type, 400, "malformed_request")
    bad_query = await edge.player.get(f"/v1/games/{edge.game_id}/events", after="-1")
    assert is_error(bad_query, 400, "malformed_request")
    assert is_error(await edge.http.get("/v1/me"), 401, "unauthorized")
    game_code = await edge.player.post(
        f"/v1/games/{edge.game_id}/commands",
        {"command": {"type": "play_card", "card": 999, "stone": 0}},
    )
    assert game_code.status_code in (400, 409)
    assert set(game_code.json()) <= {"code", "message", "seq"}


# ---------------------------------------------------------------- 7. tokens
async def test_tokens_never_reach_the_log(edge: Edge) -> None:
    token = edge.player.token
    url = edge.base.replace("http", "ws") + f"/v1/games/{edge.game_id}/ws?token={token}"
    async with websockets.connect(url) as ws:
        assert json.loads(await ws.recv())["game_id"] == edge.game_id

    async def path_logged() -> str | None:  # uvicorn logged the WebSocket's path…
        log = edge.gateway.child.log_file.read_text()
        return log if "token=<redacted>" in log else None

    log = await eventually(path_logged, within=10, what="the WebSocket's path in the log")
    assert token not in log and token.split(".")[2] not in log  # …without the token


def test_production_refuses_to_start_without_a_token_secret(tmp_path: object) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GATEWAY_", "TABLETOP_"))}
    env |= {"PYTHONPATH": str(REPO), "TABLETOP_ENV": "production", "HTTP_PORT": "0"}
    done = subprocess.run([sys.executable, "-m", "tabletop.gateway"], env=env, timeout=60,
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "GATEWAY_TOKEN_SECRET is not set" in line and "Traceback" not in done.stderr


# ------------------------------------------------------------- 8. metrics apart
async def test_metrics_are_served_only_on_their_own_port(edge: Edge) -> None:
    assert is_error(await edge.http.get("/metrics"), 404, "not_found")
    assert edge.gateway.metrics_port != edge.gateway.http_port
    assert "tabletop_gateway_requests_total" in edge.gateway.metrics()


# ------------------------------------------------------------------- 9. CORS
@pytest.mark.parametrize(
    ("origin", "allowed"),
    [("http://localhost:5173", True), (APP_ORIGIN, True), ("https://evil.example", False)],
)
async def test_cors_preflight(edge: Edge, origin: str, allowed: bool) -> None:
    preflight = await edge.http.options(
        "/v1/queue",
        headers={"Origin": origin, "Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "authorization,content-type"},
    )  # fmt: skip
    assert (preflight.headers.get("access-control-allow-origin") == origin) is allowed
    if allowed:
        assert preflight.status_code == 200
        assert "POST" in preflight.headers["access-control-allow-methods"]
        assert "authorization" in preflight.headers["access-control-allow-headers"].lower()
        real = await edge.http.get(f"/v1/leaderboards/{GAME}", headers={"Origin": origin})
        assert real.headers["access-control-allow-origin"] == origin


# ------------------------------------------------------------ 10. offline docs
class _Urls(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [v for k, v in attrs if k in ("src", "href") and v]


def urls_in(html: str) -> Iterator[str]:
    parser = _Urls()
    parser.feed(html)
    yield from parser.urls
    yield from re.findall(r"""url:\s*['"]([^'"]+)['"]""", html)  # SwaggerUIBundle({url: …})
    yield from re.findall(r"""spec-url=['"]([^'"]+)['"]""", html)


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
async def test_docs_pages_reference_only_local_urls(edge: Edge, page: str) -> None:
    response = await edge.http.get(page)
    assert response.status_code == 200
    urls = set(urls_in(response.text))
    assert urls and all(u.startswith("/") and not u.startswith("//") for u in urls), urls
    assert "http://" not in response.text and "https://" not in response.text
    for url in urls:
        asset = await edge.http.get(url)
        assert asset.status_code == 200 and len(asset.content) > 100, url


async def test_a_limit_above_nats_max_payload_still_never_sends_more(
    nc: Client, platform: Platform
) -> None:
    """GATEWAY_MAX_BODY_BYTES set above what NATS carries: a body that passes
    the limit but not NATS is a 413 too, not a 500."""
    limit = 2 * nc.max_payload
    (gateway,) = platform.start_all({"gateway": {"GATEWAY_MAX_BODY_BYTES": str(limit)}})
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{gateway.http_port}",
                                 timeout=30) as http:  # fmt: skip
        player = await Player.sign_in(http)
        body = {"game": GAME, "players": 2, "options": {"pad": "x" * (limit * 2 // 3)}}
        assert is_error(await player.post("/v1/queue", body), 413, "payload_too_large")
        assert (await http.get("/readyz")).status_code == 200
    assert "above NATS's max payload" in gateway.child.log_file.read_text()
