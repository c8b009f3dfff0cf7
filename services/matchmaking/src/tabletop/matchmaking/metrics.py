"""Prometheus metrics of matchmaking (one registry per app instance)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from tabletop.runtime import RequestCounter

WAIT_BUCKETS = (0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0)


class MatchmakingMetrics:
    def __init__(self, registry: CollectorRegistry) -> None:
        self.tickets = Counter(
            "tabletop_matchmaking_tickets", "Tickets by event (joined, left)", ["event"],
            registry=registry,
        )  # fmt: skip
        self.matches = Counter(
            "tabletop_matchmaking_matches",
            "Matches by result (started, retry, refused)",
            ["result"],
            registry=registry,
        )
        self.seatings_expired = Counter(
            "tabletop_matchmaking_seatings_expired",
            "Seatings of finished games deleted after MATCHMAKING_SEATING_RETENTION",
            registry=registry,
        )
        self.waiting = Gauge(
            "tabletop_matchmaking_waiting", "Tickets waiting in all queues", registry=registry
        )
        self.wait_seconds = Histogram(
            "tabletop_matchmaking_wait_seconds",
            "From the first ticket of a match joining to the match starting",
            buckets=WAIT_BUCKETS,
            registry=registry,
        )
        self.request = RequestCounter(
            "tabletop_matchmaking_requests",
            "Requests by operation and outcome (refusals by error code)",
            registry,
        )
