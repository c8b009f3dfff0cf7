"""Scaling benchmark of the bots service: bot moves per second with 1 and with
2 worker processes, through the real services over real NATS.

Each round starts the rules service and N bots workers as child processes in
a namespace of its own (on NATS_URL, or an embedded nats-server), seats bots
in every seat of `games` games the way matchmaking does (the seating in the
seats KV bucket, then `rules.start_game`), and counts the moves the rules
service accepted from the workers (their `tabletop_bots_moves_total`) over
`seconds`, after a short warm-up. Every round plays the same games (same
seeds) with bots of one level (`tabletop.policies.levels`): the bots play
levels only, never raw specs.

The level should be costly enough that choosing dominates a move (the
default `hard`, 0.25 s of CPU per searched move): then the rate measures the
workers, not NATS or the rules service. (An iteration budget taking 0.05 s
once made NATS and the rules service the bottleneck on the two cores, and a
second worker added nothing: 0.95x.) A time budget is CPU time per move, so
both rounds do the same work per move. The workers fetch one commit at a
time, so a worker holding a batch cannot starve the other.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
import urllib.request
import uuid
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nats

from tabletop.devserver import free_port, start_service, wait_ready
from tabletop.devserver.child import ChildProcess
from tabletop.eventlog import Topology, drop_namespace, ensure_key_values, ensure_streams
from tabletop.games import get_game
from tabletop.messaging import RulesClient, StartGame
from tabletop.messaging.matchmaking import SeatInfo, Seating
from tabletop.runtime import SERVICES

from .bench_nats import bench_nats
from .tables import table_console

ACCEPTED = 'tabletop_bots_moves_total{answer="accepted"}'


@dataclass(frozen=True, slots=True)
class BotsBenchSettings:
    game: str = "schotten-totten"
    level: str = "hard"
    games: int = 8  # games in flight: each has one pending bot move at a time
    seconds: float = 15.0  # measured per round
    warmup_moves: int = 10  # accepted before the clock starts (imports, caches)
    workers: tuple[int, ...] = (1, 2)


@dataclass(frozen=True, slots=True)
class Round:
    workers: int
    moves: int
    seconds: float
    load: float  # the machine's 1-minute load average at the end: read the rate with it

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "workers": self.workers,
            "moves": self.moves,
            "seconds": round(self.seconds, 2),
            "moves_per_second": round(self.moves_per_second, 2),
            "load_average": round(self.load, 2),
        }


def _accepted(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        for line in response.read().decode().splitlines():
            if line.startswith(ACCEPTED + " "):
                return int(float(line.rsplit(" ", 1)[1]))
    return 0


def _start(name: str, env: dict[str, str], log_dir: Path) -> tuple[ChildProcess, int]:
    spec = next(spec for spec in SERVICES if spec.name == name)
    port = free_port()
    return start_service(spec, env, log_dir, port), port


async def _seat_bots_and_start(nats_url: str, namespace: str, settings: BotsBenchSettings) -> None:
    """Seatings first (a worker reading the first commit must find its seats),
    then the games, seeds 0..games-1: every round plays the same ones."""
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        topology = Topology(namespace=namespace)
        await ensure_streams(js, topology)
        await ensure_key_values(js, topology)
        seats = await js.key_value(topology.seats_bucket)
        rules = RulesClient(nc, namespace, timeout=10.0)
        players = get_game(settings.game).min_players
        for seed in range(settings.games):
            game_id = f"bench{seed}x{uuid.uuid4().hex[:8]}"
            bots = [SeatInfo(player_id=f"bot{s}", bot=settings.level) for s in range(players)]
            seating = Seating(game_id=game_id, game=settings.game, seats=bots)
            await seats.put(game_id, seating.model_dump_json().encode())
            reply = await rules.start_game(
                StartGame(game=settings.game, players=players, seed=seed, game_id=game_id)
            )
            if reply.game_id != game_id:
                raise RuntimeError(f"rules did not start {game_id}: {reply}")
    finally:
        await nc.close()


def _wait_for(ports: list[int], moves: int, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    while True:
        total = sum(_accepted(port) for port in ports)
        if total >= moves:
            return total
        if time.monotonic() > deadline:
            raise TimeoutError(f"only {total} bot moves after {timeout:.0f}s (wanted {moves})")
        time.sleep(0.2)


def _round(nats_url: str, log_dir: Path, workers: int, settings: BotsBenchSettings) -> Round:
    namespace = f"benchbots{uuid.uuid4().hex[:8]}"
    env = {"NATS_URL": nats_url, "TABLETOP_NAMESPACE": namespace, "LOG_LEVEL": "WARNING"}
    with ExitStack() as stack:
        rules, rules_port = _start("rules", env, log_dir / "rules")
        stack.callback(rules.stop)
        started = []
        for n in range(workers):
            # One commit per fetch: a worker holding a batch would starve the other.
            bot_env = {**env, "BOTS_FETCH_BATCH": "1"}
            child, port = _start("bots", bot_env, log_dir / f"bots{n}")
            stack.callback(child.stop)
            started.append((child, port))
        wait_ready(rules, rules_port, timeout=60)
        for child, port in started:
            wait_ready(child, port, timeout=60)
        ports = [port for _, port in started]
        asyncio.run(_seat_bots_and_start(nats_url, namespace, settings))
        before = _wait_for(ports, settings.warmup_moves, timeout=120)
        clock = time.perf_counter()
        time.sleep(settings.seconds)
        after = sum(_accepted(port) for port in ports)
        elapsed = time.perf_counter() - clock
    asyncio.run(_drop_namespace(nats_url, namespace))
    return Round(workers, after - before, elapsed, os.getloadavg()[0])


async def _drop_namespace(nats_url: str, namespace: str) -> None:
    """Leave nothing behind on a shared NATS_URL."""
    nc = await nats.connect(nats_url)
    try:
        await drop_namespace(nc.jetstream(), Topology(namespace=namespace))
    finally:
        await nc.close()


def bots_figures(
    settings: BotsBenchSettings | None = None, nats_url: str | None = None, quiet: bool = False
) -> dict[str, Any]:
    """Run one round per worker count; return the rates and the scaling ratio."""
    from rich.console import Console

    settings = settings or BotsBenchSettings()
    console = Console(stderr=True, quiet=quiet)
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tabletop-bench-bots-")))
        nats_url, source = bench_nats(stack, tmp, nats_url)
        rounds = []
        for workers in settings.workers:
            with console.status(f"{workers} bots worker(s), {settings.level}…"):
                rounds.append(_round(nats_url, tmp / str(workers), workers, settings))
    base = rounds[0].moves_per_second
    return {
        "nats": source,
        "game": settings.game,
        "level": settings.level,
        "games": settings.games,
        "cpus": os.cpu_count(),
        "rounds": [r.as_dict() for r in rounds],
        "ratios": {
            f"{r.workers}/{rounds[0].workers}": round(r.moves_per_second / base, 2) if base else 0
            for r in rounds[1:]
        },
    }


def render_bots_figures(figures: dict[str, Any]) -> None:
    from rich.table import Table

    table = Table(
        min_width=100,
        title=f"bots service over real NATS ({figures['nats']}): {figures['game']}, "
        f"level {figures['level']}, {figures['games']} games in flight, {figures['cpus']} CPUs",
    )
    for column in ("workers", "moves", "seconds", "moves/s", "load average"):
        table.add_column(column, justify="right")
    for r in figures["rounds"]:
        table.add_row(
            str(r["workers"]),
            str(r["moves"]),
            f"{r['seconds']:.1f}",
            f"{r['moves_per_second']:.2f}",
            f"{r['load_average']:.1f}",
        )
    console = table_console()
    console.print(table)
    for label, ratio in figures["ratios"].items():
        console.print(f"scaling, {label} workers: {ratio:.2f}x")
