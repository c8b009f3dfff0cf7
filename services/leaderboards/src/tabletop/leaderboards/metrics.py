"""Prometheus metrics of the leaderboards (one registry per app instance)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter

from tabletop.runtime import RequestCounter


class LeaderboardsMetrics:
    def __init__(self, registry: CollectorRegistry) -> None:
        self.commits = Counter(
            "tabletop_leaderboards_commits",
            "Commits seen, by result (ongoing, rated, duplicate, skipped, malformed, retry)",
            ["result"],
            registry=registry,
        )
        self.skipped = Counter(
            "tabletop_leaderboards_games_skipped",
            "Finished games not rated, by reason",
            ["reason"],
            registry=registry,
        )
        self.request = RequestCounter(
            "tabletop_leaderboards_requests",
            "Leaderboard requests by operation and outcome (refusals by error code)",
            registry,
        )
