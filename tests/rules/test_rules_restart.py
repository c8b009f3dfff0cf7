"""Killing the rules process mid-game loses nothing: another process picks the
games up from the event log, and retried commands land exactly once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, Topology, verify_chain
from tabletop.messaging import Accepted, Refusal, RulesClient
from tests.support.play import add, code, outcome, start, turn
from tests.support.rules_process import RulesProcess
from tests.support.servers import delete_namespace_stream, unique_namespace

pytestmark = pytest.mark.integration


async def test_kill_mid_game_then_another_process_continues(
    nats_url: str, nc: Client, tmp_path: Path
) -> None:
    namespace = unique_namespace()
    log = EventLog(nc.jetstream(), Topology(namespace=namespace))
    client = RulesClient(nc, namespace=namespace, timeout=2.0)
    first = RulesProcess.start(nats_url, namespace, tmp_path / "a")
    try:
        games = [await start(client, target=50) for _ in range(6)]
        requests = []
        for game_id in games:
            seat, _ = await turn(log, game_id)
            await client.submit(add(game_id, seat))  # raises unless accepted
            requests.append(add(game_id, 1 - seat))

        # A burst in flight when the process dies without any chance to clean up.
        async def send(request) -> Accepted | Refusal:  # type: ignore[no-untyped-def]
            return await outcome(client.submit(request))  # Unavailable: the client retries

        burst = [asyncio.create_task(send(r)) for r in requests]
        await asyncio.sleep(0.01)
        first.kill()
        before = await asyncio.gather(*burst)

        second = RulesProcess.start(nats_url, namespace, tmp_path / "b")
        try:
            after = [await outcome(client.submit(r)) for r in requests]  # same command ids
            for earlier, retried in zip(before, after, strict=True):
                if isinstance(earlier, Accepted):
                    assert code(retried) == "duplicate_command" and retried.seq == 3
                else:
                    assert code(retried) in (None, "duplicate_command"), retried
            for game_id, request in zip(games, requests, strict=True):
                commits, _ = await log.load(game_id)
                assert verify_chain(game_id, commits).ok
                assert [c.command_id for c in commits].count(request.command_id) == 1
                assert len(commits) == 3
                # …and the game goes on from where it was.
                seat, seq = await turn(log, game_id)
                await client.submit(add(game_id, seat, expected_seq=seq))

            # SIGTERM during a burst: the process finishes in-flight work and
            # exits 0; every accepted reply is a commit in the log.
            moves = []
            for game_id in games:
                seat, seq = await turn(log, game_id)
                moves.append(add(game_id, seat, expected_seq=seq))
            burst = [asyncio.create_task(send(r)) for r in moves]
            await asyncio.sleep(0.01)
            assert await asyncio.to_thread(second.stop) == 0
            replies = await asyncio.gather(*burst)
            for request, reply in zip(moves, replies, strict=True):
                commits, _ = await log.load(request.game_id)
                assert verify_chain(request.game_id, commits).ok
                if isinstance(reply, Accepted):
                    assert commits[-1].command_id == request.command_id
        finally:
            second.stop()
    finally:
        first.stop()
        await delete_namespace_stream(nats_url, namespace)
