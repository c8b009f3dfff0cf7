"""Where the real servers for tests come from, in the documented order:
NATS_URL / DATABASE_URL from the environment, else a testcontainers
container when a Docker engine answers (and can run the image), else the
embedded wheels."""

from __future__ import annotations

import contextlib
import os
import tempfile
import uuid
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import nats
from nats.js.errors import NotFoundError

from tabletop.devserver import EmbeddedNats, EmbeddedPostgres
from tabletop.eventlog import Topology

NATS_IMAGE = "nats:2.11"
POSTGRES_IMAGE = "postgres:17"


@cache
def docker_answers() -> bool:
    try:
        import docker

        docker.from_env(timeout=2).ping()
        return True
    except Exception:
        return False


def server_source(env_var: str, env: dict[str, str] | None = None) -> str:
    """'env', 'docker' or 'embedded': which source a fixture will use."""
    env = os.environ if env is None else env
    if env.get(env_var):
        return "env"
    return "docker" if docker_answers() else "embedded"


@contextmanager
def started(container: Any) -> Iterator[Any | None]:
    """A testcontainers container running, or None (with a warning) when the
    engine answers but cannot run it: no image and no registry to pull from."""
    try:
        container.start()
    except Exception as exc:  # docker's errors, testcontainers' timeouts
        warnings.warn(
            f"Docker cannot start {container.image}: {exc}; using the embedded server",
            stacklevel=3,  # past contextmanager: the fixture asking
        )
        yield None
        return
    try:
        yield container
    finally:
        container.stop()


@contextmanager
def nats_server(tmp: Path) -> Iterator[str]:
    source = server_source("NATS_URL")
    if source == "env":
        yield os.environ["NATS_URL"]
        return
    if source == "docker":
        from testcontainers.community.nats import NatsContainer

        with started(NatsContainer(NATS_IMAGE, jetstream=True)) as container:
            if container is not None:
                yield container.nats_uri()
                return
    with EmbeddedNats(tmp) as server:
        yield server.url


@contextmanager
def postgres_server(tmp: Path) -> Iterator[str]:
    source = server_source("DATABASE_URL")
    if source == "env":
        yield os.environ["DATABASE_URL"]
        return
    if source == "docker":
        from testcontainers.community.postgres import PostgresContainer

        with started(PostgresContainer(POSTGRES_IMAGE, driver=None)) as container:
            if container is not None:
                yield container.get_connection_url()
                return
    # Not under `tmp`: every pytest session resets /tmp/pytest-of-<user> to
    # 0700, which locks out the unprivileged user PostgreSQL runs as.
    with (
        tempfile.TemporaryDirectory(prefix="tabletop-pg-", ignore_cleanup_errors=True) as d,
        EmbeddedPostgres(Path(d)) as server,
    ):
        yield server.url


def unique_namespace() -> str:
    """A namespace no other test (or engineer) on the same server uses."""
    return f"t{uuid.uuid4().hex[:12]}"


async def delete_namespace_stream(nats_url: str, namespace: str) -> None:
    """Tests may delete their own streams (deny_delete/purge guard messages only)."""
    nc = await nats.connect(nats_url)
    topology = Topology(namespace=namespace)
    try:
        streams = (topology.games_stream, topology.dead_letters_stream, topology.pruned_stream)
        buckets = (topology.snapshots_bucket, topology.deadlines_bucket)  # the rules service's
        for stream in (*streams, *(f"KV_{b}" for b in buckets)):
            with contextlib.suppress(NotFoundError):
                await nc.jetstream().delete_stream(stream)
    finally:
        await nc.close()
