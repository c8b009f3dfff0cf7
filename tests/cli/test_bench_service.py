"""The service benchmark runs end to end and returns every figure."""

from __future__ import annotations

import pytest

from tabletop.cli.bench_service import service_figures

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_service_figures_are_complete(nats_url: str) -> None:
    figures = service_figures(seconds=0.5, quiet=True, nats_url=nats_url, concurrency=2)
    assert figures["rules"]["commands"] > 0 and figures["rules"]["refused"] == 0
    assert figures["rules"]["p99_ms"] >= figures["rules"]["p50_ms"] > 0
    assert figures["jetstream_append"]["appends_per_second"] > 0
    assert figures["replay_100"]["commits"] == 100
    assert figures["replay_100"]["total_ms"] > 0
