"""The pull consumer over a `Link` against a real NATS, on both links: a
batch arrives in order, a short batch ends on the server's status, an ack
takes a message off the consumer's pending, a nak has it redelivered (and
the redelivery counted), and an unknown consumer is an error."""

from __future__ import annotations

import asyncio
import time

import pytest
from nats.aio.client import Client
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy

from tabletop.eventlog import Topology, ensure_streams
from tabletop.eventlog.links import Link
from tabletop.eventlog.pull import Delivery, PullConsumer, PullError, delivery
from tabletop.eventlog.wire import Inbound

pytestmark = pytest.mark.integration

DURABLE = "pulled"


async def consumer(nc: Client, topology: Topology, messages: int, ack_wait: float = 30.0) -> None:
    """The games stream with `messages` on two subjects, and a durable on it."""
    js = nc.jetstream()
    await ensure_streams(js, topology)
    for n in range(messages):
        await js.publish(topology.game_subject(f"g{n % 2}"), b"m%d" % n)
    await js.add_consumer(
        topology.games_stream,
        ConsumerConfig(
            durable_name=DURABLE,
            deliver_policy=DeliverPolicy.ALL,
            ack_policy=AckPolicy.EXPLICIT,
            ack_wait=ack_wait,
            max_deliver=-1,
        ),
    )


async def started(link: Link, topology: Topology, durable: str = DURABLE) -> PullConsumer:
    pull = PullConsumer(link, topology.games_stream, durable)
    await pull.start()
    return pull


async def test_a_batch_arrives_in_order_and_a_short_one_ends_on_the_status(
    nc: Client, topology: Topology, link: Link
) -> None:
    await consumer(nc, topology, 7)
    pull = await started(link, topology)
    try:
        first = await pull.fetch(4, expires=5.0)
        assert [m.data for m in first] == [b"m0", b"m1", b"m2", b"m3"]
        assert [m.subject for m in first] == [topology.game_subject(f"g{n % 2}") for n in range(4)]
        assert [delivery(m.reply) for m in first] == [Delivery(1, seq) for seq in range(1, 5)]
        began = time.monotonic()
        rest = await pull.fetch(10, expires=5.0)  # 3 there: the server says no more at once
        assert [m.data for m in rest] == [b"m4", b"m5", b"m6"]
        assert time.monotonic() - began < 2.0
    finally:
        await pull.stop()


async def test_with_nothing_there_a_fetch_waits_for_the_first_to_come(
    nc: Client, topology: Topology, link: Link
) -> None:
    await consumer(nc, topology, 0)
    pull = await started(link, topology)
    try:
        began = time.monotonic()
        assert await pull.fetch(10, expires=0.3) == []  # expired (408)
        assert 0.25 < time.monotonic() - began < 1.0

        async def later() -> None:
            await asyncio.sleep(0.2)
            await nc.jetstream().publish(topology.game_subject("late"), b"late")

        publishing = asyncio.create_task(later())
        began = time.monotonic()
        got = await pull.fetch(10, expires=5.0)
        await publishing
        assert [m.data for m in got] == [b"late"]
        assert time.monotonic() - began < 2.0  # not held until the expiry
    finally:
        await pull.stop()


async def settled(nc: Client, topology: Topology, ack_pending: int, ack_floor: int) -> None:
    """The consumer shows the acks (the server applies them after reading them)."""
    deadline = time.monotonic() + 3.0
    while True:
        info = await nc.jetstream().consumer_info(topology.games_stream, DURABLE)
        seen = (info.num_ack_pending, info.ack_floor.stream_seq)
        if seen == (ack_pending, ack_floor) or time.monotonic() > deadline:
            assert seen == (ack_pending, ack_floor)
            assert info.num_pending == 0
            return
        await asyncio.sleep(0.02)


async def test_an_ack_takes_the_message_off_the_consumers_pending(
    nc: Client, topology: Topology, link: Link
) -> None:
    await consumer(nc, topology, 3)
    pull = await started(link, topology)
    try:
        got = await pull.fetch(3)
        await settled(nc, topology, ack_pending=3, ack_floor=0)
        await pull.ack(got[0])
        await pull.ack(got[2])
        await settled(nc, topology, ack_pending=1, ack_floor=1)  # 2 is still out
        await pull.ack(got[1])
        await settled(nc, topology, ack_pending=0, ack_floor=3)
    finally:
        await pull.stop()


async def fetched(pull: PullConsumer, count: int, within: float = 3.0) -> list[Inbound]:
    """`count` messages over as many fetches as they take."""
    got: list[Inbound] = []
    deadline = time.monotonic() + within
    while len(got) < count and time.monotonic() < deadline:
        got += await pull.fetch(count - len(got), expires=0.5)
    return got


async def test_a_nak_redelivers_and_the_redelivery_is_counted(
    nc: Client, topology: Topology, link: Link
) -> None:
    await consumer(nc, topology, 2)
    pull = await started(link, topology)
    try:
        first = await pull.fetch(1)
        assert delivery(first[0].reply) == Delivery(1, 1)
        await pull.nak(first[0])
        both = {m.data: m for m in await fetched(pull, 2)}
        assert {data: delivery(m.reply) for data, m in both.items()} == {
            b"m0": Delivery(2, 1),
            b"m1": Delivery(1, 2),
        }
        await pull.ack(both[b"m1"])
        naked = time.monotonic()
        await pull.nak(both[b"m0"], delay=0.5)
        assert await pull.fetch(1, expires=0.2) == []  # held back
        third = await fetched(pull, 1)
        assert time.monotonic() - naked >= 0.4
        assert [(m.data, delivery(m.reply)) for m in third] == [(b"m0", Delivery(3, 1))]
        await pull.ack(third[0])
        await settled(nc, topology, ack_pending=0, ack_floor=2)
    finally:
        await pull.stop()


async def test_an_unacked_message_comes_back_after_the_ack_wait(
    nc: Client, topology: Topology, link: Link
) -> None:
    await consumer(nc, topology, 1, ack_wait=0.5)
    pull = await started(link, topology)
    try:
        first = await pull.fetch(1)
        assert delivery(first[0].reply).num_delivered == 1
        again = await pull.fetch(1, expires=3.0)
        assert again[0].data == b"m0" and delivery(again[0].reply) == Delivery(2, 1)
        await pull.ack(again[0])
    finally:
        await pull.stop()


async def test_an_unknown_consumer_is_an_error_or_silence(
    nc: Client, topology: Topology, link: Link
) -> None:
    await consumer(nc, topology, 1)
    pull = await started(link, topology, durable="nobody")
    try:
        try:
            got = await pull.fetch(1, expires=0.2)
        except PullError as error:
            assert error.status == "503"  # no responders (nats-server 2.10+)
        else:
            assert got == []  # older servers answer nothing: given up after the grace
    finally:
        await pull.stop()
