"""Snapshots are a shortcut that never changes a decision: a head loaded cold
from a snapshot plus the commits after it is the head a full replay gives —
same state, same legal commands, same decisions, same views — for every
registered game at every step; a snapshot from other rules, of another chain
or unreadable is ignored; and a cold load reads a bounded tail."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest
from nats.aio.client import Client

from tabletop.eventlog import (
    Commit,
    EventLog,
    GameHead,
    GameHeads,
    KeyValueSnapshots,
    MemoryEventLog,
    MemorySnapshots,
    Snapshot,
    Topology,
    next_commit,
)
from tabletop.eventlog.heads import RECENT_COMMANDS
from tabletop.games import game_ids, get_game
from tabletop.kernel import Game
from tests.eventlog.test_game_heads import SpyLog

EVERY = 3  # small, so that most steps load from a snapshot and a short tail


async def write_game(log: MemoryEventLog, game: Game[Any], seed: int, moves: int) -> str:
    """A random game of up to `moves` moves (chance drawn from `seed`)."""
    rng = random.Random(seed)
    game_id = f"g{seed}"
    events = game.setup(game.min_players, seed)
    state = game.replay(events)
    previous: Commit | None = None
    stream_seq = 0
    for _ in range(moves + 1):
        previous = next_commit(
            previous, game_id=game_id, game=game.id, command_id=uuid.uuid4().hex,
            seat=None if previous is None else 0,
            events=[e.model_dump(mode="json") for e in events], rules_version=game.rules_version,
        )  # fmt: skip
        stream_seq = await log.append(previous, stream_seq)
        if not game.to_act(state):
            break
        command = rng.choice(game.legal_commands(state, game.to_act(state)[0]))
        events = game.decide(state, command, rng)
        state = game.fold(state, events)
    return game_id


def assert_same_game(game: Game[Any], cold: GameHead, full: GameHead, seed: int) -> None:
    assert (cold.seq, cold.last_hash, cold.stream_seq) == (
        full.seq,
        full.last_hash,
        full.stream_seq,
    )
    assert cold.state == full.state
    assert game.to_act(cold.state) == game.to_act(full.state)
    for seat in range(game.seats(full.state)):
        assert game.view(cold.state, seat) == game.view(full.state, seat)
    if game.to_act(full.state):
        seat = game.to_act(full.state)[0]
        legal = game.legal_commands(full.state, seat)
        assert game.legal_commands(cold.state, seat) == legal
        command = random.Random(seed).choice(legal)
        assert game.decide(cold.state, command, random.Random(seed)) == game.decide(
            full.state, command, random.Random(seed)
        )


@pytest.mark.parametrize("game_id", game_ids())
async def test_a_cold_head_from_a_snapshot_decides_like_a_full_replay(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(4):
        log, snapshots = MemoryEventLog(), MemorySnapshots()
        gid = await write_game(log, game, seed, moves=40)
        commits, _ = await log.load(gid)
        # A process follows the game commit by commit, snapshotting as it goes;
        # at every step, another process loads it cold from those snapshots.
        follower = GameHeads(log, get_game, snapshots=snapshots, snapshot_every=EVERY)
        for n in range(1, len(commits) + 1):
            prefix = MemoryEventLog()
            for commit in commits[:n]:
                await prefix.append(commit, (await prefix.load(gid))[1])
            follower.log = prefix
            await follower.head(gid)
            await follower.flush()
            cold = await GameHeads(prefix, get_game, snapshots=snapshots).head(gid)
            stored, stream_seq = await prefix.load(gid)
            full = GameHead.replay(game, stored, stream_seq)
            assert cold is not None and full is not None
            assert cold.snapshot_seq > 0 or n < EVERY  # loaded from a snapshot
            assert_same_game(game, cold, full, seed * 1000 + n)
        assert snapshots.stored, "a long game was never snapshotted"


async def long_game(log: MemoryEventLog, length: int) -> tuple[Game[Any], str]:
    """A live Schotten Totten game of `length` commits (no-op commits after its opening)."""
    game = get_game("schotten-totten")
    events = game.setup(2, 7)
    previous: Commit | None = None
    stream_seq = 0
    for index in range(length):
        previous = next_commit(
            previous, game_id="long", game=game.id, command_id=f"c{index}",
            seat=None if previous is None else 0,
            events=[e.model_dump(mode="json") for e in events] if index == 0 else [],
            rules_version=game.rules_version,
        )  # fmt: skip
        stream_seq = await log.append(previous, stream_seq)
    return game, "long"


async def test_a_cold_load_reads_a_bounded_tail_and_a_head_records_a_bounded_set_of_ids() -> None:
    log, snapshots = SpyLog(), MemorySnapshots()
    _, gid = await long_game(log, 1000)
    first = GameHeads(log, get_game, snapshots=snapshots)
    head = await first.head(gid)  # no snapshot yet: a full replay, which writes one
    await first.flush()
    assert head is not None and head.seq == 1000
    assert len(head.command_seqs) == RECENT_COMMANDS
    assert head.recorded_from == 1000 - RECENT_COMMANDS + 1
    assert log.from_scratch(gid) == 1
    log.loads.clear()
    cold = await GameHeads(log, get_game, snapshots=snapshots).head(gid)
    assert cold is not None and cold.seq == 1000 and cold.state == head.state
    assert log.loads == [(gid, (1000, head.stream_seq))]  # only what follows the snapshot


async def bogus(head: GameHead, **changes: Any) -> Snapshot:
    snapshot = head.snapshot()
    fields = {"rules_version": snapshot.rules_version, "last": snapshot.last,
              "stream_seq": snapshot.stream_seq, "state": "not a state", **changes}  # fmt: skip
    return Snapshot(**fields)


@pytest.mark.parametrize("kind", ["other rules", "other chain", "unreadable"])
async def test_a_snapshot_that_does_not_fit_is_ignored(kind: str) -> None:
    log, snapshots = MemoryEventLog(), MemorySnapshots()
    game, gid = await long_game(log, 20)
    commits, stream_seq = await log.load(gid)
    at_ten = GameHead.replay(game, commits[:10], stream_seq=10)
    assert at_ten is not None
    if kind == "other rules":
        await snapshots.put(gid, await bogus(at_ten, rules_version="0-other"))
    elif kind == "other chain":
        forged = at_ten.last.model_copy(update={"hash": "f" * 64})
        await snapshots.put(gid, await bogus(at_ten, last=forged))
    else:
        snapshots.stored[gid] = b"\x80\x05garbage"
    head = await GameHeads(log, get_game, snapshots=snapshots).head(gid)
    full = GameHead.replay(game, commits, stream_seq)
    assert head is not None and full is not None
    assert head.state == full.state and head.seq == 20


@pytest.fixture
async def kv_snapshots(nc: Client) -> Any:
    topology = Topology(namespace=f"t{uuid.uuid4().hex[:12]}")
    js = nc.jetstream()
    yield EventLog(js, topology), await KeyValueSnapshots.ensure(js, topology)
    await js.delete_key_value(topology.snapshots_bucket)
    await js.delete_stream(topology.games_stream)


@pytest.mark.integration
async def test_snapshots_in_the_jetstream_bucket_round_trip(kv_snapshots: Any) -> None:
    from tabletop.eventlog import ensure_streams

    log, snapshots = kv_snapshots
    await ensure_streams(log.js, log.topology)
    game = get_game("splendor")
    events = game.setup(2, 3)
    commit = next_commit(
        None, game_id="kv", game=game.id, command_id=uuid.uuid4().hex, seat=None,
        events=[e.model_dump(mode="json") for e in events], rules_version=game.rules_version,
    )  # fmt: skip
    stream_seq = await log.append(commit, 0)
    head = GameHead.started(game, commit, events, stream_seq)
    assert await snapshots.get("kv") is None
    await snapshots.put("kv", head.snapshot())
    cold = await GameHeads(log, get_game, snapshots=snapshots).head("kv")
    assert cold is not None and cold.state == head.state and cold.snapshot_seq == 1
