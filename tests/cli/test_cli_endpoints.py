"""The CLI finds the platform `tabletop up` started: with the NATS port taken,
`up` moves NATS to a free port and records it in `<data dir>/endpoints.json`;
`tabletop verify` and `tabletop replay` read it (no NATS_URL given). A
platform that does not answer is one line and exit 2, never a traceback."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import nats
import pytest

from tabletop.cli.platform import DEFAULT_NATS_URL, find_platform
from tabletop.devserver import Endpoints, free_port
from tabletop.messaging import RulesSubjects
from tests.support.platform import ask
from tests.support.servers import unique_namespace
from tests.support.stateful_services import drop_schema, unique_schema

pytestmark = [pytest.mark.integration]

TABLETOP = str(Path(sys.executable).with_name("tabletop"))


def cli_env(**extra: str) -> dict[str, str]:
    """Our environment without NATS_URL: the CLI must find NATS by itself."""
    env = {k: v for k, v in os.environ.items() if k not in ("NATS_URL", "TABLETOP_NAMESPACE")}
    return {**env, "COLUMNS": "120", **extra}


def tabletop(*args: str, env: dict[str, str]) -> tuple[int, str]:
    done = subprocess.run([TABLETOP, *args], env=env, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout + done.stderr


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port something listens on and never answers (as a foreign server would)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def test_up_records_where_nats_went_and_the_cli_finds_it(
    tmp_path: Path, database_url: str, taken_port: int
) -> None:
    data = tmp_path / "data"
    namespace, schema = unique_namespace(), unique_schema("archive")
    env = cli_env(DATABASE_URL=database_url, TABLETOP_NAMESPACE=namespace,
                  ARCHIVE_DB_SCHEMA=schema)  # fmt: skip
    args = ["up", "--only", "rules", "--only", "archive", "--data-dir", str(data),
            "--nats-port", str(taken_port), "--monitor-port", str(free_port()),
            "--http-base", str(free_port())]  # fmt: skip
    with (tmp_path / "up.log").open("w") as out:
        up = subprocess.Popen([TABLETOP, *args], env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        endpoints = recorded(data / "endpoints.json", up, tmp_path / "up.log")
        assert f":{taken_port}" not in endpoints.nats_url  # moved off the taken port
        assert endpoints.namespace == namespace and set(endpoints.services) == {"rules", "archive"}
        assert "taken" in (tmp_path / "up.log").read_text()

        assert asyncio.run(start_game(endpoints.nats_url, namespace, "found-1"))["error"] is None
        # No NATS_URL, no namespace: both come from endpoints.json.
        cli = cli_env()
        code, out = tabletop("verify", "found-1", "--data-dir", str(data), env=cli)
        assert code == 0 and "ok" in out and "chain intact" in out, out
        deadline = time.monotonic() + 30
        while True:  # the archive copies the commit asynchronously
            code, out = tabletop("replay", "found-1", "--data-dir", str(data), env=cli)
            if code == 0 or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert code == 0 and "found-1" in out and "view as spectator" in out, out
    finally:
        up.send_signal(signal.SIGTERM)
        up.wait(60)
        asyncio.run(drop_schema(database_url, schema))
    assert up.returncode == 0
    assert not (data / "endpoints.json").exists()  # gone with the platform


async def start_game(nats_url: str, namespace: str, game_id: str) -> dict[str, object]:
    nc = await nats.connect(nats_url)
    try:
        start = {"game": "schotten-totten", "players": 2, "game_id": game_id}
        return await ask(nc, RulesSubjects(namespace=namespace).start_game, start)
    finally:
        await nc.close()


def recorded(path: Path, up: subprocess.Popen[bytes], log: Path) -> Endpoints:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert up.poll() is None, log.read_text()
        if path.exists():
            endpoints = Endpoints.model_validate_json(path.read_text())
            if {"rules", "archive"} <= set(endpoints.services):
                return endpoints
        time.sleep(0.2)
    raise AssertionError(f"no endpoints after 120s:\n{log.read_text()}")


@pytest.mark.parametrize("command", ["verify", "replay"])
@pytest.mark.parametrize("where", ["nothing listens", "a silent server"])
def test_a_platform_that_does_not_answer_is_one_line(
    tmp_path: Path, taken_port: int, command: str, where: str
) -> None:
    port = free_port() if where == "nothing listens" else taken_port
    endpoints = Endpoints(nats_url=f"nats://127.0.0.1:{port}", pid=os.getpid())
    (tmp_path / "endpoints.json").write_text(endpoints.model_dump_json())
    started = time.monotonic()
    code, out = tabletop(command, "some-game", "--data-dir", str(tmp_path), env=cli_env())
    assert code == 2, out
    assert "Traceback" not in out and len(out.strip().splitlines()) == 1, out
    assert f"127.0.0.1:{port}" in out and "endpoints.json" in out, out
    assert time.monotonic() - started < 30


def test_a_stale_endpoints_file_is_ignored(tmp_path: Path) -> None:
    """A platform that died without cleaning up: its pid is gone, so the CLI
    falls back to NATS_URL's default instead of a port nobody serves."""
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    stale = Endpoints(nats_url="nats://127.0.0.1:1", pid=int(gone.stdout))
    (tmp_path / "endpoints.json").write_text(stale.model_dump_json())
    target = find_platform(None, None, tmp_path)
    assert (target.nats_url, target.source) == (DEFAULT_NATS_URL, "the default")
