"""A gateway over real services for the gateway's tests: the platform started
side by side, an HTTP client of the gateway, and two players matched into
one game (what the edge, service and contract tests each built by hand)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.support.http import Player
from tests.support.platform import Platform
from tests.support.stateful_services import ServiceProcess

# A busy CI machine: no false 503s from the gateway's own wait on a service.
REQUEST_TIMEOUT = {"GATEWAY_REQUEST_TIMEOUT": "10"}
# No bot fills a seat while two test players queue one after the other.
NO_BOTS = {"MATCHMAKING_BOT_WAIT": "600"}


@dataclass
class RunningGateway:
    platform: Platform
    gateway: ServiceProcess
    base: str
    http: httpx.AsyncClient


@asynccontextmanager
async def running_gateway(
    nats_url: str,
    database_url: str,
    log_dir: Path,
    services: dict[str, dict[str, str]],
    http_timeout: float = 30,
) -> AsyncIterator[RunningGateway]:
    """`services` started together (the gateway last, with its settings), and
    an HTTP client of the gateway; everything stopped and dropped afterwards."""
    if list(services)[-1:] != ["gateway"]:
        raise ValueError("the gateway is the last service (it asks the others)")
    platform = Platform(nats_url, database_url, log_dir)
    try:
        gateway = platform.start_all(services)[-1]
        base = f"http://127.0.0.1:{gateway.http_port}"
        async with httpx.AsyncClient(base_url=base, timeout=http_timeout) as http:
            yield RunningGateway(platform, gateway, base, http)
    finally:
        await platform.close()


async def matched_pair(http: httpx.AsyncClient, game: str) -> tuple[str, Player, Player]:
    """Two signed-in players queue for a two-player `game` and are matched:
    (game id, the first to queue, the second)."""
    ann, ben = await Player.sign_in(http), await Player.sign_in(http)
    await ann.ok("POST", "/v1/queue", {"game": game, "players": 2})
    ticket = await ben.ok("POST", "/v1/queue", {"game": game, "players": 2})
    assert ticket["status"] == "matched", ticket
    return ticket["game_id"], ann, ben
