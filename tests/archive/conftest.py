"""One archive subprocess per xdist worker, in its own namespace and schema
(tests use fresh game ids, so they share it safely)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, Topology, ensure_streams
from tabletop.messaging.archive import ArchiveSubjects
from tests.support.servers import delete_namespace_stream, unique_namespace
from tests.support.stateful_services import (
    ServiceProcess,
    archive_env,
    drop_schema,
    unique_schema,
)


@pytest.fixture(scope="session")
async def archive_service(
    nats_url: str, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[ServiceProcess]:
    namespace = unique_namespace()
    schema = unique_schema("archive")
    env = archive_env(nats_url, database_url, namespace, schema)
    process = ServiceProcess.start("archive", env, Path(tmp_path_factory.mktemp("archive")))
    yield process
    process.stop()
    await delete_namespace_stream(nats_url, namespace)
    await drop_schema(database_url, schema)


@pytest.fixture
async def archive_log(nc: Client, archive_service: ServiceProcess) -> EventLog:
    topology = Topology(namespace=archive_service.env["TABLETOP_NAMESPACE"])
    js = nc.jetstream()
    await ensure_streams(js, topology)
    return EventLog(js, topology)


@pytest.fixture
def archive_subjects(archive_service: ServiceProcess) -> ArchiveSubjects:
    return ArchiveSubjects(namespace=archive_service.env["TABLETOP_NAMESPACE"])
