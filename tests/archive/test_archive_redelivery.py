"""Each commit is archived once, whatever JetStream redelivers, and the
archive stops cleanly on SIGTERM and resumes from its durable consumer."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, Topology, ensure_streams
from tabletop.messaging.archive import ArchiveSubjects, GetCommits
from tests.archive.play import play
from tests.support.platform import ask
from tests.support.servers import delete_namespace_stream, unique_namespace
from tests.support.stateful_services import (
    ServiceProcess,
    archive_env,
    drop_schema,
    unique_schema,
)

pytestmark = [pytest.mark.integration]


@dataclass
class OwnArchive:
    process: ServiceProcess
    log: EventLog
    schema: str

    def restart(self) -> ServiceProcess:
        self.process = self.process.restart()
        return self.process


@pytest.fixture
async def own_archive(
    nc: Client, nats_url: str, database_url: str, tmp_path: Path
) -> AsyncIterator[OwnArchive]:
    namespace, schema = unique_namespace(), unique_schema("archive")
    topology = Topology(namespace=namespace)
    await ensure_streams(nc.jetstream(), topology)
    env = archive_env(nats_url, database_url, namespace, schema)
    own = OwnArchive(
        ServiceProcess.start("archive", env, tmp_path), EventLog(nc.jetstream(), topology), schema
    )
    yield own
    own.process.stop()  # stopping a stopped process is harmless
    await delete_namespace_stream(nats_url, namespace)
    await drop_schema(database_url, schema)


async def stored(database_url: str, schema: str) -> int:
    conn = await asyncpg.connect(database_url)
    try:
        return await conn.fetchval(f'SELECT count(*) FROM "{schema}".commits')
    finally:
        await conn.close()


async def wait_for(metric: str, labels: str, value: float, process: ServiceProcess) -> None:
    async with asyncio.timeout(30):
        while True:
            if process.metric(metric, labels) >= value:
                return
            await asyncio.sleep(0.2)


async def test_redelivered_and_resumed_commits_are_stored_once(
    nc: Client, database_url: str, own_archive: OwnArchive
) -> None:
    process, log, schema = own_archive.process, own_archive.log, own_archive.schema
    first = await play(log, players=2, seed=31)
    await wait_for("tabletop_archive_commits_total", 'result="stored"', 13, process)
    assert process.stop() == 0  # SIGTERM: a clean exit

    # Commits that land while it is down are picked up on restart (durable consumer).
    second = await play(log, players=3, seed=32, moves=4)
    process = own_archive.restart()
    await wait_for("tabletop_archive_commits_total", 'result="stored"', 5, process)

    # Everything again: the consumer is reset, so JetStream redelivers it all.
    process.stop()
    await nc.jetstream().delete_consumer(log.topology.games_stream, "archive")
    process = own_archive.restart()
    total = len(first.commits) + len(second.commits)
    await wait_for("tabletop_archive_commits_total", 'result="duplicate"', total, process)
    assert process.metric("tabletop_archive_commits_total", 'result="stored"') == 0
    assert await stored(database_url, schema) == total
    subjects = ArchiveSubjects(namespace=log.topology.namespace)
    reply = await ask(nc, subjects.commits, GetCommits(game_id=first.game_id))
    assert [c["seq"] for c in reply["commits"]] == list(range(1, 14))
