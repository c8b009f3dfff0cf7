"""Prometheus metrics of the bots (one registry per app instance)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram

LATENCY_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
# ismcts:1s runs some hundreds to thousands of iterations per move, by game and load.
ITERATION_BUCKETS = (10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000)


class BotsMetrics:
    def __init__(self, registry: CollectorRegistry) -> None:
        self.commits = Counter(
            "tabletop_bots_commits",
            "Commits taken from JetStream, by what the worker did (moved, no_bot, stale, retry…)",
            ["result"],
            registry=registry,
        )
        self.moves = Counter(
            "tabletop_bots_moves",
            "Moves submitted, by the rules service's answer (accepted or the error code)",
            ["answer"],
            registry=registry,
        )
        self.level_fallbacks = Counter(
            "tabletop_bots_level_fallbacks",
            "Bot moves whose seat named no level of its game (e.g. a raw policy spec) "
            "and played the default level instead",
            registry=registry,
        )
        self.think_seconds = Histogram(
            "tabletop_bots_think_seconds",
            "Time a policy took to choose a move",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.search_iterations = Histogram(
            "tabletop_bots_search_iterations",
            "Search iterations a searching policy (ismcts) ran for one move (forced moves: none)",
            buckets=ITERATION_BUCKETS,
            registry=registry,
        )
