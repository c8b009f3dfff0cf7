"""Clocks against real NATS: a player who never moves loses on time, a kill -9
of the deadline keeper still gives exactly one timeout, a move racing its
timeout gives exactly one winner, and resigning ends a two-player game."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from nats.aio.client import Client
from nats.js.errors import BucketNotFoundError, KeyNotFoundError, NotFoundError

from tabletop.eventlog import EventLog, Topology, verify_chain
from tabletop.messaging import RulesClient, SubmitCommand
from tabletop.rules.deadlines import DueAction, deadlines_bucket
from tabletop.rules.deadlines.keeper import DURABLE
from tests.support.clocks import KeeperProcess, start_clocked, timeouts, wait_for_timeout
from tests.support.play import add, code, new_id, outcome, turn
from tests.support.rules_process import RulesProcess
from tests.support.servers import delete_namespace_stream, unique_namespace

pytestmark = pytest.mark.integration

# How late a timeout may land after its deadline: the keeper's timer plus one
# request to the rules service and one append, on a loaded 2-core test machine.
TOLERANCE_MS = 1500


@pytest.fixture
def log(nc: Client, rules_service: RulesProcess) -> EventLog:
    return EventLog(nc.jetstream(), Topology(namespace=rules_service.namespace))


def ended(commit_events: list[dict[str, object]]) -> dict[str, object] | None:
    return next((e for e in commit_events if e["type"] == "platform.ended"), None)


async def test_a_player_who_never_moves_loses_on_time(
    rules_client: RulesClient, log: EventLog
) -> None:
    game_id = await start_clocked(rules_client, initial_ms=1500)
    commits = await wait_for_timeout(log, game_id, within=10)
    first, last = commits[0], commits[-1]
    assert len(timeouts(commits)) == 1 and last.seq == 2, [c.events for c in commits]
    seat = first.events[0]["first"]
    assert last.seat == seat
    assert first.at is not None and last.at is not None
    lateness = last.at - (first.at + 1500)
    assert 0 <= lateness <= TOLERANCE_MS, lateness
    end = ended(last.events)
    assert end is not None and end["reason"] == "timeout"
    ranks = end["ranks"]
    assert isinstance(ranks, list) and ranks[seat] == 1 and ranks[1 - seat] == 0
    assert verify_chain(game_id, commits).ok


async def test_a_move_racing_its_timeout_gives_exactly_one_winner(
    rules_client: RulesClient, log: EventLog
) -> None:
    """The move and the timeout both based on the same commit, sent at once:
    one lands, the other is refused, and the log has one commit after it."""
    games = [await start_clocked(rules_client, initial_ms=1000) for _ in range(6)]
    turns = [await turn(log, game_id) for game_id in games]  # (seat, seq 1) before any timeout
    # The keeper fires too: a third racer, conditional on the same commit, with
    # the same command id as our timeout.
    await asyncio.sleep(1.05)
    winners = []
    for game_id, (seat, seq) in zip(games, turns, strict=True):
        timeout = SubmitCommand(
            game_id=game_id,
            command_id=f"timeout:{game_id}:{seq}",
            command={"type": "timeout", "seat": seat},
            expected_seq=seq,
        )
        answers = await asyncio.gather(
            outcome(rules_client.submit(add(game_id, seat, expected_seq=seq))),
            outcome(rules_client.submit(timeout)),
        )
        accepted = [a for a in answers if code(a) is None]
        commits, _ = await log.load(game_id)
        after = [c for c in commits if c.seq > seq]
        # At most one of ours; if neither, the keeper's own timeout won.
        assert len(accepted) <= 1, answers
        # One commit follows it (later ones are the next seat's own clock running out).
        assert after and after[0].seq == seq + 1, [c.events for c in after]
        winners.append("move" if after[0].events[0]["type"] == "added" else "timeout")
    assert set(winners) <= {"move", "timeout"}


async def test_resigning_ends_a_two_player_game(rules_client: RulesClient, log: EventLog) -> None:
    game_id = await start_clocked(rules_client, initial_ms=60_000)
    seat, seq = await turn(log, game_id)
    other = 1 - seat
    resign = SubmitCommand(
        game_id=game_id, command_id=new_id("r"), command={"type": "resign", "seat": other}
    )
    landed = await rules_client.submit(resign)
    assert landed.seq == seq + 1
    commits, _ = await log.load(game_id)
    end = ended(commits[-1].events)
    assert end is not None and end["reason"] == "resign"
    assert end["ranks"] == [0 if s == seat else 1 for s in range(2)]
    late = await outcome(rules_client.submit(add(game_id, seat)))
    assert code(late) == "game_over"


@pytest.fixture
async def keeperless(nats_url: str, tmp_path: Path) -> AsyncIterator[RulesProcess]:
    """A rules service of its own namespace that runs no keeper in-process."""
    namespace = unique_namespace()
    process = RulesProcess.start(
        nats_url, namespace, tmp_path, extra_env={"RULES_DEADLINE_KEEPER": "false"}
    )
    yield process
    process.stop()
    await delete_namespace_stream(nats_url, namespace)


async def keeper_following(nc: Client, namespace: str, within: float = 30.0) -> None:
    """Wait until a keeper's durable consumer exists (it is started)."""
    js, stream = nc.jetstream(), Topology(namespace=namespace).games_stream
    deadline = time.monotonic() + within
    while True:
        try:
            await js.consumer_info(stream, DURABLE)
            return
        except NotFoundError:
            assert time.monotonic() < deadline, "no keeper started"
            await asyncio.sleep(0.05)


async def held_deadline(nc: Client, namespace: str, game_id: str) -> DueAction | None:
    try:
        kv = await nc.jetstream().key_value(deadlines_bucket(Topology(namespace=namespace)))
        entry = await kv.get(game_id)
    except (BucketNotFoundError, KeyNotFoundError):
        return None
    return DueAction.model_validate_json(entry.value or b"")


async def test_a_keeper_killed_after_the_deadline_still_gives_exactly_one_timeout(
    nc: Client, nats_url: str, keeperless: RulesProcess, tmp_path: Path
) -> None:
    namespace = keeperless.namespace
    client = RulesClient(nc, namespace=namespace, timeout=10.0)
    log = EventLog(nc.jetstream(), Topology(namespace=namespace))
    keeper = KeeperProcess(nats_url, namespace, tmp_path, "keeper-1")
    try:
        await keeper_following(nc, namespace)
        game_id = await start_clocked(client, initial_ms=2000)
        started = time.monotonic()
        while await held_deadline(nc, namespace, game_id) is None:
            assert time.monotonic() - started < 20, "the keeper never stored the deadline"
            await asyncio.sleep(0.05)
        assert keeper.kill() != 0
        commits, _ = await log.load(game_id)
        assert commits[0].at is not None
        # Wait past the deadline with no keeper running: nothing may fire.
        await asyncio.sleep(max(0.0, (commits[0].at + 2300) / 1000 - time.time()))
        assert not timeouts((await log.load(game_id))[0])
    finally:
        keeper.kill()
    # Two keepers now (replicas): the overdue deadline fires at once, and once.
    replicas = [KeeperProcess(nats_url, namespace, tmp_path, f"keeper-{n}") for n in (2, 3)]
    try:
        commits = await wait_for_timeout(log, game_id, within=20)
        await asyncio.sleep(1.0)  # let a second firing try its luck
        commits, _ = await log.load(game_id)
    finally:
        for replica in replicas:
            replica.stop()
    assert len(timeouts(commits)) == 1 and len(commits) == 2, [c.events for c in commits]
    assert verify_chain(game_id, commits).ok
