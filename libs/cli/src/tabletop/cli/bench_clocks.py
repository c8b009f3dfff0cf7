"""`tabletop bench-clocks`: N live games with clocks on one deadline keeper.

The rules service runs without its in-process keeper; one keeper process
(`python -m tabletop.rules.deadlines`) keeps every deadline. N games start
with a clock of `initial_ms` and nobody moves, so each must end on time:
either all at once (the worst case: every deadline in the few seconds the
starts took) or at an even pace over `spread_ms` (a population whose games
began over time). The figures: the lateness of each timeout after its
deadline at three stages (the keeper's request seen on the rules subject, the
rules service's decision = the commit's `at`, the commit stored in the stream;
p50/p99/max, goal p99 <= 1 s), lost and duplicated timeouts (any is a
failure), the keeper's resident memory per live game (after it holds all N,
minus before), and the keeper's and the rules service's CPU seconds per 1,000
games (from before the first start to the last timeout).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import tempfile
import time
import uuid
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nats
from nats.aio.msg import Msg
from nats.js.api import DeliverPolicy

from tabletop.devserver import free_port, start_service, wait_ready
from tabletop.devserver.child import ChildProcess
from tabletop.eventlog import DEADLINES_DURABLE, Commit, Topology, consumer_drained, drop_namespace
from tabletop.messaging import Refusal, RulesClient, StartGame
from tabletop.messaging.subjects import RulesSubjects
from tabletop.runtime import SERVICES

from .bench_nats import bench_nats
from .tables import table_console

KEEPER_MODULE = "tabletop.rules.deadlines"
STARTING = 64  # start requests in flight at once


@dataclass(frozen=True)
class ClocksBenchSettings:
    games: int = 10_000
    initial_ms: int = 60_000  # long enough that all N start before the first deadline
    game: str = "schotten-totten"
    nats_url: str | None = None
    spread_ms: int = 0  # starts paced evenly over this window (0: as fast as they go)
    rules_cache_size: int | None = None  # RULES_CACHE_SIZE of the rules service


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
    if not await consumer_drained(js, stream, DEADLINES_DURABLE, within):
        raise TimeoutError("the keeper did not catch up with the commits")


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


@dataclass
class _Observer:
    """Every commit of the namespace (an ordered consumer: with the stream's
    append time) and every timeout request on the rules subject (a plain
    subscriber gets a copy beside the rules queue group): the stages of each
    timeout, measured against its deadline on this machine's clock."""

    initial_ms: int
    expected: int  # games that must time out
    deadlines: dict[str, int] = field(default_factory=dict)  # game -> Unix ms
    fired: dict[str, int] = field(default_factory=dict)  # first timeout request seen
    requests: int = 0  # timeout requests seen (a retry or a second keeper adds one)
    decided: dict[str, list[int]] = field(default_factory=dict)  # timeout commits' `at`
    appended: dict[str, list[int]] = field(default_factory=dict)  # their stream time
    other_commits: int = 0  # nobody moves: any other commit is a bench fault
    all_timed_out: asyncio.Event = field(default_factory=asyncio.Event)

    async def on_commit(self, msg: Msg) -> None:
        commit = Commit.from_bytes(msg.data)
        stored = int(msg.metadata.timestamp.timestamp() * 1000)
        if commit.seq == 1:
            assert commit.at is not None
            self.deadlines[commit.game_id] = commit.at + self.initial_ms
        elif any(
            e.get("type") == "platform.retired" and e.get("reason") == "timeout"
            for e in commit.events
        ):
            assert commit.at is not None
            self.decided.setdefault(commit.game_id, []).append(commit.at)
            self.appended.setdefault(commit.game_id, []).append(stored)
            if len(self.decided) >= self.expected:
                self.all_timed_out.set()
        else:
            self.other_commits += 1

    async def on_request(self, msg: Msg) -> None:
        request = json.loads(msg.data)
        if request.get("command", {}).get("type") == "timeout":
            self.requests += 1
            self.fired.setdefault(request["game_id"], _now_ms())

    def lateness(self, stage: dict[str, int] | dict[str, list[int]]) -> dict[str, int]:
        samples = [
            (at if isinstance(at, int) else at[0]) - self.deadlines[game_id]
            for game_id, at in stage.items()
            if game_id in self.deadlines
        ]
        return {
            "p50": _quantile(samples, 0.50),
            "p99": _quantile(samples, 0.99),
            "max": max(samples, default=0),
            "min": min(samples, default=0),
        }

    def late_by_window(self, window_ms: int = 10_000, late_ms: int = 1000) -> dict[str, int]:
        """Appended timeouts later than `late_ms`, by window of their deadlines
        (seconds after the first deadline): a steady backlog or one stall."""
        if not self.deadlines:
            return {}
        first = min(self.deadlines.values())
        windows: dict[str, int] = {}
        for game_id, stored in self.appended.items():
            deadline = self.deadlines.get(game_id)
            if deadline is not None and stored[0] - deadline > late_ms:
                key = f"{(deadline - first) // window_ms * window_ms // 1000}s"
                windows[key] = windows.get(key, 0) + 1
        return dict(sorted(windows.items(), key=lambda kv: int(kv[0][:-1])))


async def _start_all(
    settings: ClocksBenchSettings, rules: RulesClient, observer: _Observer
) -> list[str]:
    """Start every game; with `spread_ms`, at an even pace over that window
    (a population whose games began over time, not all in one burst)."""
    gate = asyncio.Semaphore(STARTING)
    clock = {"initial_ms": settings.initial_ms}
    interval = settings.spread_ms / 1000 / settings.games
    began = time.monotonic()

    async def start(n: int) -> str:
        await asyncio.sleep(max(0.0, began + n * interval - time.monotonic()))
        async with gate:
            started = await rules.start_game(
                StartGame(game=settings.game, players=2, seed=n, clock=clock)
            )
            return started.game_id

    return await asyncio.gather(*(start(n) for n in range(settings.games)))


async def _measure(
    settings: ClocksBenchSettings,
    nats_url: str,
    namespace: str,
    keeper: ChildProcess,
    rules_process: ChildProcess,
) -> dict[str, Any]:
    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    topology = Topology(namespace=namespace)
    rules = RulesClient(nc, namespace=namespace, timeout=30.0)
    observer = _Observer(settings.initial_ms, settings.games)
    pid = keeper.pid
    load_before = os.getloadavg()
    try:
        await _wait_consumer_drained(js, topology.games_stream, within=60)
        await js.subscribe(
            topology.games_subjects,
            ordered_consumer=True,
            deliver_policy=DeliverPolicy.NEW,
            cb=observer.on_commit,
        )
        await nc.subscribe(
            RulesSubjects(namespace=namespace).submit_command, cb=observer.on_request
        )
        rss_before, cpu_before = _proc_rss_bytes(pid), _proc_cpu_seconds(pid)
        rules_cpu_before = _proc_cpu_seconds(rules_process.pid)
        began = time.monotonic()
        game_ids = await _start_all(settings, rules, observer)
        start_seconds = time.monotonic() - began
        await _wait_consumer_drained(js, topology.games_stream, within=120)
        rss_live = _proc_rss_bytes(pid)
        # Every game ends on time: wait for the last deadline plus a margin,
        # then a little more for any second timeout to show.
        give_up = (settings.initial_ms + settings.spread_ms) / 1000 + 60
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(observer.all_timed_out.wait(), give_up)
        await asyncio.sleep(2.0)
        cpu_after = _proc_cpu_seconds(pid)
        rules_cpu_after = _proc_cpu_seconds(rules_process.pid)
    finally:
        await nc.close()
    games = settings.games
    lost = [game_id for game_id in game_ids if game_id not in observer.decided]
    duplicated = sum(len(ats) - 1 for ats in observer.decided.values())
    return {
        "games": games,
        "game": settings.game,
        "initial_ms": settings.initial_ms,
        "spread_ms": settings.spread_ms,
        "start_seconds": round(start_seconds, 2),
        "timed_out": len(observer.decided),
        "lost": len(lost),
        "duplicated": duplicated,
        "timeout_requests": observer.requests,
        "other_commits": observer.other_commits,
        # deadline -> the keeper's request on the wire -> the rules service's
        # decision (the commit's `at`) -> the commit stored in the stream
        "lateness_ms": {
            "fired": observer.lateness(observer.fired),
            "decided": observer.lateness(observer.decided),
            "appended": observer.lateness(observer.appended),
        },
        "late_over_1s_by_deadline_window": observer.late_by_window(),
        "keeper_bytes_per_game": round(max(0, rss_live - rss_before) / games),
        "keeper_cpu_seconds_per_1000_games": round((cpu_after - cpu_before) * 1000 / games, 3),
        "rules_cpu_seconds_per_1000_games": round(
            (rules_cpu_after - rules_cpu_before) * 1000 / games, 3
        ),
        "load_average_1m": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
        "cpus": os.cpu_count(),
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
        if settings.rules_cache_size is not None:
            env["RULES_CACHE_SIZE"] = str(settings.rules_cache_size)
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
            figures = asyncio.run(_measure(settings, nats_url, namespace, keeper, rules))
    return {"nats": source, **figures}


async def _drop(nats_url: str, namespace: str) -> None:
    nc = await nats.connect(nats_url)
    try:
        await drop_namespace(nc.jetstream(), Topology(namespace=namespace))
    except Refusal:
        pass
    finally:
        await nc.close()


def clocks_failed(figures: dict[str, Any]) -> bool:
    """A lost or duplicated timeout (or a commit nobody made) fails the bench."""
    return bool(figures["lost"] or figures["duplicated"] or figures["other_commits"])


def render_clocks_figures(figures: dict[str, Any]) -> None:
    from rich.table import Table

    spread = figures["spread_ms"]
    started = f"started over {spread / 1000:g} s" if spread else "started at once"
    table = Table(
        title=f"{figures['games']:,} live {figures['game']} games with a "
        f"{figures['initial_ms'] / 1000:g} s clock, {started}, on one deadline keeper "
        f"({figures['nats']})"
    )
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("timeouts", f"{figures['timed_out']:,}")
    table.add_row("lost / duplicated", f"{figures['lost']} / {figures['duplicated']}")
    table.add_row("timeout requests (retries included)", f"{figures['timeout_requests']:,}")
    for stage, late in figures["lateness_ms"].items():
        table.add_row(f"lateness {stage} p50 / p99 / max ms",
                      f"{late['p50']} / {late['p99']} / {late['max']}")  # fmt: skip
    windows = figures["late_over_1s_by_deadline_window"]
    table.add_row(
        "late > 1 s, by deadline window",
        ", ".join(f"{at}: {n}" for at, n in windows.items()) or "none",
    )
    table.add_row("keeper memory per live game", f"{figures['keeper_bytes_per_game']:,} B")
    table.add_row("keeper CPU per 1,000 games", f"{figures['keeper_cpu_seconds_per_1000_games']} s")
    table.add_row("rules CPU per 1,000 games", f"{figures['rules_cpu_seconds_per_1000_games']} s")
    table.add_row("starting them all took", f"{figures['start_seconds']} s")
    before, after = figures["load_average_1m"]
    table.add_row(
        "load average (1 min) before / after", f"{before} / {after} on {figures['cpus']} CPUs"
    )
    console = table_console()
    console.print(table)
    if clocks_failed(figures):
        console.print(
            f"[bold red]FAILED: {figures['lost']} timeouts lost, {figures['duplicated']} "
            f"duplicated, {figures['other_commits']} unexpected commits[/]"
        )
    p99 = figures["lateness_ms"]["appended"]["p99"]
    verdict = "met" if p99 <= 1000 and not clocks_failed(figures) else "NOT met"
    console.print(f"goal p99 lateness (appended) <= 1 s: {verdict}")
