"""Matchmaking, bots, gateway (and the rules and archive they need) as real
subprocesses in a namespace and schema of their own, for the platform tests."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import nats
from nats.aio.client import Client
from pydantic import BaseModel

from tabletop.devserver import free_ports, start_service, stop_all, wait_ready
from tabletop.eventlog import Topology, drop_namespace
from tabletop.runtime import SERVICES
from tests.support.servers import unique_namespace
from tests.support.stateful_services import (
    REPO,
    ServiceProcess,
    archive_env,
    drop_schema,
    leaderboards_env,
    unique_schema,
)

T = TypeVar("T")


@dataclass
class Platform:
    """Service processes of one test namespace; `start` adds one, `close` stops all."""

    nats_url: str
    database_url: str
    log_dir: Path
    namespace: str = field(default_factory=unique_namespace)
    archive_schema: str = field(default_factory=lambda: unique_schema("archive"))
    board_schema: str = field(default_factory=lambda: unique_schema("lb"))
    processes: list[ServiceProcess] = field(default_factory=list)

    @property
    def topology(self) -> Topology:
        return Topology(namespace=self.namespace)

    def env(self, name: str, **extra: str) -> dict[str, str]:
        base = {"NATS_URL": self.nats_url, "TABLETOP_NAMESPACE": self.namespace}
        if name == "archive":
            base = archive_env(self.nats_url, self.database_url, self.namespace,
                               self.archive_schema)  # fmt: skip
        elif name == "leaderboards":
            base = leaderboards_env(self.nats_url, self.database_url, self.namespace,
                                    self.board_schema)  # fmt: skip
        return {**base, **extra}

    def start(self, name: str, **extra: str) -> ServiceProcess:
        process = ServiceProcess.start(name, self.env(name, **extra), self.log_dir)
        self.processes.append(process)
        return process

    def start_all(self, services: dict[str, dict[str, str]]) -> list[ServiceProcess]:
        """Start several services side by side (startup is mostly imports), then wait."""
        started = []
        ports = iter(free_ports(2 * len(services)))  # all different (a port per socket)
        for name, extra in services.items():
            spec = next(spec for spec in SERVICES if spec.name == name)
            env = {"PYTHONPATH": str(REPO), "LOG_LEVEL": "INFO", **self.env(name, **extra)}
            port, metrics = next(ports), next(ports)
            metrics_port = metrics if spec.metrics_port else 0
            child = start_service(spec, env, self.log_dir, port, metrics_port)
            started.append(ServiceProcess(name, env, self.log_dir, port, child, metrics_port))
        self.processes.extend(started)
        for process in started:
            wait_ready(process.child, process.http_port, timeout=90)
        return started

    async def close(self) -> None:
        stop_all(process.child for process in reversed(self.processes))
        await delete_key_values(self.nats_url, self.topology)
        await drop_schema(self.database_url, self.archive_schema)
        await drop_schema(self.database_url, self.board_schema)


async def delete_key_values(nats_url: str, topology: Topology) -> None:
    """The namespace's stream and buckets, gone (`drop_namespace`)."""
    nc = await nats.connect(nats_url)
    try:
        await drop_namespace(nc.jetstream(), topology)
    finally:
        await nc.close()


async def ask(nc: Client, subject: str, body: BaseModel | dict[str, Any] | bytes) -> dict[str, Any]:
    if isinstance(body, BaseModel):
        payload = body.model_dump_json().encode()
    elif isinstance(body, dict):
        payload = json.dumps(body).encode()
    else:
        payload = body
    msg = await nc.request(subject, payload, timeout=10)
    return json.loads(msg.data)


async def eventually(
    probe: Callable[[], Awaitable[T | None]], within: float = 30.0, what: str = "condition"
) -> T:
    """Poll `probe` until it returns something truthy."""
    deadline = time.monotonic() + within
    while True:
        found = await probe()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} after {within}s")
        await asyncio.sleep(0.1)
