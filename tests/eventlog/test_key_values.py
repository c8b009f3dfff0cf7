"""The KV buckets on a real server: the tickets bucket carries the ticket TTL;
a bucket declared earlier without it is brought to it by its owner
(matchmaking) and left alone by everyone else, who start without error; the
dead-letter stream is declared beside the games stream."""

from __future__ import annotations

import contextlib

import pytest
from nats.aio.client import Client
from nats.js.errors import NotFoundError

from tabletop.eventlog import Topology, drop_namespace, ensure_key_values, ensure_streams
from tests.support.servers import unique_namespace

pytestmark = pytest.mark.integration


async def test_the_ticket_ttl_is_declared_and_brought_to_older_buckets(nc: Client) -> None:
    js = nc.jetstream()
    namespace = unique_namespace()
    older = Topology(namespace=namespace, ticket_ttl=10_000)  # as an older build declared it
    try:
        await ensure_key_values(js, older)
        stream = f"KV_{older.tickets_bucket}"
        assert (await js.stream_info(stream)).config.max_age == 10_000
        # Another service, with its default TTL: it starts, and changes nothing.
        await ensure_key_values(js, Topology(namespace=namespace))
        assert (await js.stream_info(stream)).config.max_age == 10_000
        # The owner brings the bucket to its TTL; the other buckets never expire.
        await ensure_key_values(js, Topology(namespace=namespace, ticket_ttl=60), owner=True)
        assert (await js.stream_info(stream)).config.max_age == 60
        seats = await js.stream_info(f"KV_{older.seats_bucket}")
        assert seats.config.max_age in (0, None)

        info = await ensure_streams(js, older)
        assert info.config.name == older.games_stream
        dead = await js.stream_info(older.dead_letters_stream)
        assert dead.config.subjects == [f"{namespace}.dead-letters.>"]
    finally:
        with contextlib.suppress(NotFoundError):
            await drop_namespace(js, older)
