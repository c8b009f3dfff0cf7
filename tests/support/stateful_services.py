"""The archive and leaderboards as real subprocesses for tests, each run in
its own NATS namespace and PostgreSQL schema, replaying the toy game."""

from __future__ import annotations

import signal
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from tabletop.devserver import free_ports, start_service, wait_ready
from tabletop.devserver.child import ChildProcess
from tabletop.runtime import SERVICES

REPO = Path(__file__).resolve().parents[2]
TOY = "tests.toy_game:ToyGame"


def unique_schema(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:10]}"


async def drop_schema(database_url: str, schema: str) -> None:
    conn = await asyncpg.connect(database_url)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


@dataclass
class ServiceProcess:
    name: str
    env: dict[str, str]
    log_dir: Path
    http_port: int
    child: ChildProcess
    metrics_port: int = 0  # where /metrics is when not on http_port (the gateway)

    @classmethod
    def start(cls, name: str, env: dict[str, str], log_dir: Path) -> ServiceProcess:
        spec = next(spec for spec in SERVICES if spec.name == name)
        port, metrics = free_ports(2)
        metrics_port = metrics if spec.metrics_port else 0
        env = {"PYTHONPATH": str(REPO), "LOG_LEVEL": "INFO", **env}
        child = start_service(spec, env, log_dir, port, metrics_port)
        try:
            wait_ready(child, port, timeout=60)
        except Exception:
            child.stop()
            raise
        return cls(name, env, log_dir, port, child, metrics_port)

    def restart(self) -> ServiceProcess:
        self.stop()
        return ServiceProcess.start(self.name, self.env, self.log_dir)

    def stop(self) -> int:
        return self.child.stop(sig=signal.SIGTERM)

    def metrics(self) -> str:
        url = f"http://127.0.0.1:{self.metrics_port or self.http_port}/metrics"
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode()

    def metric(self, name: str, labels: str = "") -> float:
        """One sample's value (0 when absent); `labels` as in the text format."""
        wanted = f"{name}{{{labels}}}" if labels else name
        for line in self.metrics().splitlines():
            if line.startswith(wanted + " "):
                return float(line.rsplit(" ", 1)[1])
        return 0.0


def archive_env(nats_url: str, database_url: str, namespace: str, schema: str) -> dict[str, str]:
    return {
        "NATS_URL": nats_url,
        "DATABASE_URL": database_url,
        "TABLETOP_NAMESPACE": namespace,
        "ARCHIVE_DB_SCHEMA": schema,
        "ARCHIVE_EXTRA_GAMES": TOY,
    }


def leaderboards_env(
    nats_url: str, database_url: str, namespace: str, schema: str
) -> dict[str, str]:
    return {
        "NATS_URL": nats_url,
        "DATABASE_URL": database_url,
        "TABLETOP_NAMESPACE": namespace,
        "LEADERBOARDS_DB_SCHEMA": schema,
        "LEADERBOARDS_EXTRA_GAMES": TOY,
    }
