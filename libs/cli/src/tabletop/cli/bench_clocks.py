"""`tabletop bench-clocks`: N live games with clocks on one deadline keeper.

The rules service runs without its in-process keeper; one keeper process
(`python -m tabletop.rules.deadlines`) keeps every deadline. N games start
with a clock of `initial_ms` and nobody moves, so each must end on time. The
figures: lateness of each timeout commit after its deadline (p50/p99/max,
goal p99 <= 1 s), the keeper's resident memory per live game (after it
holds all N, minus before), and its CPU seconds per 1,000 games (from before
the first start to the last timeout).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
import uuid
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nats
from nats.js.errors import NotFoundError

from tabletop.devserver import free_port, start_service, wait_ready
from tabletop.devserver.child import ChildProcess
from tabletop.eventlog import EventLog, Topology, drop_namespace
from tabletop.messaging import Refusal, RulesClient, StartGame
from tabletop.runtime import SERVICES

from .bench_nats import bench_nats
from .tables import table_console

KEEPER_MODULE = "tabletop.rules.deadlines"
KEEPER_DURABLE = "deadlines"
STARTING = 64  # start requests in flight at once


@dataclass(frozen=True)
class ClocksBenchSettings:
    games: int = 10_000
    initial_ms: int = 60_000  # long enough that all N start before the first deadline
    game: str = "schotten-totten"
    nats_url: str | None = None


def _proc_rss_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _proc_cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _quantile(samples: list[int], q: float) -> int:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0


async def _wait_consumer_drained(js: Any, stream: str, within: float) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            info = await js.consumer_info(stream, KEEPER_DURABLE)
            if info.num_pending == 0 and info.num_ack_pending == 0:
                return
        except NotFoundError:
            pass
        await asyncio.sleep(0.1)
    raise TimeoutError("the keeper did not catch up with the commits")


async def _measure(
    settings: ClocksBenchSettings, nats_url: str, namespace: str, keeper: ChildProcess
) -> dict[str, Any]:
    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    topology = Topology(namespace=namespace)
    rules = RulesClient(nc, namespace=namespace, timeout=30.0)
    log = EventLog(js, topology)
    pid = keeper.pid
    try:
        await _wait_consumer_drained(js, topology.games_stream, within=60)
        rss_before, cpu_before = _proc_rss_bytes(pid), _proc_cpu_seconds(pid)
        gate = asyncio.Semaphore(STARTING)
        clock = {"initial_ms": settings.initial_ms}

        deadlines: dict[str, int] = {}

        async def start(n: int) -> str:
            async with gate:
                started = await rules.start_game(
                    StartGame(game=settings.game, players=2, seed=n, clock=clock)
                )
                first, _ = await log.last(started.game_id)  # one direct get: its `at`
                assert first is not None and first.at is not None
                deadlines[started.game_id] = first.at + settings.initial_ms
                return started.game_id

        began = time.monotonic()
        game_ids = await asyncio.gather(*(start(n) for n in range(settings.games)))
        start_seconds = time.monotonic() - began
        await _wait_consumer_drained(js, topology.games_stream, within=120)
        rss_live = _proc_rss_bytes(pid)
        # Every game ends on time: wait for the last deadline plus a margin.
        lateness: list[int] = []
        missing = set(game_ids)
        give_up = time.monotonic() + settings.initial_ms / 1000 + 60
        while missing and time.monotonic() < give_up:
            await asyncio.sleep(0.5)
            for game_id in list(missing):
                last, _ = await log.last(game_id)  # nobody moves: commit 2 is the timeout
                if last is not None and last.seq >= 2 and last.at is not None:
                    lateness.append(last.at - deadlines[game_id])
                    missing.discard(game_id)
        cpu_after = _proc_cpu_seconds(pid)
    finally:
        await nc.close()
    games = settings.games
    return {
        "games": games,
        "game": settings.game,
        "initial_ms": settings.initial_ms,
        "start_seconds": round(start_seconds, 2),
        "timed_out": len(lateness),
        "never_timed_out": len(missing),
        "lateness_ms": {
            "p50": _quantile(lateness, 0.50),
            "p99": _quantile(lateness, 0.99),
            "max": max(lateness, default=0),
            "min": min(lateness, default=0),
        },
        "keeper_bytes_per_game": round(max(0, rss_live - rss_before) / games),
        "keeper_cpu_seconds_per_1000_games": round((cpu_after - cpu_before) * 1000 / games, 3),
    }


def clocks_figures(settings: ClocksBenchSettings, quiet: bool = False) -> dict[str, Any]:
    from rich.console import Console

    console = Console(stderr=True, quiet=quiet)
    namespace = f"bench{uuid.uuid4().hex[:8]}"
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tabletop-clocks-")))
        nats_url, source = bench_nats(stack, tmp, settings.nats_url)
        env = {
            "NATS_URL": nats_url,
            "TABLETOP_NAMESPACE": namespace,
            "LOG_LEVEL": os.environ.get("BENCH_LOG_LEVEL", "WARNING"),
            "RULES_DEADLINE_KEEPER": "false",
        }
        rules_spec = next(spec for spec in SERVICES if spec.name == "rules")
        port = free_port()
        with console.status("starting the rules service and one deadline keeper…"):
            rules = start_service(rules_spec, env, tmp, port)
            stack.callback(rules.stop)
            wait_ready(rules, port, timeout=60)
            keeper = ChildProcess(
                "keeper",
                [sys.executable, "-m", KEEPER_MODULE],
                tmp / "keeper.log",
                {**os.environ, **env},
            )
            stack.callback(keeper.stop)
        stack.callback(lambda: asyncio.run(_drop(nats_url, namespace)))
        with console.status(f"{settings.games:,} live games with clocks…"):
            figures = asyncio.run(_measure(settings, nats_url, namespace, keeper))
    return {"nats": source, **figures}


async def _drop(nats_url: str, namespace: str) -> None:
    nc = await nats.connect(nats_url)
    try:
        await drop_namespace(nc.jetstream(), Topology(namespace=namespace))
    except Refusal:
        pass
    finally:
        await nc.close()


def render_clocks_figures(figures: dict[str, Any]) -> None:
    from rich.table import Table

    late = figures["lateness_ms"]
    table = Table(
        title=f"{figures['games']:,} live {figures['game']} games with a "
        f"{figures['initial_ms'] / 1000:g} s clock on one deadline keeper ({figures['nats']})"
    )
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row(
        "timeouts (never timed out)", f"{figures['timed_out']:,} ({figures['never_timed_out']})"
    )
    table.add_row("lateness p50 / p99 / max ms", f"{late['p50']} / {late['p99']} / {late['max']}")
    table.add_row("keeper memory per live game", f"{figures['keeper_bytes_per_game']:,} B")
    table.add_row("keeper CPU per 1,000 games", f"{figures['keeper_cpu_seconds_per_1000_games']} s")
    table.add_row("starting them all took", f"{figures['start_seconds']} s")
    console = table_console()
    console.print(table)
    verdict = "met" if late["p99"] <= 1000 and not figures["never_timed_out"] else "NOT met"
    console.print(f"goal p99 lateness <= 1 s: {verdict}")
