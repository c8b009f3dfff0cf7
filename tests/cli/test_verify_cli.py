"""`tabletop verify` on a good chain and on one with a forged commit."""

from __future__ import annotations

import asyncio

import pytest
from nats.aio.client import Client
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.eventlog import Commit, EventLog, Topology, ensure_streams
from tests.eventlog.log_contract import commit_after, new_game_id

pytestmark = pytest.mark.integration


async def write_game(log: EventLog, n: int) -> tuple[str, list[Commit], int]:
    game_id = new_game_id()
    commits: list[Commit] = []
    stream_seq = 0
    for _ in range(n):
        commits.append(commit_after(commits[-1] if commits else None, game_id))
        stream_seq = await log.append(commits[-1], stream_seq)
    return game_id, commits, stream_seq


def run_verify(nats_url: str, topology: Topology, game_id: str) -> tuple[int, str]:
    argv = ["verify", game_id, "--nats-url", nats_url, "--namespace", topology.namespace]
    result = CliRunner().invoke(app, argv)
    return result.exit_code, result.output


async def test_verify_good_tampered_and_missing(
    nats_url: str, nc: Client, topology: Topology
) -> None:
    await ensure_streams(nc.jetstream(), topology)
    log = EventLog(nc.jetstream(), topology)
    good, _, _ = await write_game(log, 4)
    tampered, commits, stream_seq = await write_game(log, 3)
    # A forger appends commit 4 with rewritten history inside: right seq and
    # link, but its content no longer matches its hash.
    honest = commit_after(commits[-1], tampered)
    forged = Commit.model_validate({**honest.model_dump(), "events": [{"type": "cheat"}]})
    await log.append(forged, stream_seq)

    # The CLI runs its own event loop: call it from a thread.
    code, output = await asyncio.to_thread(run_verify, nats_url, topology, good)
    assert code == 0 and "ok" in output and "4 commits" in output
    code, output = await asyncio.to_thread(run_verify, nats_url, topology, tampered)
    assert code == 1 and "broken" in output and "seq 4" in output
    code, output = await asyncio.to_thread(run_verify, nats_url, topology, new_game_id())
    assert code == 1 and "not found" in output
