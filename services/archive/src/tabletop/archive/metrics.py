"""Prometheus metrics of the archive (one registry per app instance)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram

from tabletop.runtime import RequestCounter

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class ArchiveMetrics:
    def __init__(self, registry: CollectorRegistry) -> None:
        self.commits = Counter(
            "tabletop_archive_commits",
            "Commits taken from JetStream, by result (stored, duplicate, malformed, failed)",
            ["result"],
            registry=registry,
        )
        self.chain_breaks = Counter(
            "tabletop_archive_chain_breaks",
            "Commits whose hash or link to the previous commit is wrong (alert on any)",
            registry=registry,
        )
        self.games_finished = Counter(
            "tabletop_archive_games_finished", "Games the archive saw end", registry=registry
        )
        self.store_seconds = Histogram(
            "tabletop_archive_store_seconds",
            "Time to store one commit durably (the JetStream ack waits for it)",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.request = RequestCounter(
            "tabletop_archive_requests",
            "Archive requests by operation and outcome (refusals by error code)",
            registry,
        )
