"""Benchmark of the rules service over real NATS, beside raw JetStream.

`service_figures` starts rules services as subprocesses (on NATS_URL, or an
embedded nats-server), each set in a namespace of its own, and measures in
one run, at 1 and 64 requests in flight:

- raw: the broker's own limit, a prepared commit appended with
  expected-last-subject-sequence and a message id (no rules, no reads);
- commands/s and p50/p99 latency through one rules process, each client
  playing random legal moves in its own game (and, with `baseline` given, the
  same through a rules process running that checkout's code);
- p99 at half the load one process sustains, and the rate of two processes;
- cold starts at several log lengths (`bench_cold`).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Awaitable
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import nats
from nats.aio.client import Client
from nats.js.api import Header

from tabletop.devserver import free_port, start_service, wait_ready
from tabletop.devserver.child import ChildProcess
from tabletop.eventlog import (
    DEADLINES_DURABLE,
    EventLog,
    KeyValueSnapshots,
    Topology,
    consumer_drained,
    drop_namespace,
    ensure_streams,
)
from tabletop.games import game_ids, get_game
from tabletop.kernel import Game
from tabletop.messaging import Refusal, RulesClient, RulesSubjects, StartGame, SubmitCommand
from tabletop.messaging.subjects import RULES_AT_HEADER
from tabletop.runtime import SERVICES

from .bench_cold import cold_figures, write_long_game
from .bench_goals import cores_in_use, goals, machine_cores
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


def decides_without_chance(game: Game[Any], samples: int = 120) -> bool:
    """Whether `game`'s moves (past its setup) never depend on the generator:
    a client can then follow its game by deciding its own commands, with no
    read of the log (which would load the broker and the client, not rules)."""
    rng = random.Random(0)
    state = game.new(game.min_players, seed=0)
    for _ in range(samples):
        if not game.to_act(state):
            state = game.new(game.min_players, seed=rng.randrange(1 << 30))
        command = rng.choice(game.legal_commands(state, game.to_act(state)[0]))
        events = game.decide(state, command, random.Random(1))
        if events != game.decide(state, command, random.Random(2)):
            return False
        state = game.fold(state, events)
    return True


class _Player:
    """One client playing random legal moves through the rules service,
    following its game by deciding its own moves (`follow_locally`, for a
    game without chance past its setup) or in the event log (so it knows the
    cards dealt)."""

    def __init__(
        self,
        client: RulesClient,
        log: EventLog,
        game: Game[Any],
        seed: int,
        interval: float,
        follow_locally: bool,
    ) -> None:
        self.client, self.log, self.game, self.interval = client, log, game, interval
        self.follow_locally = follow_locally
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.refused = 0
        self.phase = random.Random(seed).random() * interval  # spreads the clients' sends
        self.next_at = 0.0

    def _going(self, until: float) -> bool:
        return time.perf_counter() < until or not self.latencies  # at least one sample

    async def play(self, until: float) -> None:
        # The phase counts from the clock's start, not from construction: clients
        # prepared for longer than an interval would otherwise all send at once.
        self.next_at = time.perf_counter() + self.phase
        while self._going(until):
            started = await self.client.start_game(
                StartGame(game=self.game.id, players=self.game.min_players)
            )
            commits, stream_seq = await self.log.load(started.game_id)
            state = self.game.replay(e for c in commits for e in c.events)
            seq = commits[-1].seq
            while self.game.to_act(state) and self._going(until):
                seat = self.game.to_act(state)[0]
                command = self.rng.choice(self.game.legal_commands(state, seat))
                request = SubmitCommand(
                    game_id=started.game_id,
                    command_id=uuid.uuid4().hex,
                    command=command.model_dump(mode="json"),
                    expected_seq=seq,
                )
                if self.interval:  # paced: one command per interval, on this client's phase
                    await asyncio.sleep(max(0.0, self.next_at - time.perf_counter()))
                    self.next_at += self.interval
                sent = time.perf_counter()
                try:
                    await self.client.submit(request)
                except Refusal:
                    self.refused += 1
                    break
                finally:
                    self.latencies.append(time.perf_counter() - sent)
                if self.follow_locally:
                    state = self.game.fold(state, self.game.decide(state, command, self.rng))
                    seq += 1
                    continue
                new, stream_seq = await self.log.load(started.game_id, (seq, stream_seq))
                state = self.game.fold(
                    state, (self.game.parse_event(e) for c in new for e in c.events)
                )
                seq = new[-1].seq


class _PreparedPlayer:
    """A client as cheap as the raw writer: its games (a game without chance
    past its setup, started with a seed) are played out beforehand, every
    request's bytes ready; timed, it only sends them and reads the replies.
    (Validating and encoding each command with pydantic cost the client more
    CPU than the rules process spent deciding it.)"""

    def __init__(
        self, nc: Client, namespace: str, game: Game[Any], seed: int, interval: float,
        pin: bool = True,
    ) -> None:  # fmt: skip
        self.nc, self.game, self.interval, self.pin = nc, game, interval, pin
        self.subjects = RulesSubjects(namespace=namespace)
        self.rng = random.Random(seed)
        self.games: list[tuple[bytes, list[bytes]]] = []
        self.at = self.subjects.submit_command  # where the game's commands go
        self.prepared = 0  # commands in `games`, not yet taken
        self.latencies: list[float] = []
        self.refused = 0
        self.phase = random.Random(seed).random() * interval  # spreads the clients' sends
        self.next_at = 0.0

    def prepare(self, commands: int) -> None:
        """Games enough for `commands` more commands."""
        while self.prepared < commands:
            self.games.append(self._one_game())
            self.prepared += len(self.games[-1][1])

    def _one_game(self) -> tuple[bytes, list[bytes]]:
        game, seed, game_id = self.game, self.rng.randrange(1 << 62), uuid.uuid4().hex
        start = {"game": game.id, "players": game.min_players, "seed": seed, "game_id": game_id}
        state, seq, submits = game.new(game.min_players, seed), 1, []
        while game.to_act(state):
            command = self.rng.choice(game.legal_commands(state, game.to_act(state)[0]))
            request = {"game_id": game_id, "command_id": uuid.uuid4().hex,
                       "command": command.model_dump(mode="json"), "expected_seq": seq}  # fmt: skip
            submits.append(json.dumps(request).encode())
            state, seq = game.fold(state, game.decide(state, command, self.rng)), seq + 1
        return json.dumps(start).encode(), submits

    def _going(self, until: float) -> bool:
        return time.perf_counter() < until or not self.latencies  # at least one sample

    async def _paced(self) -> None:
        """Paced: one request per interval, on this client's phase."""
        if self.interval:
            await asyncio.sleep(max(0.0, self.next_at - time.perf_counter()))
            self.next_at += self.interval

    async def _ask(self, subject: str, data: bytes) -> bool:
        reply = await self.nc.request(subject, data, timeout=10.0)
        if self.pin and reply.headers and RULES_AT_HEADER in reply.headers:
            self.at = reply.headers[RULES_AT_HEADER]  # as RulesClient pins (ADR 27)
        return not json.loads(reply.data).get("error")

    async def play(self, until: float) -> None:
        # The phase counts from the clock's start, not from construction: clients
        # prepared for longer than an interval would otherwise all send at once.
        self.next_at = time.perf_counter() + self.phase
        while self._going(until):
            if not self.games:
                self.prepare(1)  # more than prepared: decided now, on the clock
            start, submits = self.games.pop(0)
            self.prepared -= len(submits)  # what is left prepared
            self.at = self.subjects.submit_command  # a new game: any process
            await self._paced()  # a start too: all 64 at once held up the commands after them
            if not await self._ask(self.subjects.start_game, start):
                raise RuntimeError(f"the rules service refused a start: {start!r}")
            for request in submits:
                if not self._going(until):
                    return
                await self._paced()
                sent = time.perf_counter()
                accepted = await self._ask(self.at, request)
                self.latencies.append(time.perf_counter() - sent)
                if not accepted:
                    self.refused += 1
                    break


# Commands prepared before a closed loop's clock starts, per second measured
# and client in flight, up to a ceiling above what two processes serve here.
# (The rest are decided on the clock, costing the client CPU the machine's
# other processes need: at 3,000/s in all, over half of a 7,000/s run was.)
PREPARED_PER_SECOND = (2000, 12000)


async def _rules_rate(
    nc: Client,
    namespace: str,
    game: Game[Any],
    seconds: float,
    concurrency: int,
    rate: float = 0.0,
    pin: bool = True,
) -> dict[str, Any]:
    """Closed loop (`rate` 0) or paced at `rate` commands/s in all (with the
    raw `latencies`, which callers drop or merge); `pin`: game affinity."""
    interval = concurrency / rate if rate else 0.0
    players: list[Any]
    if decides_without_chance(game):
        players = [
            _PreparedPlayer(nc, namespace, game, s, interval, pin) for s in range(concurrency)
        ]
        each, ceiling = PREPARED_PER_SECOND
        per_player = (rate or min(ceiling, each * concurrency)) * seconds / concurrency
        for player in players:
            player.prepare(int(per_player) + 1)
    else:
        client = RulesClient(nc, namespace=namespace, timeout=10.0)
        log = EventLog(nc.jetstream(), Topology(namespace=namespace))
        players = [_Player(client, log, game, s, interval, False) for s in range(concurrency)]
    client_cpu = time.process_time()
    started = time.perf_counter()
    await asyncio.gather(*(p.play(started + seconds) for p in players))
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - client_cpu
    latencies = [x for p in players for x in p.latencies]
    return {
        "commands": len(latencies),
        "refused": sum(p.refused for p in players),
        "commands_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": _ms(latencies, 0.50),
        "p99_ms": _ms(latencies, 0.99),
        "client_cpu_ms_per_command": round(1000 * client_cpu / max(1, len(latencies)), 3),
        "latencies": latencies,
    }


async def _raw_rate(
    nc: Client, namespace: str, payload: bytes, seconds: float, concurrency: int
) -> dict[str, Any]:
    """The broker's limit: one prepared commit's bytes appended again and
    again, each conditional on the subject's last sequence, with a message id."""
    js = nc.jetstream()
    topology = Topology(namespace=namespace)
    latencies: list[float] = []
    expected, msg_id = Header.EXPECTED_LAST_SUBJECT_SEQUENCE.value, Header.MSG_ID.value

    async def writer(until: float) -> None:
        subject = topology.game_subject(f"raw{uuid.uuid4().hex[:12]}")
        stream_seq = 0
        while time.perf_counter() < until:
            headers = {expected: str(stream_seq), msg_id: uuid.uuid4().hex}
            t = time.perf_counter()
            ack = await js.publish(subject, payload, stream=topology.games_stream, headers=headers)
            latencies.append(time.perf_counter() - t)
            stream_seq = ack.seq

    client_cpu = time.process_time()
    started = time.perf_counter()
    await asyncio.gather(*(writer(started + seconds) for _ in range(concurrency)))
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - client_cpu
    return {
        "appends": len(latencies),
        "commands": len(latencies),
        "appends_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": _ms(latencies, 0.50),
        "p99_ms": _ms(latencies, 0.99),
        "client_cpu_ms_per_command": round(1000 * client_cpu / max(1, len(latencies)), 3),
    }


def _cpu_seconds(pids: list[int]) -> float | None:
    """User + system CPU time of the processes so far (None off Linux): the
    figure a loaded machine changes least (a rate there is mostly waiting)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _listening_pid(url: str) -> int | None:
    """The process listening on `url`'s TCP port here (None when not found or
    not ours to see): the NATS server, to say what CPU it spends per command."""
    port = urlparse(url).port or 4222
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:  # LISTEN
                inodes.add(f"socket:[{fields[9]}]")
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if any(os.readlink(fd) in inodes for fd in (proc / "fd").iterdir()):
                return int(proc.name)
        except OSError:
            continue
    return None


def _per_command(
    figures: dict[str, Any], key: str, before: float | None, after: float | None
) -> None:
    if before is not None and after is not None and figures["commands"]:
        figures[key] = round(1000 * (after - before) / figures["commands"], 3)


def _head_reads(ports: list[int]) -> float | None:
    """The rules processes' heads read before deciding (their metrics), so
    far; None when one does not count them (an older checkout)."""
    total = 0.0
    for port in ports:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as page:
            found = re.search(rb"^tabletop_rules_head_reads_total (\S+)$", page.read(), re.M)
        if found is None:
            return None
        total += float(found[1])
    return total


# How long a row waits for the rules processes' deadline keepers to catch up.
SETTLE_SECONDS = 60.0


async def _settled(nc: Client, namespaces: list[str]) -> None:
    """Once the deadline keepers of `namespaces` have acknowledged every
    commit (or SETTLE_SECONDS passed): the work a row's commands caused is
    then counted in its CPU, not in the next row's. No keeper: nothing to wait for."""
    deadline = time.monotonic() + SETTLE_SECONDS
    for namespace in namespaces:
        stream = Topology(namespace=namespace).games_stream
        left = max(0.0, deadline - time.monotonic())
        await consumer_drained(nc.jetstream(), stream, DEADLINES_DURABLE, left, True)


async def _metered(
    pids: list[int],
    measured: Any,
    server: int | None = None,
    ports: dict[int, int] | None = None,
    settle: Awaitable[None] | None = None,
) -> dict[str, Any]:
    """`measured`'s figures plus the CPU ms per command the `pids` (and the
    NATS server's process `server`, when known) spent on it, and the heads
    the rules processes read from the log per command (`ports`: pid -> HTTP
    port). `settle`: awaited before the CPU is read (the keepers' catch-up)."""
    http = [ports[pid] for pid in pids if pid in ports] if ports else []
    before, server_before = _cpu_seconds(pids), _cpu_seconds([server] if server else [])
    each_before = [_cpu_seconds([pid]) for pid in pids]
    reads_before = _head_reads(http)
    figures: dict[str, Any] = await measured
    figures.pop("latencies", None)
    if settle is not None:
        await settle
    after, server_after = _cpu_seconds(pids), _cpu_seconds([server] if server else [])
    each_after = [_cpu_seconds([pid]) for pid in pids]
    reads_after = _head_reads(http)
    if http and reads_before is not None and reads_after is not None and figures["commands"]:
        reads = (reads_after - reads_before) / figures["commands"]
        figures["head_reads_per_command"] = round(reads, 3)
    if pids:
        _per_command(figures, "cpu_ms_per_command", before, after)
    if len(pids) > 1 and figures["commands"]:  # how the processes shared the work
        figures["cpu_ms_per_command_each"] = [
            round(1000 * (b - a) / figures["commands"], 3) if a is not None and b is not None
            else None
            for a, b in zip(each_before, each_after, strict=True)
        ]  # fmt: skip
    if server:
        _per_command(figures, "server_cpu_ms_per_command", server_before, server_after)
    return figures


def _source_path(checkout: Path) -> str:
    """PYTHONPATH that makes a child run `checkout`'s packages before ours."""
    roots = sorted((checkout / "libs").glob("*/src")) + sorted(
        (checkout / "services").glob("*/src")
    )
    return os.pathsep.join(str(r) for r in roots)


class _Services:
    """Rules processes started for the bench, each stopped when the stack closes."""

    def __init__(self, stack: ExitStack, tmp: Path, nats_url: str, baseline: Path | None) -> None:
        self.stack, self.tmp, self.nats_url, self.baseline = stack, tmp, nats_url, baseline
        self.spec = next(spec for spec in SERVICES if spec.name == "rules")
        self.ports: dict[int, int] = {}

    def start(
        self, namespace: str, *, before: bool = False, cache_size: int = 1024
    ) -> ChildProcess:
        env = {
            "NATS_URL": self.nats_url,
            "TABLETOP_NAMESPACE": namespace,
            "LOG_LEVEL": "WARNING",
            "RULES_CACHE_SIZE": str(cache_size),
        }
        if before:
            assert self.baseline is not None
            env["PYTHONPATH"] = _source_path(self.baseline)
        port = free_port()
        log_dir = self.tmp / uuid.uuid4().hex[:8]
        log_dir.mkdir()
        child = start_service(self.spec, env, log_dir, port)
        self.stack.callback(child.stop)
        wait_ready(child, port, timeout=60)
        self.ports[child.pid] = port  # its HTTP routes: health, metrics
        return child


CONCURRENCY = (1, 64)
COLD_LENGTHS = (10, 1000)


async def _throughput(
    nats_url: str,
    spaces: dict[str, str],
    game: Game[Any],
    seconds: float,
    pids: dict[str, int],
    ports: dict[int, int],
) -> dict[str, Any]:
    """raw, then each rules set, at each concurrency: interleaved in one run."""
    nc = await nats.connect(nats_url)
    server = _listening_pid(nats_url)
    try:
        payload = await _typical_commit(nc, spaces["raw"], game)
        out: dict[str, Any] = {}
        for concurrency in CONCURRENCY:
            raw = _raw_rate(nc, spaces["raw"], payload, seconds, concurrency)
            row: dict[str, Any] = {"raw": await _metered([], raw, server)}
            for name in ("before", "after"):
                if name in spaces:
                    rules = _rules_rate(nc, spaces[name], game, seconds, concurrency)
                    settle = _settled(nc, [spaces[name]])
                    row[name] = await _metered([pids[name]], rules, server, ports, settle)
            out[str(concurrency)] = row
        return out
    finally:
        await nc.close()


async def _typical_commit(nc: Client, namespace: str, game: Game[Any]) -> bytes:
    """The bytes of a game's second commit (a typical move), as stored."""
    log = EventLog(nc.jetstream(), Topology(namespace=namespace))
    game_id = await write_long_game(log, game, 2)
    commits, _ = await log.load(game_id)
    return commits[-1].to_bytes()


async def _loaded(
    nats_url: str, namespace: str, game: Game[Any], seconds: float, rate: float, pids: list[int],
    pin: bool = True, ports: dict[int, int] | None = None,
) -> dict[str, Any]:  # fmt: skip
    nc = await nats.connect(nats_url)
    try:
        rules = _rules_rate(nc, namespace, game, seconds, max(CONCURRENCY), rate, pin)
        settle = _settled(nc, [namespace])
        return await _metered(pids, rules, _listening_pid(nats_url), ports, settle)
    finally:
        await nc.close()


async def _apart(
    nats_url: str, namespaces: list[str], game: Game[Any], seconds: float, pids: list[int]
) -> dict[str, Any]:
    """Processes each serving its own games (a namespace each), clients split
    evenly, all at once: two processes without the cost of sharing games (a
    queue group hands a game's next command to either, whose head may be behind)."""
    nc = await nats.connect(nats_url)
    try:
        clients = max(CONCURRENCY) // len(namespaces)

        async def together() -> dict[str, Any]:
            rows = await asyncio.gather(
                *(_rules_rate(nc, space, game, seconds, clients) for space in namespaces)
            )
            latencies = [x for row in rows for x in row.pop("latencies")]
            return {
                "commands": sum(row["commands"] for row in rows),
                "refused": sum(row["refused"] for row in rows),
                "commands_per_second": round(sum(row["commands_per_second"] for row in rows), 1),
                "p50_ms": _ms(latencies, 0.50),
                "p99_ms": _ms(latencies, 0.99),
            }

        settle = _settled(nc, namespaces)
        return await _metered(pids, together(), _listening_pid(nats_url), None, settle)
    finally:
        await nc.close()


async def _cold(
    nats_url: str, spaces: dict[str, str], game: Game[Any], lengths: tuple[int, ...]
) -> list[dict[str, Any]]:
    """Per log length: a long game written to each cold set's namespace, then
    a full replay, a cold head load and each set's cold command on it."""
    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    try:
        rows = []
        for length in lengths:
            row: dict[str, Any] = {}
            for name in ("after", "before"):
                if f"{name}_cold" not in spaces:
                    continue
                topology = Topology(namespace=spaces[f"{name}_cold"])
                log = EventLog(js, topology)
                snapshots = await KeyValueSnapshots.ensure(js, topology)
                game_id = await write_long_game(log, game, length)
                client = RulesClient(nc, namespace=topology.namespace, timeout=30.0)
                figures = await cold_figures(log, snapshots, {name: client}, game_id, game)
                row = {**figures, **row} if name == "before" else figures
            rows.append(row)
        return rows
    finally:
        await nc.close()


async def _prepare(nats_url: str, namespaces: list[str]) -> None:
    nc = await nats.connect(nats_url)
    try:
        for namespace in namespaces:
            await ensure_streams(nc.jetstream(), Topology(namespace=namespace))
    finally:
        await nc.close()


async def _drop(nats_url: str, namespaces: list[str]) -> None:
    nc = await nats.connect(nats_url)
    try:
        for namespace in namespaces:
            await drop_namespace(nc.jetstream(), Topology(namespace=namespace))
    finally:
        await nc.close()


def service_figures(
    seconds: float = 2.0,
    quiet: bool = False,
    nats_url: str | None = None,
    game: str | None = None,
    baseline: Path | None = None,
    cold_lengths: tuple[int, ...] = COLD_LENGTHS,
) -> dict[str, Any]:
    """Measure raw JetStream and the rules service (and `baseline`'s) in one run."""
    from rich.console import Console

    console = Console(stderr=True, quiet=quiet)
    chosen = _pick_game(game)
    run = uuid.uuid4().hex[:6]
    spaces = {"raw": f"benchraw{run}", "after": f"benchnew{run}", "apart": f"benchapart{run}"}
    if baseline is not None:
        spaces["before"] = f"benchold{run}"
    for name in ("before", "after"):
        if name in spaces:
            spaces[f"{name}_cold"] = f"{spaces[name]}cold"
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tabletop-bench-")))
        nats_url, source = bench_nats(stack, tmp, nats_url)
        asyncio.run(_prepare(nats_url, list(spaces.values())))
        stack.callback(lambda: asyncio.run(_drop(nats_url, list(spaces.values()))))
        with ExitStack() as processes:
            services = _Services(processes, tmp, nats_url, baseline)
            pids: dict[str, int] = {}
            with console.status("starting rules services…"):
                for name in ("before", "after"):
                    if name in spaces:
                        pids[name] = services.start(spaces[name], before=name == "before").pid
            with console.status(f"rules service vs raw JetStream ({chosen.id})…"):
                throughput = asyncio.run(
                    _throughput(nats_url, spaces, chosen, seconds, pids, services.ports)
                )
            one = throughput[str(max(CONCURRENCY))]["after"]["commands_per_second"]
            with console.status("half load, then two rules processes…"):

                def loaded(rate: float, on: list[int], pin: bool = True) -> dict[str, Any]:
                    args = (spaces["after"], chosen, seconds, rate, on, pin, services.ports)
                    return asyncio.run(_loaded(nats_url, *args))

                half = loaded(one / 2, [pids["after"]])
                both = [pids["after"], services.start(spaces["after"]).pid]
                two, unpinned = loaded(0.0, both), loaded(0.0, both, pin=False)
                alone = [pids["after"], services.start(spaces["apart"]).pid]
                namespaces = [spaces["after"], spaces["apart"]]
                apart = asyncio.run(_apart(nats_url, namespaces, chosen, seconds, alone))
        with ExitStack() as processes:
            # Cold: processes that cache nothing (every command loads its game).
            services = _Services(processes, tmp, nats_url, baseline)
            with console.status("cold starts…"):
                for name in ("before", "after"):
                    if name in spaces:
                        services.start(
                            spaces[f"{name}_cold"], before=name == "before", cache_size=0
                        )
                cold = asyncio.run(_cold(nats_url, spaces, chosen, cold_lengths))
    figures = {"nats": source, "game": chosen.id, "seconds": seconds,
               "baseline": str(baseline) if baseline else None, "throughput": throughput,
               "half_load": half, "two_processes": two, "two_unpinned": unpinned,
               "two_apart": apart, "cold": cold}  # fmt: skip
    figures["goals"] = [goal.as_dict() for goal in goals(figures)]
    figures["cores"] = {"machine": machine_cores(), "one_process": cores_in_use(figures)}
    return figures


def _cpu_cells(figures: dict[str, Any]) -> tuple[str, str, str, str]:
    """CPU ms per command of the rules process(es), the bench client, the NATS
    server; heads the rules process(es) read from the log per command."""
    keys = ("cpu_ms_per_command", "client_cpu_ms_per_command", "server_cpu_ms_per_command",
            "head_reads_per_command")  # fmt: skip
    rules, client, server, reads = (str(figures.get(key, "")) for key in keys)
    each = figures.get("cpu_ms_per_command_each")
    if each and None not in each:  # each process's part of the CPU per command
        rules += f" ({'+'.join(str(x) for x in each)})"
    return rules, client, server, reads


def render_service_figures(figures: dict[str, Any]) -> None:
    from rich.table import Table

    console = table_console()
    table = Table(title=f"over real NATS ({figures['nats']}), {figures['game']}")
    headers = ("path", "in flight", "per second", "p50 ms", "p99 ms", "÷ raw", "CPU ms/cmd",
               "client CPU", "NATS CPU", "head reads/cmd")  # fmt: skip
    for column in headers:
        table.add_column(column, justify="left" if column == "path" else "right")
    names = {"raw": "raw JetStream append (prepared commit)", "before": "rules (baseline)",
             "after": "rules (this checkout)"}  # fmt: skip
    for concurrency, row in figures["throughput"].items():
        raw = row["raw"]["appends_per_second"]
        for name, label in names.items():
            if name not in row:
                continue
            rate = row[name].get("commands_per_second", row[name].get("appends_per_second"))
            table.add_row(label, concurrency, f"{rate:,.0f}", str(row[name]["p50_ms"]),
                          str(row[name]["p99_ms"]), f"{rate / raw:.3f}",
                          *_cpu_cells(row[name]))  # fmt: skip
    half, two = figures["half_load"], figures["two_processes"]
    one = figures["throughput"][str(max(CONCURRENCY))]["after"]["commands_per_second"]
    table.add_row("rules, paced at half its rate", str(max(CONCURRENCY)),
                  f"{half['commands_per_second']:,.0f}", str(half["p50_ms"]),
                  str(half["p99_ms"]), "", *_cpu_cells(half))  # fmt: skip
    table.add_row("two rules processes", str(max(CONCURRENCY)),
                  f"{two['commands_per_second']:,.0f}", str(two["p50_ms"]), str(two["p99_ms"]),
                  f"{two['commands_per_second'] / one:.2f}x one", *_cpu_cells(two))  # fmt: skip
    unpinned = figures["two_unpinned"]
    table.add_row("two rules processes, no game affinity", str(max(CONCURRENCY)),
                  f"{unpinned['commands_per_second']:,.0f}", str(unpinned["p50_ms"]),
                  str(unpinned["p99_ms"]), f"{unpinned['commands_per_second'] / one:.2f}x one",
                  *_cpu_cells(unpinned))  # fmt: skip
    apart = figures["two_apart"]
    table.add_row("two rules processes, each its own games", str(max(CONCURRENCY)),
                  f"{apart['commands_per_second']:,.0f}", str(apart["p50_ms"]),
                  str(apart["p99_ms"]), f"{apart['commands_per_second'] / one:.2f}x one",
                  *_cpu_cells(apart))  # fmt: skip
    console.print(table)
    cold = Table(title="cold starts (median ms)")
    columns = ["commits", "full_replay_ms", "cold_head_ms", "cold_command_ms_after"]
    if figures["baseline"]:
        columns.append("cold_command_ms_before")
    for column in columns:
        cold.add_column(column.replace("_ms", "").replace("_", " "), justify="right")
    for row in figures["cold"]:
        cold.add_row(*(str(row.get(c, "")) for c in columns))
    console.print(cold)
    cores = figures["cores"]
    caption = (
        f"one process at {max(CONCURRENCY)} in flight kept {cores['one_process']} of the "
        f"machine's {cores['machine']} cores busy (rules, clients, NATS)"
        if cores["one_process"] is not None
        else None
    )
    verdicts = Table(title="the rules service's goals (#17), this run", caption=caption)
    for column in ("goal", "figure", "met"):
        verdicts.add_column(column)
    for goal in figures["goals"]:
        verdicts.add_row(goal["goal"], goal["figure"], "yes" if goal["met"] else "no")
    console.print(verdicts)
