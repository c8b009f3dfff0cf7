"""Prometheus metrics of the rules service (one registry per app instance)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import CounterMetricFamily, Metric
from prometheus_client.registry import Collector

from .engine import Rules

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class RulesMetrics:
    """`engine`: the running engine (None before startup), whose own counters
    are read at each scrape (a delta per request counted the increments of
    the requests running beside it too)."""

    def __init__(self, registry: CollectorRegistry, engine: Callable[[], Rules | None]) -> None:
        self.requests = Counter(
            "tabletop_rules_requests",
            "Rules requests by operation and outcome (refusals by error code)",
            ["op", "outcome", "code"],
            registry=registry,
        )
        self.latency = Histogram(
            "tabletop_rules_request_seconds",
            "Time from receiving a rules request to its reply",
            ["op"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        registry.register(_EngineCounters(engine))

        # The labelled series of each (op, code) seen: `labels()` per request
        # was 3% of the process (few ops, a fixed set of codes: bounded).
        self._series: dict[tuple[str, str | None], tuple[Counter, Histogram]] = {}

    def record(self, op: str, code: str | None, seconds: float) -> None:
        series = self._series.get((op, code))
        if series is None:
            outcome = "accepted" if code is None else "refused"
            series = self._series[(op, code)] = (
                self.requests.labels(op=op, outcome=outcome, code=code or ""),
                self.latency.labels(op=op),
            )
        series[0].inc()
        series[1].observe(seconds)


class _EngineCounters(Collector):
    def __init__(self, engine: Callable[[], Rules | None]) -> None:
        self._engine = engine

    def collect(self) -> Iterator[Metric]:
        rules = self._engine()
        yield CounterMetricFamily(
            "tabletop_rules_append_conflicts",
            "Appends that lost a race to a concurrent writer and were re-decided",
            value=rules.conflicts if rules else 0,
        )
        # How often game affinity (ADR 27) misses: a command decided on a
        # head read from the log, not on the one cached.
        yield CounterMetricFamily(
            "tabletop_rules_head_reads",
            "Commands whose game head was read from the event log before deciding",
            value=rules.reads if rules else 0,
        )
