"""Benchmark of the rules service over real NATS, beside raw JetStream.

`service_figures` starts the rules service as a subprocess (on NATS_URL, or
an embedded nats-server) in a namespace of its own and measures, in one run:

- commands/s and p50/p99 request latency through the rules service, with
  `concurrency` clients each playing random legal moves in its own game;
- the raw JetStream append rate: the same commit messages and headers
  (expected last subject sequence, message id), no rules;
- the time to replay a 100-commit game from JetStream: load + fold.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
import uuid
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import nats
from nats.aio.client import Client

from tabletop.devserver import free_port, start_service, wait_ready
from tabletop.eventlog import Commit, EventLog, Topology, ensure_streams, next_commit
from tabletop.games import game_ids, get_game
from tabletop.kernel import Game
from tabletop.messaging import Refusal, RulesClient, StartGame, SubmitCommand
from tabletop.runtime import SERVICES

from .bench_nats import bench_nats
from .tables import table_console

PREFERRED_GAME = "schotten-totten"


def _ms(samples: list[float], q: float) -> float:
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def _pick_game(game: str | None) -> Game[Any]:
    ids = game_ids()
    if game:
        return get_game(game)
    if not ids:
        raise RuntimeError("no registered game to benchmark with")
    return get_game(PREFERRED_GAME if PREFERRED_GAME in ids else ids[0])


class _Player:
    """One client playing random legal moves through the rules service,
    following its game in the event log (so it knows the dealt cards)."""

    def __init__(self, client: RulesClient, log: EventLog, game: Game[Any], seed: int) -> None:
        self.client, self.log, self.game = client, log, game
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.refused = 0

    def _going(self, until: float) -> bool:
        return time.perf_counter() < until or not self.latencies  # at least one sample

    async def play(self, until: float) -> None:
        while self._going(until):
            started = await self.client.start_game(
                StartGame(game=self.game.id, players=self.game.min_players)
            )
            commits, stream_seq = await self.log.load(started.game_id)
            state = self.game.replay(e for c in commits for e in c.events)
            last = commits[-1]
            while self.game.to_act(state) and self._going(until):
                seat = self.game.to_act(state)[0]
                command = self.rng.choice(self.game.legal_commands(state, seat))
                request = SubmitCommand(
                    game_id=last.game_id,
                    command_id=uuid.uuid4().hex,
                    command=command.model_dump(mode="json"),
                    expected_seq=last.seq,
                )
                sent = time.perf_counter()
                try:
                    await self.client.submit(request)
                except Refusal:
                    self.refused += 1
                    break
                finally:
                    self.latencies.append(time.perf_counter() - sent)
                new, stream_seq = await self.log.load(last.game_id, (last.seq, stream_seq))
                state = self.game.fold(
                    state, (self.game.parse_event(e) for c in new for e in c.events)
                )
                last = new[-1]


async def _rules_rate(
    nc: Client, namespace: str, game: Game[Any], seconds: float, concurrency: int
) -> dict[str, Any]:
    client = RulesClient(nc, namespace=namespace, timeout=10.0)
    log = EventLog(nc.jetstream(), Topology(namespace=namespace))
    players = [_Player(client, log, game, seed) for seed in range(concurrency)]
    started = time.perf_counter()
    await asyncio.gather(*(p.play(started + seconds) for p in players))
    elapsed = time.perf_counter() - started
    latencies = [x for p in players for x in p.latencies]
    return {
        "commands": len(latencies),
        "refused": sum(p.refused for p in players),
        "commands_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": _ms(latencies, 0.50),
        "p99_ms": _ms(latencies, 0.99),
    }


async def _append_rate(
    log: EventLog, events: list[dict[str, Any]], seconds: float, concurrency: int
) -> dict[str, Any]:
    latencies: list[float] = []

    async def writer(until: float) -> None:
        game_id, previous, stream_seq = f"raw{uuid.uuid4().hex[:12]}", None, 0
        while time.perf_counter() < until:
            commit = next_commit(
                previous, game_id=game_id, game="raw", command_id=uuid.uuid4().hex,
                seat=0, events=events, rules_version="1",
            )  # fmt: skip
            t = time.perf_counter()
            stream_seq = await log.append(commit, stream_seq)
            latencies.append(time.perf_counter() - t)
            previous = commit

    started = time.perf_counter()
    await asyncio.gather(*(writer(started + seconds) for _ in range(concurrency)))
    elapsed = time.perf_counter() - started
    return {
        "appends": len(latencies),
        "appends_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": _ms(latencies, 0.50),
        "p99_ms": _ms(latencies, 0.99),
    }


async def _write_long_game(log: EventLog, game: Game[Any], commits_wanted: int) -> str:
    """A game of `commits_wanted` commits (random legal play; a longer game is
    cut there, a shorter one restarted) written straight to the log."""
    for seed in range(50):
        rng = random.Random(seed)
        events = game.setup(game.min_players, seed)
        state = game.replay(events)
        batches = [events]
        while game.to_act(state) and len(batches) < commits_wanted:
            seat = game.to_act(state)[0]
            new = game.decide(state, rng.choice(game.legal_commands(state, seat)), rng)
            state = game.fold(state, new)
            batches.append(new)
        if len(batches) == commits_wanted:
            break
    game_id = f"replay{uuid.uuid4().hex[:12]}"
    previous: Commit | None = None
    stream_seq = 0
    for batch in batches:
        previous = next_commit(
            previous, game_id=game_id, game=game.id, command_id=uuid.uuid4().hex,
            seat=None if previous is None else 0,
            events=[e.model_dump(mode="json") for e in batch], rules_version=game.rules_version,
        )  # fmt: skip
        stream_seq = await log.append(previous, stream_seq)
    return game_id


async def _replay_time(log: EventLog, game: Game[Any], rounds: int = 15) -> dict[str, Any]:
    game_id = await _write_long_game(log, game, 100)
    loads, folds = [], []
    for _ in range(rounds):
        t = time.perf_counter()
        commits, _ = await log.load(game_id)
        loaded = time.perf_counter()
        game.replay(e for c in commits for e in c.events)
        loads.append(loaded - t)
        folds.append(time.perf_counter() - loaded)
    return {
        "commits": len(commits),
        "load_ms": round(1000 * statistics.median(loads), 2),
        "fold_ms": round(1000 * statistics.median(folds), 2),
        "total_ms": round(
            1000 * statistics.median([a + b for a, b in zip(loads, folds, strict=True)]), 2
        ),
    }


async def _measure(
    nats_url: str, namespace: str, game: Game[Any], seconds: float, concurrency: int
) -> dict[str, Any]:
    nc = await nats.connect(nats_url)
    topology = Topology(namespace=namespace)
    js = nc.jetstream()
    try:
        await ensure_streams(js, topology)
        log = EventLog(js, topology)
        rules = await _rules_rate(nc, namespace, game, seconds, concurrency)
        sample = await _write_long_game(log, game, 2)
        events = (await log.load(sample))[0][-1].events  # a typical move's events
        raw = await _append_rate(log, events, seconds, concurrency)
        replay = await _replay_time(log, game)
        return {"rules": rules, "jetstream_append": raw, "replay_100": replay}
    finally:
        try:
            await js.delete_stream(topology.games_stream)
        finally:
            await nc.close()


def service_figures(
    seconds: float = 2.0,
    quiet: bool = False,
    nats_url: str | None = None,
    game: str | None = None,
    concurrency: int = 8,
) -> dict[str, Any]:
    """Measure the rules service and raw JetStream in one run; return the figures."""
    from rich.console import Console

    console = Console(stderr=True, quiet=quiet)
    chosen = _pick_game(game)
    namespace = f"bench{uuid.uuid4().hex[:8]}"
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tabletop-bench-")))
        nats_url, source = bench_nats(stack, tmp, nats_url)
        rules = next(spec for spec in SERVICES if spec.name == "rules")
        port = free_port()
        env = {"NATS_URL": nats_url, "TABLETOP_NAMESPACE": namespace, "LOG_LEVEL": "WARNING"}
        with console.status("starting the rules service…"):
            child = start_service(rules, env, tmp, port)
            stack.callback(child.stop)
            wait_ready(child, port, timeout=60)
        with console.status(f"rules service vs raw JetStream ({chosen.id})…"):
            figures = asyncio.run(_measure(nats_url, namespace, chosen, seconds, concurrency))
    return {"nats": source, "game": chosen.id, "concurrency": concurrency,
            "seconds": seconds, **figures}  # fmt: skip


def render_service_figures(figures: dict[str, Any]) -> None:
    from rich.table import Table

    rules, raw, replay = figures["rules"], figures["jetstream_append"], figures["replay_100"]
    table = Table(
        title=f"over real NATS ({figures['nats']}), {figures['game']}, "
        f"{figures['concurrency']} concurrent clients"
    )
    for column in ("path", "per second", "p50 ms", "p99 ms"):
        table.add_column(column, justify="left" if column == "path" else "right")
    table.add_row(
        "rules service: submit command",
        f"{rules['commands_per_second']:,.0f}",
        str(rules["p50_ms"]),
        str(rules["p99_ms"]),
    )
    table.add_row(
        "raw JetStream append (same headers)",
        f"{raw['appends_per_second']:,.0f}",
        str(raw["p50_ms"]),
        str(raw["p99_ms"]),
    )
    console = table_console()
    console.print(table)
    ratio = rules["commands_per_second"] / raw["appends_per_second"]
    console.print(f"rules service / raw append rate (same run): {ratio:.1%}")
    console.print(
        f"replay of a {replay['commits']}-commit game from JetStream: "
        f"{replay['total_ms']} ms (load {replay['load_ms']} ms + fold {replay['fold_ms']} ms)"
    )
