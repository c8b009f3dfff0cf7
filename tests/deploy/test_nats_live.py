"""The NATS permissions of deploy/nats/values.yaml, on a real server: every
service signs in as its own user, a whole game is played through the gateway
against a bot (matchmaking, rules, bots, the archive, the leaderboards and the
live WebSocket all take part), the operator prunes the finished game as the
`storage` user, and the server reports no permission violation."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import nats
import pytest
import websockets

from tabletop.cli.platform import Target
from tabletop.cli.storage import State, run_storage
from tabletop.devserver import free_port, start_service, wait_ready
from tabletop.devserver.child import ChildProcess
from tabletop.eventlog import EventLog, Topology, ensure_key_values
from tabletop.messaging import RulesClient, StartGame
from tabletop.messaging.matchmaking import SeatInfo, Seating
from tabletop.runtime import SERVICES
from tests.support.http import Player
from tests.support.platform import eventually
from tests.support.stateful_services import drop_schema, unique_schema

from .nats_server import SecuredNats, secured_nats

pytestmark = [pytest.mark.integration, pytest.mark.slow]

GAME = "schotten-totten"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[SecuredNats]:
    with secured_nats(tmp_path) as found:
        yield found


@dataclass
class Deployment:
    http: httpx.AsyncClient  # the gateway
    children: list[ChildProcess]

    def stop_services(self) -> None:
        """Stop every service once all are found still running."""
        for child in self.children:
            assert child.alive(), child.tail()
        for child in reversed(self.children):
            child.stop()


@pytest.fixture
async def deployment(
    server: SecuredNats, database_url: str, tmp_path: Path
) -> AsyncIterator[Deployment]:
    """Every service on `server` as its own NATS user, in the namespace the
    permissions name (`tabletop`: the server is ours alone)."""
    schemas = {"ARCHIVE_DB_SCHEMA": unique_schema("archive"),
               "LEADERBOARDS_DB_SCHEMA": unique_schema("lb")}  # fmt: skip
    shared = {
        "TABLETOP_NAMESPACE": "tabletop",
        "DATABASE_URL": database_url,
        "MATCHMAKING_BOT_WAIT": "0.5",
        "MATCHMAKING_TICK": "0.2",
        "GATEWAY_TOKEN_SECRET": uuid.uuid4().hex,
        **schemas,
    }
    children: list[ChildProcess] = []
    try:
        ports = []
        for spec in SERVICES:
            port = free_port()
            env = {**shared, "NATS_URL": server.url(spec.name)}
            children.append(start_service(spec, env, tmp_path / "logs", port))
            ports.append(port)
        for child, port in zip(children, ports, strict=True):
            wait_ready(child, port, timeout=90)
        assert SERVICES[-1].name == "gateway"
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{ports[-1]}", timeout=20) as http:
            deployed = Deployment(http, children)
            yield deployed
        if any(child.alive() for child in children):  # the test did not stop them
            deployed.stop_services()
    finally:
        for child in reversed(children):
            child.stop()
        for schema in schemas.values():
            await drop_schema(database_url, schema)


async def play_to_the_end(me: Player, game_id: str) -> int:
    rng = random.Random(11)
    path = f"/v1/games/{game_id}"
    for _ in range(2000):
        now = await me.ok("GET", path)
        if now["finished"]:
            return now["seq"]
        if now["seat"] not in now["to_act"]:
            await asyncio.sleep(0.02)  # the bot's turn
            continue
        legal = await me.ok("GET", f"{path}/legal")
        if legal["seq"] != now["seq"]:
            continue
        body = {"command": rng.choice(legal["commands"]), "command_id": f"m{now['seq']}",
                "expected_seq": now["seq"]}  # fmt: skip
        await me.ok("POST", f"{path}/commands", body)
    raise AssertionError("the game did not end")


async def first_push(url: str) -> dict[str, Any]:
    async with websockets.connect(url) as ws:
        return json.loads(await ws.recv())


async def test_a_whole_game_with_least_privilege_users(
    server: SecuredNats, deployment: Deployment
) -> None:
    gateway = deployment.http
    me = await Player.sign_in(gateway)
    ticket = await me.queue_until_matched(GAME, players=2)
    game_id = ticket["game_id"]
    port = gateway.base_url.port
    url = f"ws://127.0.0.1:{port}/v1/games/{game_id}/ws?token={me.token}"
    pushed = await asyncio.wait_for(first_push(url), 20)  # the gateway's live subscription
    assert pushed["seq"] >= 1
    last = await asyncio.wait_for(play_to_the_end(me, game_id), 90)

    board = f"/v1/leaderboards/{GAME}"

    async def rated() -> list[dict[str, Any]] | None:
        top = await me.ok("GET", board, limit=10)  # leaderboards, after asking the archive
        return top if len(top) == 2 else None

    await eventually(rated, within=30, what="two rated players")
    await me.ok("GET", f"{board}/players/{me.player_id}")
    games = await me.ok("GET", "/v1/games")  # the archive's player games
    assert [g["game_id"] for g in games] == [game_id]

    # The archive writes commits as they come; the last one may land after the rating.
    async def archived() -> dict[str, Any] | None:
        answer = await me.get(f"/v1/games/{game_id}/replay", at=last)  # the archive's view
        return answer.json() if answer.status_code == 200 else None

    shown = await eventually(archived, within=30, what=f"step {last} in the archive")
    assert shown["view"]
    # The operator's `tabletop storage prune`, as the NATS user `storage`: the
    # finished game leaves JetStream once every consumer acked it; its replay stays.
    storage = Target(server.url("storage"), "tabletop", "test")

    async def pruned() -> bool:
        checks = await run_storage(storage, timedelta(0), prune=True)
        return [(c.game_id, c.state) for c in checks] == [(game_id, State.PRUNED)]

    await eventually(pruned, within=30, what="the finished game pruned")
    assert (await me.get(f"/v1/games/{game_id}")).json()["code"] == "game_archived"
    assert (await me.ok("GET", f"/v1/games/{game_id}/replay", at=last))["view"] == shown["view"]
    # The server handles all a client sent before it handles its close: once
    # every service has signed out, every violation they made is in the log.
    deployment.stop_services()

    async def signed_out() -> bool:
        return await server.connections() == 0

    await eventually(signed_out, within=30, what="every service signed out")
    assert server.violations() == []


async def test_a_service_cannot_step_outside_its_permissions(server: SecuredNats) -> None:
    """Forging a commit, a seating or another service's requests is refused."""
    refused: list[str] = []

    async def on_error(exc: Exception) -> None:
        refused.append(str(exc))

    attempts = {
        "bots": ("publish", "tabletop.games.forged"),  # only rules appends commits
        "gateway": ("publish", "$KV.tabletop_seats.forged"),  # only matchmaking seats players
        "archive": ("subscribe", "tabletop.rules.submit"),  # players' commands are for rules
    }

    async def refusals(count: int) -> bool:
        return len(refused) >= count

    for count, (user, (action, subject)) in enumerate(attempts.items(), start=1):
        nc = await nats.connect(server.url(user), error_cb=on_error)
        try:
            if action == "publish":
                await nc.publish(subject, b"{}")
            else:
                await nc.subscribe(subject)
            await nc.flush()
            await eventually(lambda n=count: refusals(n), within=10, what=f"{user} refused")
        finally:
            await nc.close()
    assert len(refused) == 3, refused

    async def logged() -> bool:  # the server answers -ERR, then writes its log line
        lines = server.violations()
        return all(
            any(f"user:{user}" in line and kind in line and subject in line for line in lines)
            for user, (action, subject) in attempts.items()
            for kind in ["Publish" if action == "publish" else "Subscription"]
        )

    await eventually(logged, within=10, what="every violation in the server's log")


async def test_the_deadline_keeper_apart_under_its_own_user(
    server: SecuredNats, tmp_path: Path
) -> None:
    """The keeper as its own process and NATS user (`deadlines`) beside a rules
    service without one: a clocked game nobody moves in times out, a seated
    game without a clock nobody moves in is abandoned (its seating read from
    the seats bucket), and no permission is violated."""
    env = {"TABLETOP_NAMESPACE": "tabletop", "RULES_DEADLINE_KEEPER": "false"}
    topology = Topology(namespace="tabletop")
    seating = await nats.connect(server.url("matchmaking"))  # declares seats, starts games
    reader = await nats.connect(server.url("gateway"))  # reads games
    await ensure_key_values(seating.jetstream(), topology, owner=True)  # as matchmaking does
    rules_spec = next(spec for spec in SERVICES if spec.name == "rules")
    port = free_port()
    rules = start_service(rules_spec, {**env, "NATS_URL": server.url("rules")}, tmp_path, port)
    keeper_env = {"NATS_URL": server.url("deadlines"), "RULES_ABANDON_AFTER_MS": "1000"}
    keeper = ChildProcess(
        "keeper",
        [sys.executable, "-m", "tabletop.rules.deadlines"],
        tmp_path / "keeper.log",
        {**os.environ, **env, **keeper_env},
    )
    try:
        wait_ready(rules, port, timeout=60)
        seats = await seating.jetstream().key_value(topology.seats_bucket)
        client = RulesClient(seating, namespace="tabletop", timeout=20)
        ends: dict[str, str] = {}
        for clock, reason in (({"initial_ms": 1000}, "timeout"), (None, "abandoned")):
            game_id = uuid.uuid4().hex
            infos = [SeatInfo(player_id="p0"), SeatInfo(player_id="p1", bot="random")]
            seated = Seating(game_id=game_id, game=GAME, seats=infos)
            await seats.put(game_id, seated.model_dump_json().encode())
            await client.start_game(StartGame(game=GAME, players=2, game_id=game_id, clock=clock))
            ends[game_id] = reason
        log = EventLog(reader.jetstream(), topology)

        async def ended_so() -> bool:
            for game_id, reason in ends.items():
                commits, _ = await log.load(game_id)
                found = [e for c in commits for e in c.events if e["type"] == "platform.ended"]
                if [e["reason"] for e in found] != [reason]:
                    return False
            return True

        await eventually(ended_so, within=30, what="a timeout and an abandonment from the keeper")
        assert keeper.alive(), keeper.tail()
    finally:
        keeper.stop()
        rules.stop()
        await seating.close()
        await reader.close()

    async def signed_out() -> bool:
        return await server.connections() == 0

    await eventually(signed_out, within=30, what="everyone signed out")
    assert server.violations() == []
