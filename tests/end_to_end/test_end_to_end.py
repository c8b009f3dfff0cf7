"""End to end: `tabletop up` in a subprocess, one player over HTTP against a
bot from the queue's backfill, a whole game through the gateway (Schotten
Totten, Splendor and Splendor Pokémon: the platform has no code for any of
them). Then: the archive holds every commit, the chain verifies, the replay
at every step equals what the gateway showed live, and the leaderboard moved
exactly once."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from nats.aio.client import Client

from tabletop.devserver import free_port
from tabletop.eventlog import Commit, Topology, verify_chain
from tabletop.games import get_game
from tabletop.messaging.archive import ArchiveSubjects, GetCommits
from tabletop.policies.matching import bot_level_for
from tests.support.http import Player
from tests.support.platform import ask, delete_key_values, eventually
from tests.support.platform_play import commits_of, replay
from tests.support.servers import delete_namespace_stream, unique_namespace
from tests.support.stateful_services import drop_schema, unique_schema

pytestmark = [pytest.mark.integration, pytest.mark.slow]

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
# Two-player games short enough to play out at random in a minute over HTTP.
GAMES = ("schotten-totten", "splendor", "splendor-pokemon")


class Up:
    def __init__(self, process: subprocess.Popen[bytes], out: Path, env: dict[str, str]) -> None:
        self.process, self.out, self.env = process, out, env

    def output(self) -> str:
        return self.out.read_text(errors="replace")

    def wait_for(self, text: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.output():
            if self.process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"no {text!r} from tabletop up:\n{self.output()}")
            time.sleep(0.2)
        return self.output()


@pytest.fixture(scope="module")
def up(nats_url: str, database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Up]:
    """One platform for the module's games: each test plays a different game
    type with a new player, so the boards and game lists it checks are its own."""
    tmp_path = tmp_path_factory.mktemp("up")
    namespace = unique_namespace()
    schemas = {"ARCHIVE_DB_SCHEMA": unique_schema("archive"),
               "LEADERBOARDS_DB_SCHEMA": unique_schema("lb")}  # fmt: skip
    env = {
        **os.environ,
        "NATS_URL": nats_url,
        "DATABASE_URL": database_url,
        "TABLETOP_NAMESPACE": namespace,
        **schemas,
        "MATCHMAKING_BOT_WAIT": "0.5",
        "MATCHMAKING_TICK": "0.2",
        "GATEWAY_TOKEN_SECRET": uuid.uuid4().hex,
        # The player polls every 20 ms on the bot's turn, then reads every step's replay.
        "GATEWAY_RATE_PER_PLAYER": "100000/minute",
        "COLUMNS": "200",
    }
    out = tmp_path / "up.out"
    argv = [TABLETOP, "up", "--http-base", str(free_port()), "--data-dir", str(tmp_path / "data")]
    with out.open("wb") as sink:
        process = subprocess.Popen(argv, stdout=sink, stderr=subprocess.STDOUT, env=env)
    try:
        yield Up(process, out, env)
        process.send_signal(signal.SIGINT)
        assert process.wait(60) == 0, out.read_text()
    finally:
        if process.poll() is None:
            process.kill()
        asyncio.run(_cleanup(nats_url, database_url, namespace, schemas.values()))


async def _cleanup(nats_url: str, database_url: str, namespace: str, schemas: Any) -> None:
    await delete_namespace_stream(nats_url, namespace)
    await delete_key_values(nats_url, Topology(namespace=namespace))
    for schema in schemas:
        await drop_schema(database_url, schema)


async def play_to_the_end(me: Player, game_id: str) -> dict[int, dict[str, Any]]:
    """Random legal moves for my seat until the game ends; returns my live view
    at every step I saw."""
    seen: dict[int, dict[str, Any]] = {}
    rng = random.Random(7)
    path = f"/v1/games/{game_id}"
    for _ in range(2000):
        now = await me.ok("GET", path)
        seen[now["seq"]] = now["view"]
        if now["finished"]:
            return seen
        if now["seat"] not in now["to_act"]:
            await asyncio.sleep(0.02)  # the bot's turn
            continue
        legal = await me.ok("GET", f"{path}/legal")
        if legal["seq"] != now["seq"]:
            continue
        command = rng.choice(legal["commands"])
        body = {"command": command, "command_id": f"m{now['seq']}", "expected_seq": now["seq"]}
        await me.ok("POST", f"{path}/commands", body)
    raise AssertionError("the game did not end")


async def watch(url: str) -> dict[int, dict[str, Any]]:
    """My view as the gateway's WebSocket pushes it, by seq, until the game ends."""
    views: dict[int, dict[str, Any]] = {}
    async with websockets.connect(url) as ws:
        async for message in ws:
            pushed = json.loads(message)
            views[pushed["seq"]] = pushed["view"]
            if pushed["finished"]:
                return views
    return views


async def archived(nc: Client, namespace: str, game_id: str, count: int) -> list[Commit] | None:
    reply = await ask(nc, ArchiveSubjects(namespace=namespace).commits, GetCommits(game_id=game_id))
    commits = [Commit.model_validate(c) for c in reply.get("commits", [])]
    return commits if len(commits) == count else None


async def rated_every_commit(nc: Client, namespace: str) -> bool:
    """The leaderboards' consumer has settled every commit in the stream (it
    rates before it acks, one commit in flight): a second rating of the game,
    were there one, is on the board now."""
    topology = Topology(namespace=namespace)
    durable = topology.leaderboards_consumer_config().durable_name
    assert durable is not None
    info = await nc.jetstream().consumer_info(topology.games_stream, durable)
    return info.num_pending == 0 and info.num_ack_pending == 0


@pytest.mark.parametrize("game_type", GAMES)
async def test_a_whole_game_over_http_against_a_bot(nc: Client, up: Up, game_type: str) -> None:
    output = up.wait_for("Tabletop is up.", timeout=180)
    port = re.search(r"gateway\s*\S\s*http://127\.0\.0\.1:(\d+)/", output)
    assert port, output
    namespace = up.env["TABLETOP_NAMESPACE"]
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port[1]}", timeout=20) as http:
        me = await Player.sign_in(http)
        ticket = await me.queue_until_matched(game_type, players=2)
        game_id, seat = ticket["game_id"], ticket["seat"]
        url = f"ws://127.0.0.1:{port[1]}/v1/games/{game_id}/ws?token={me.token}"
        pushed = asyncio.create_task(watch(url))
        started = time.monotonic()
        live = await asyncio.wait_for(play_to_the_end(me, game_id), 60)
        pushes = await asyncio.wait_for(pushed, 30)
        print(f"game played in {time.monotonic() - started:.1f}s")  # shown with -s / on failure

        commits = await commits_of(nc, Topology(namespace=namespace), game_id)
        assert verify_chain(game_id, commits).ok
        stored = await eventually(
            lambda: archived(nc, namespace, game_id, len(commits)), within=30, what="archive"
        )
        assert [c.hash for c in stored] == [c.hash for c in commits]
        verify = await asyncio.create_subprocess_exec(
            TABLETOP, "verify", game_id, env=up.env, stdout=subprocess.PIPE
        )
        printed, _ = await verify.communicate()
        assert verify.returncode == 0, printed

        game = get_game(game_type)
        path = f"/v1/games/{game_id}/replay"
        for step in range(1, len(commits) + 1):
            shown = await me.ok("GET", path, at=step)
            assert shown["view"] == game.view(replay(commits[:step]), seat)
            if step in live:
                assert shown["view"] == live[step]
            if step >= min(pushes):  # the WebSocket pushed every step from when it opened
                assert shown["view"] == pushes[step]
        assert sorted(pushes) == list(range(min(pushes), len(commits) + 1))
        assert len(live) >= 3  # polled views, besides the pushed ones
        bot_seat = 1 - seat
        theirs = await me.ok("GET", path, at=1, **{"as": str(bot_seat)})  # the game is over
        assert theirs["view"] == game.view(replay(commits[:1]), bot_seat)

        board = f"/v1/leaderboards/{game_type}"

        async def rated() -> list[dict[str, Any]] | None:
            top = await me.ok("GET", board, limit=10)
            return top if len(top) == 2 else None

        top = await eventually(rated, within=30, what="two rated players")
        # A new player (rating 25) is backfilled with the level that plays nearest it.
        assert {r["player_id"] for r in top} == {me.player_id, f"bot-{bot_level_for(25.0)}-1"}
        assert all(r["games"] == 1 for r in top)
        await eventually(lambda: rated_every_commit(nc, namespace), within=30, what="drained")
        mine = await me.ok("GET", f"{board}/players/{me.player_id}")
        assert mine["games"] == 1
        games = await me.ok("GET", "/v1/games")
        assert [g["game_id"] for g in games] == [game_id] and games[0]["status"] == "finished"
