"""`tabletop bench-clocks`, tiny: every game times out, and the figures are there."""

from __future__ import annotations

import pytest

from tabletop.cli.bench_clocks import ClocksBenchSettings, clocks_figures

pytestmark = pytest.mark.integration


def test_bench_clocks_times_every_game_out_and_reports_the_figures(nats_url: str) -> None:
    settings = ClocksBenchSettings(games=5, initial_ms=2000, nats_url=nats_url)
    figures = clocks_figures(settings, quiet=True)
    assert figures["timed_out"] == 5 and figures["never_timed_out"] == 0
    late = figures["lateness_ms"]
    assert 0 <= late["min"] <= late["p50"] <= late["p99"] <= late["max"] < 10_000
    assert figures["keeper_bytes_per_game"] >= 0
    assert figures["keeper_cpu_seconds_per_1000_games"] >= 0
