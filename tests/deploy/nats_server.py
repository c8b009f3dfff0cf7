"""A real nats-server signed into only through deploy/nats/values.yaml's users
and permissions (the NATS chart's `config.merge`, as JSON, which nats-server
reads), each user with a fresh password."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import yaml

from tabletop.devserver import free_ports, nats_server_binary, wait_for_port
from tabletop.devserver.child import ChildProcess
from tests.deploy.manifests import DEPLOY


@dataclass
class SecuredNats:
    port: int
    monitor_port: int
    passwords: dict[str, str]
    log: Path

    def url(self, user: str) -> str:
        return f"nats://{user}:{self.passwords[user]}@127.0.0.1:{self.port}"

    async def connections(self) -> int:
        """Client connections the server still holds (its monitoring /connz)."""
        async with httpx.AsyncClient() as http:
            connz = await http.get(f"http://127.0.0.1:{self.monitor_port}/connz")
        return int(connz.json()["num_connections"])

    def violations(self) -> list[str]:
        return [line for line in self.log.read_text().splitlines() if "Violation" in line]


def chart_users() -> list[dict[str, Any]]:
    values = yaml.safe_load((DEPLOY / "nats" / "values.yaml").read_text())
    return values["config"]["merge"]["authorization"]["users"]


@contextmanager
def secured_nats(folder: Path) -> Iterator[SecuredNats]:
    users = chart_users()
    passwords = {user["user"]: secrets.token_hex(12) for user in users}
    port, monitor_port = free_ports(2)
    config = {
        "host": "127.0.0.1",
        "port": port,
        "http": f"127.0.0.1:{monitor_port}",  # /connz: who is still connected
        "jetstream": {"store_dir": str(folder / "jetstream")},
        # `<< $NATS_PASSWORD_X >>` is the chart's environment reference: a
        # password of our own stands in for it.
        "authorization": {"users": [{**u, "password": passwords[u["user"]]} for u in users]},
    }
    conf = folder / "nats.conf"
    conf.write_text(json.dumps(config))
    log = folder / "nats.log"
    child = ChildProcess("nats", [nats_server_binary(), "-c", str(conf)], log)
    try:
        wait_for_port("127.0.0.1", port, 20.0, alive=child.alive)
        wait_for_port("127.0.0.1", monitor_port, 20.0, alive=child.alive)
        yield SecuredNats(port, monitor_port, passwords, log)
    finally:
        child.stop()
