"""Prometheus metrics shaped the same in every request/reply service."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter


class RequestCounter:
    """A service's requests by operation and outcome: `ok`, or `refused`
    with the error code in `code` (empty when ok). Call it once a request."""

    def __init__(self, name: str, documentation: str, registry: CollectorRegistry) -> None:
        self.counter = Counter(name, documentation, ["op", "outcome", "code"], registry=registry)

    def __call__(self, op: str, code: str | None) -> None:
        outcome = "ok" if code is None else "refused"
        self.counter.labels(op=op, outcome=outcome, code=code or "").inc()
