"""Helpers for the clock tests: games with a clock, the keeper as a process,
and what the log says about timeouts."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

from nats.aio.client import Client

from tabletop.devserver.child import ChildProcess
from tabletop.eventlog import DEADLINES_DURABLE, Commit, EventLog, Topology, consumer_drained
from tabletop.messaging import RulesClient, StartGame
from tests.support.play import new_id
from tests.support.rules_process import COUNTING, REPO


async def keeper_caught_up(nc: Client, topology: Topology, within: float = 20.0) -> None:
    """The keeper's consumer has every commit acknowledged."""
    drained = await consumer_drained(nc.jetstream(), topology.games_stream, DEADLINES_DURABLE,
                                     within)  # fmt: skip
    assert drained, "the keeper did not catch up"


async def start_clocked(client: RulesClient, initial_ms: int, target: int = 30) -> str:
    started = await client.start_game(
        StartGame(
            game="counting",
            players=2,
            options={"target": target},
            game_id=new_id(),
            clock={"initial_ms": initial_ms},
        )
    )
    return started.game_id


def timeouts(commits: list[Commit]) -> list[Commit]:
    return [c for c in commits if any(e["type"] == "platform.retired" for e in c.events)]


async def wait_for_timeout(log: EventLog, game_id: str, within: float) -> list[Commit]:
    """The game's commits once one holds a timeout (or when `within` s passed)."""
    deadline = time.monotonic() + within
    while True:
        commits, _ = await log.load(game_id)
        if timeouts(commits) or time.monotonic() > deadline:
            return commits
        await asyncio.sleep(0.05)


class KeeperProcess:
    """`python -m tabletop.rules.deadlines` in a namespace."""

    def __init__(self, nats_url: str, namespace: str, log_dir: Path, name: str = "keeper") -> None:
        env = {
            **os.environ,
            "NATS_URL": nats_url,
            "TABLETOP_NAMESPACE": namespace,
            "RULES_EXTRA_GAMES": COUNTING,
            "PYTHONPATH": str(REPO),
        }
        argv = [sys.executable, "-m", "tabletop.rules.deadlines"]
        self.child = ChildProcess(name, argv, log_dir / f"{name}.log", env)

    def kill(self) -> int:
        return self.child.stop(sig=signal.SIGKILL)

    def stop(self) -> int:
        return self.child.stop()
