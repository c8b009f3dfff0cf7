"""`tabletop bench-matchmaking`: first come first served beside rating-aware
matching, on the same simulated arrivals, in one run.

The population is drawn once (seeded): ratings are OpenSkill mu, normal
around the new-player 25 with a spread of 5 (what a settled OpenSkill board
looks like), rated games per player geometric with a mean of 20, so about a
fifth are provisional. Tickets arrive as a Poisson process, each asking for
a 2-, 3- or 4-player table (70/15/15 %), one pool per table size. Every tick
both strategies plan every pool; the simulated clock moves, the CPU time of
each planning step is measured (`time.process_time`), interleaved so both
see the same machine load.

First come first served is today's queue (tabletop.matchmaking.queues):
full tables in arrival order, and once the oldest ticket waited `bot_wait`
seconds everyone waiting (up to a table) is seated, bots of the default
level filling the rest. Rating-aware is tabletop.policies.matching.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tabletop.policies.levels import DEFAULT_LEVEL
from tabletop.policies.matching import (
    BOT_LEVEL_RATINGS,
    Plan,
    Seeker,
    Table,
    Window,
    plan_tables,
)

TABLE_SIZES = ((2, 0.70), (3, 0.15), (4, 0.15))
Planner = Callable[[list[Seeker], int, float], Plan]


@dataclass(frozen=True, slots=True)
class Arrival:
    seeker: Seeker
    players: int


def arrivals(tickets: int, per_second: float, seed: int) -> list[Arrival]:
    """`tickets` seekers arriving as a Poisson process (seeded)."""
    rnd = random.Random(seed)
    sizes = [size for size, _ in TABLE_SIZES]
    weights = [weight for _, weight in TABLE_SIZES]
    at = 0.0
    out: list[Arrival] = []
    for i in range(tickets):
        at += rnd.expovariate(per_second)
        games = int(rnd.expovariate(1 / 20))
        rating = rnd.gauss(25.0, 5.0)
        seeker = Seeker(ticket_id=f"t{i:06d}", rating=rating, games=games, since=at)
        out.append(Arrival(seeker, rnd.choices(sizes, weights)[0]))
    return out


def first_come_first_served(window: Window) -> Planner:
    def plan(pool: list[Seeker], players: int, now: float) -> Plan:
        waiting = sorted(pool, key=lambda s: (s.since, s.ticket_id))
        tables: list[Table] = []
        while len(waiting) >= players:
            tables.append(Table(tuple(waiting[:players])))
            waiting = waiting[players:]
        if waiting and now - waiting[0].since >= window.bot_wait:
            tables.append(Table(tuple(waiting), players - len(waiting), DEFAULT_LEVEL))
        return Plan(tables)

    return plan


def rating_aware(window: Window) -> Planner:
    def plan(pool: list[Seeker], players: int, now: float) -> Plan:
        return plan_tables(pool, players, now, window)

    return plan


@dataclass(slots=True)
class Run:
    """What one strategy did over the whole simulation."""

    pools: dict[int, list[Seeker]] = field(default_factory=dict)
    waits: list[float] = field(default_factory=list)
    spreads: list[float] = field(default_factory=list)  # tables with 2+ humans
    bot_gaps: list[float] = field(default_factory=list)  # |bot level - humans' mean|
    backfilled: int = 0
    seated: int = 0
    tables: int = 0
    tick_cpu: list[float] = field(default_factory=list)

    def seat(self, tables: Iterable[Table], now: float) -> None:
        for table in tables:
            self.tables += 1
            self.seated += len(table.seekers)
            self.waits += [now - s.since for s in table.seekers]
            if len(table.seekers) > 1:
                self.spreads.append(table.spread)
            if table.bots:
                self.backfilled += len(table.seekers)
                mean = statistics.fmean(s.rating for s in table.seekers)
                self.bot_gaps.append(abs(BOT_LEVEL_RATINGS[table.bot_level or ""] - mean))

    def tick(self, planner: Planner, now: float) -> None:
        started = time.process_time()
        for players, pool in self.pools.items():
            plan = planner(pool, players, now)
            seated = plan.seated()
            self.pools[players] = [s for s in pool if s.ticket_id not in seated]
            self.seat(plan.tables, now)
        self.tick_cpu.append(time.process_time() - started)

    def figures(self) -> dict[str, Any]:
        return {
            "seated": self.seated,
            "tables": self.tables,
            "wait_p50_s": percentile(self.waits, 50),
            "wait_p95_s": percentile(self.waits, 95),
            "spread_mean": statistics.fmean(self.spreads) if self.spreads else 0.0,
            "spread_p95": percentile(self.spreads, 95),
            "backfilled_share": self.backfilled / self.seated if self.seated else 0.0,
            "bot_gap_mean": statistics.fmean(self.bot_gaps) if self.bot_gaps else 0.0,
            "tick_cpu_mean_ms": 1000 * statistics.fmean(self.tick_cpu) if self.tick_cpu else 0.0,
            "tick_cpu_max_ms": 1000 * max(self.tick_cpu, default=0.0),
        }


def percentile(values: list[float], p: int) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def matchmaking_figures(
    tickets: int = 10_000,
    per_second: float = 4.0,
    tick: float = 1.0,
    seed: int = 1,
    window: Window | None = None,
) -> dict[str, Any]:
    """Both strategies over the same arrivals; ticks until every pool is empty."""
    window = window or Window()
    incoming = arrivals(tickets, per_second, seed)
    runs = {
        "fcfs": (first_come_first_served(window), Run()),
        "rating": (rating_aware(window), Run()),
    }
    for _, run in runs.values():
        run.pools = {players: [] for players, _ in TABLE_SIZES}
    now, i = 0.0, 0
    while i < len(incoming) or any(any(r.pools.values()) for _, r in runs.values()):
        now += tick
        while i < len(incoming) and incoming[i].seeker.since <= now:
            for _, run in runs.values():
                run.pools[incoming[i].players].append(incoming[i].seeker)
            i += 1
        for planner, run in runs.values():  # interleaved: both see the same load
            run.tick(planner, now)
    return {
        "tickets": tickets,
        "arrivals_per_second": per_second,
        "tick_seconds": tick,
        "simulated_seconds": now,
        "seed": seed,
        "window": {
            "base": window.base,
            "widen_per_second": window.widen_per_second,
            "widest": window.widest,
            "provisional_games": window.provisional_games,
            "provisional_factor": window.provisional_factor,
            "bot_wait": window.bot_wait,
        },
        "strategies": {name: run.figures() for name, (_, run) in runs.items()},
    }


def render_matchmaking_figures(figures: dict[str, Any]) -> None:
    from rich.table import Table as RichTable

    from .tables import table_console

    w = figures["window"]
    table = RichTable(
        min_width=100,
        title=f"matchmaking, {figures['tickets']} tickets at {figures['arrivals_per_second']}/s "
        f"(seed {figures['seed']}), tick {figures['tick_seconds']} s, bot wait {w['bot_wait']} s",
    )
    columns = ("strategy", "wait p50 s", "wait p95 s", "spread mean", "spread p95",
               "backfilled", "bot gap", "CPU/tick mean ms", "CPU/tick max ms")  # fmt: skip
    for column in columns:
        table.add_column(column, justify="right")
    for name, f in figures["strategies"].items():
        table.add_row(
            name,
            f"{f['wait_p50_s']:.1f}",
            f"{f['wait_p95_s']:.1f}",
            f"{f['spread_mean']:.2f}",
            f"{f['spread_p95']:.2f}",
            f"{100 * f['backfilled_share']:.1f} %",
            f"{f['bot_gap_mean']:.2f}",
            f"{f['tick_cpu_mean_ms']:.3f}",
            f"{f['tick_cpu_max_ms']:.2f}",
        )
    console = table_console()
    console.print(table)
    console.print(
        "spread: max - min mu of the humans at a table (2+ humans); bot gap: |bot level's "
        "rating - the humans' mean mu| at backfilled tables; mu of a new player: 25."
    )
