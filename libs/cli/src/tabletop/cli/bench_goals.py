"""The rules service's goals (issue #17) read off one run's figures.

`goals` is pure: the figures `service_figures` returns in, one verdict per
goal out, so the bench prints whether each goal was met in this run, not only
the numbers. `cores_in_use` says how much of the machine one process's row
kept busy (the rules process, the bench's clients and the NATS server), which
is what bounds two processes on a small machine.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from typing import Any

# The thresholds.
RAW_SHARE = 1 / 3  # of raw JetStream's append rate, at the same concurrency
HALF_LOAD_P99_MS = 10.0
TWO_PROCESSES = 1.8  # times one process
COLD_MS = 5.0  # a cold head load and a cold command, at every log length


@dataclass(frozen=True)
class Goal:
    goal: str
    figure: str
    met: bool

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def goals(figures: dict[str, Any]) -> list[Goal]:
    """Each of #17's service goals in this run's `figures`."""
    out: list[Goal] = []
    for concurrency, row in figures["throughput"].items():
        share = row["after"]["commands_per_second"] / row["raw"]["appends_per_second"]
        what = f"rules ÷ raw at {concurrency} in flight ≥ 1/3"
        out.append(Goal(what, f"{share:.3f}", share >= RAW_SHARE))
    p99 = figures["half_load"]["p99_ms"]
    out.append(Goal("p99 at half load ≤ 10 ms", f"{p99} ms", p99 <= HALF_LOAD_P99_MS))
    one = _busiest(figures)["commands_per_second"]
    times = figures["two_processes"]["commands_per_second"] / one
    out.append(Goal("two processes ≥ 1.8x one", f"{times:.2f}x", times >= TWO_PROCESSES))
    for key, what in (("cold_head_ms", "cold head"), ("cold_command_ms_after", "cold command")):
        worst = max(row[key] for row in figures["cold"])
        lengths = "/".join(str(row["commits"]) for row in figures["cold"])
        out.append(
            Goal(f"{what} ≤ 5 ms at {lengths} commits", f"{worst} ms at most", worst <= COLD_MS)
        )
    return out


def cores_in_use(figures: dict[str, Any]) -> float | None:
    """CPU cores one rules process's busiest row kept busy (the rules process,
    the clients, the NATS server); None where a CPU figure is missing."""
    row = _busiest(figures)
    keys = ("cpu_ms_per_command", "client_cpu_ms_per_command", "server_cpu_ms_per_command")
    if any(row.get(key) is None for key in keys):
        return None
    per_command_ms = sum(row[key] for key in keys)
    return round(row["commands_per_second"] * per_command_ms / 1000, 2)


def _busiest(figures: dict[str, Any]) -> dict[str, Any]:
    """One rules process's row at the most commands in flight."""
    return figures["throughput"][str(max(int(c) for c in figures["throughput"]))]["after"]


def machine_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
