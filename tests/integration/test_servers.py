"""The server fixtures' order (env, else Docker, else embedded) and the
embedded fallback itself, exercised even when NATS_URL is set."""

from __future__ import annotations

from pathlib import Path

import asyncpg
import nats
import pytest

from tabletop.devserver import EmbeddedNats
from tabletop.devserver.ports import port_is_free
from tests.integration.servers import docker_answers, server_source

pytestmark = pytest.mark.integration


def test_environment_wins_then_docker_then_embedded() -> None:
    assert server_source("NATS_URL", {"NATS_URL": "nats://elsewhere:4222"}) == "env"
    fallback = server_source("NATS_URL", {})
    assert fallback == ("docker" if docker_answers() else "embedded")


async def test_embedded_nats_has_jetstream_and_stops(tmp_path: Path) -> None:
    server = EmbeddedNats(tmp_path).start()
    try:
        nc = await nats.connect(server.url)
        info = await nc.jetstream().account_info()
        assert info.limits is not None
        await nc.close()
    finally:
        server.stop()
    assert port_is_free(server.port) and port_is_free(server.monitor_port)


async def test_database_url_answers(database_url: str) -> None:
    conn = await asyncpg.connect(database_url)
    try:
        assert await conn.fetchval("select 1") == 1
    finally:
        await conn.close()
