"""Shared fixtures: real NATS and PostgreSQL (env, else testcontainers, else
the embedded wheels), an isolated namespace per test, the rules service as
a real subprocess per xdist worker, and the size of brute-force sweeps."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import nats
import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, Topology, ensure_streams
from tabletop.eventlog.links import Link, NatsLink
from tabletop.eventlog.wire import Wire
from tabletop.messaging import RulesClient
from tests.support.platform import Platform
from tests.support.rules_process import RulesProcess
from tests.support.servers import (
    delete_namespace_stream,
    nats_server,
    postgres_server,
    unique_namespace,
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full-size",
        action="store_true",
        help="brute-force sweeps at full size (`make test-slow`); reduced otherwise",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that asks for `full_size` is a brute-force sweep: `-m brute_force`
    selects them all (`make test-slow`)."""
    for item in items:
        if "full_size" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.brute_force)


@pytest.fixture
def full_size(request: pytest.FixtureRequest) -> bool:
    """True under --full-size: play the thousands of games, not a sample."""
    return bool(request.config.getoption("--full-size"))


@pytest.fixture(scope="session")
def nats_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with nats_server(tmp_path_factory.mktemp("nats")) as url:
        yield url


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with postgres_server(tmp_path_factory.mktemp("postgres")) as url:
        yield url


@pytest.fixture
async def nc(nats_url: str) -> AsyncIterator[Client]:
    client = await nats.connect(nats_url)
    yield client
    await client.close()


@pytest.fixture(params=["wire", "nats-py"])
async def link(request: pytest.FixtureRequest, nats_url: str, nc: Client) -> AsyncIterator[Link]:
    """The hot path's connection: the lean `Wire` (nats:// servers) and the
    nats-py one kept for tls:// servers."""
    if request.param == "nats-py":
        yield NatsLink(nc)
        return
    wire = await Wire.connect(nats_url, "test")
    yield wire
    await wire.close()


@pytest.fixture
async def topology(nats_url: str) -> AsyncIterator[Topology]:
    """A namespace of this test's own: its stream is deleted afterwards."""
    namespace = unique_namespace()
    yield Topology(namespace=namespace)
    await delete_namespace_stream(nats_url, namespace)


@pytest.fixture
async def event_log(nc: Client, topology: Topology) -> EventLog:
    js = nc.jetstream()
    await ensure_streams(js, topology)
    return EventLog(js, topology)


@pytest.fixture(scope="session")
async def rules_service(
    nats_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[RulesProcess]:
    """One rules subprocess per worker, in its own namespace (tests use fresh game ids)."""
    namespace = unique_namespace()
    process = RulesProcess.start(nats_url, namespace, Path(tmp_path_factory.mktemp("rules")))
    yield process
    process.stop()
    await delete_namespace_stream(nats_url, namespace)


@pytest.fixture
def rules_client(nc: Client, rules_service: RulesProcess) -> RulesClient:
    return RulesClient(nc, namespace=rules_service.namespace, timeout=10.0)


@pytest.fixture
async def platform(nats_url: str, database_url: str, tmp_path: Path) -> AsyncIterator[Platform]:
    """A fresh platform namespace per test (its processes are started by the test)."""
    found = Platform(nats_url, database_url, tmp_path)
    yield found
    await found.close()
