"""The event log contract against a real NATS JetStream, plus the stream's
no-silent-discard configuration."""

from __future__ import annotations

import dataclasses
import logging
import time

import pytest
from nats.aio.client import Client
from nats.js.api import DeliverPolicy, DiscardPolicy
from nats.js.errors import APIError

from tabletop.eventlog import (
    EventLog,
    Topology,
    drop_namespace,
    ensure_consumer,
    ensure_key_values,
    ensure_streams,
)
from tests.eventlog.log_contract import EventLogContract, commit_after, new_game_id

pytestmark = pytest.mark.integration


class TestJetStreamEventLog(EventLogContract):
    @pytest.fixture
    def log(self, event_log: EventLog) -> EventLog:
        return event_log


async def test_stream_keeps_history(nc: Client, topology: Topology, event_log: EventLog) -> None:
    info = await nc.jetstream().stream_info(topology.games_stream)
    config = info.config
    assert config.subjects == [topology.games_subjects]
    assert (config.max_age, config.max_msgs, config.max_bytes) == (0, -1, -1)
    assert config.max_msgs_per_subject == -1
    assert config.discard == DiscardPolicy.NEW
    # A single commit can never be deleted; a finished game's whole subject may
    # be purged (hot/cold storage), which only the operator's NATS user may do.
    assert config.deny_delete and not config.deny_purge
    # Declaring again (every service does at startup) changes nothing.
    again = await ensure_streams(nc.jetstream(), topology)
    assert again.config.subjects == config.subjects
    game_id, other = new_game_id(), new_game_id()
    seq = await event_log.append(commit_after(None, game_id), 0)
    await event_log.append(commit_after(None, other), 0)
    with pytest.raises(APIError):
        await nc.jetstream().delete_msg(topology.games_stream, seq)
    assert len((await event_log.load(game_id))[0]) == 1
    await nc.jetstream().purge_stream(topology.games_stream, subject=topology.game_subject(game_id))
    assert (await event_log.load(game_id))[0] == []
    assert len((await event_log.load(other))[0]) == 1  # only that game's subject went


async def test_a_stream_made_before_hot_cold_storage_keeps_denying_purges(
    nc: Client, topology: Topology, caplog: pytest.LogCaptureFixture
) -> None:
    """JetStream never lifts deny_purge: redeclaring such a stream keeps it
    (and says so) instead of failing every service's start."""
    js = nc.jetstream()
    old = dataclasses.replace(topology.games_stream_config(), deny_purge=True, description="old")
    await js.add_stream(old)
    with caplog.at_level(logging.WARNING, logger="tabletop.eventlog.streams"):
        info = await ensure_streams(js, topology)
    assert info.config.deny_purge and info.config.description != "old"
    assert "denies purges" in caplog.text


async def test_a_hundred_commit_game_loads_quickly(event_log: EventLog) -> None:
    game_id = new_game_id()
    previous, stream_seq = None, 0
    for _ in range(100):
        previous = commit_after(previous, game_id)
        stream_seq = await event_log.append(previous, stream_seq)
    started = time.perf_counter()
    commits, last = await event_log.load(game_id)
    assert [c.seq for c in commits] == list(range(1, 101)) and last == stream_seq
    assert time.perf_counter() - started < 2.0


async def test_a_durable_consumer_keeps_its_position_when_redeclared(
    nc: Client, topology: Topology, event_log: EventLog, caplog: pytest.LogCaptureFixture
) -> None:
    js = nc.jetstream()
    config = topology.archive_consumer_config()
    await ensure_consumer(js, topology, config)
    await event_log.append(commit_after(None, new_game_id()), 0)
    sub = await js.pull_subscribe_bind(config.durable_name, topology.games_stream)
    (msg,) = await sub.fetch(1, timeout=5)
    await msg.ack_sync()
    # Declared again, as every replica does at startup: same consumer, same position.
    await ensure_consumer(js, topology, config)
    assert (await js.consumer_info(topology.games_stream, config.durable_name)).ack_floor.stream_seq
    # A changed config that JetStream cannot apply is kept as it was, and said.
    changed = dataclasses.replace(config, deliver_policy=DeliverPolicy.NEW)
    with caplog.at_level(logging.WARNING, logger="tabletop.eventlog.streams"):
        await ensure_consumer(js, topology, changed)
    info = await js.consumer_info(topology.games_stream, config.durable_name)
    assert info.config.deliver_policy == DeliverPolicy.ALL
    assert f"consumer {config.durable_name} not updated" in caplog.text
    assert info.ack_floor.stream_seq >= 1


async def test_an_ephemeral_consumer_is_refused(nc: Client, topology: Topology) -> None:
    # A consumer without a durable name could not be looked up again when redeclared.
    ephemeral = dataclasses.replace(topology.archive_consumer_config(), durable_name=None)
    with pytest.raises(ValueError, match="durable_name"):
        await ensure_consumer(nc.jetstream(), topology, ephemeral)


async def test_drop_namespace_leaves_nothing_of_it_behind(nc: Client, topology: Topology) -> None:
    js = nc.jetstream()
    await ensure_streams(js, topology)
    await ensure_key_values(js, topology)
    ours = {topology.games_stream} | {f"KV_{c.bucket}" for c in topology.key_value_configs()}
    assert len(ours) == 4

    async def left() -> set[str]:
        return ours & {info.config.name for info in await js.streams_info()}

    assert await left() == ours
    await drop_namespace(js, topology)
    assert await left() == set()
    await drop_namespace(js, topology)  # again: nothing left to drop, no error


class ConsumerReads(EventLog):
    """The event log as on a nats-server before batched direct gets (2.11)."""

    def _batched_gets(self) -> bool:
        return False


async def test_batched_gets_load_what_an_ordered_consumer_loads(event_log: EventLog) -> None:
    """Another game's commits interleaved: every range (from scratch, after a
    held commit, gaps short, at the batch's bound and long) loads the same
    commits as an ordered consumer or walk does (batched direct gets for up to
    `BATCHED_RANGE` missing commits on nats-server 2.11+, as the embedded one)."""
    game_id, other = new_game_id(), new_game_id()
    previous, other_previous, stream_seq, other_seq = None, None, 0, 0
    stream_seqs = []
    for index in range(300):
        previous = commit_after(previous, game_id)
        stream_seq = await event_log.append(previous, stream_seq)
        stream_seqs.append(stream_seq)
        if index % 3 == 0:
            other_previous = commit_after(other_previous, other)
            other_seq = await event_log.append(other_previous, other_seq)
    consumer = ConsumerReads(event_log.js, event_log.topology)
    everything, last = await event_log.load(game_id)
    assert [c.seq for c in everything] == list(range(1, 301)) and last == stream_seq
    for held in (0, 1, 150, 267, 268, 296, 298, 299, 300):  # 268 on: one batch
        after = (held, stream_seqs[held - 1]) if held else (0, 0)
        loaded = await event_log.load(game_id, after)
        assert loaded == await consumer.load(game_id, after)
        assert loaded == (everything[held:], stream_seq)
