"""During a NATS outage the gateway answers 503 `unavailable` as JSON with
Retry-After (it answered 500 text/plain), and serves again once NATS is back.
The outage is real: the gateway reaches NATS through a TCP relay that the
test cuts."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from urllib.parse import urlparse

import httpx
import pytest
from nats.aio.client import Client

from tabletop.devserver import free_port
from tabletop.messaging import RulesSubjects
from tests.support.platform import Platform, ask

pytestmark = [pytest.mark.integration]


class Relay:
    """127.0.0.1:port -> upstream, until `cut` (every connection dropped, no new ones)."""

    def __init__(self, upstream: str) -> None:
        parsed = urlparse(upstream)
        self.host, self.upstream_port = parsed.hostname or "127.0.0.1", parsed.port or 4222
        self.port = free_port()
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    async def open(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)

    async def cut(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in list(self.writers):
            writer.close()
        await self.server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(self.host, self.upstream_port)
        self.writers |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError, OSError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


@pytest.fixture
async def relay(nats_url: str) -> AsyncIterator[Relay]:
    found = Relay(nats_url)
    await found.open()
    yield found
    with contextlib.suppress(Exception):
        await found.cut()


async def test_a_nats_outage_is_a_503_with_retry_after_then_recovers(
    nc: Client, platform: Platform, relay: Relay
) -> None:
    outage = {"NATS_URL": relay.url, "GATEWAY_REQUEST_TIMEOUT": "1", "GATEWAY_RETRY_AFTER": "3"}
    # In a thread: the relay runs on this event loop while start_all waits.
    services = {"rules": {}, "archive": {}, "gateway": outage}
    *_, gateway = await asyncio.to_thread(platform.start_all, services)
    start = {"game": "schotten-totten", "players": 2, "game_id": "outage-1"}
    subject = RulesSubjects(namespace=platform.namespace).start_game
    assert (await ask(nc, subject, start))["error"] is None
    base = f"http://127.0.0.1:{gateway.http_port}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        token = (await http.post("/v1/auth/guest")).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        await until_served(http, auth)  # the archive has the game's players

        await relay.cut()
        started = time.monotonic()
        down = await http.get("/v1/games/outage-1", headers=auth)
        assert down.status_code == 503, down.text
        assert down.headers["content-type"] == "application/json"
        assert down.json()["code"] == "unavailable" and down.headers["retry-after"] == "3"
        assert time.monotonic() - started < 15
        feed = await http.get("/v1/games/outage-1/events", headers=auth)
        assert (feed.status_code, feed.json()["code"]) == (503, "unavailable")
        assert (await http.get("/readyz")).status_code == 503

        await relay.open()  # NATS is back: the client reconnects, views answer again
        await until_served(http, auth)
    assert "Traceback" not in gateway.child.log_file.read_text()


async def until_served(http: httpx.AsyncClient, auth: dict[str, str]) -> None:
    deadline = time.monotonic() + 30
    while (await http.get("/v1/games/outage-1", headers=auth)).status_code != 200:
        assert time.monotonic() < deadline, "the gateway does not serve the game"
        await asyncio.sleep(0.5)
