"""`tabletop bench-clocks`, tiny: every game times out once, the figures are
there, and a lost or duplicated timeout fails the bench."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cli.bench_clocks import ClocksBenchSettings, clocks_failed, clocks_figures


@pytest.mark.integration
def test_bench_clocks_times_every_game_out_and_reports_the_figures(nats_url: str) -> None:
    settings = ClocksBenchSettings(games=5, initial_ms=2000, nats_url=nats_url, spread_ms=500)
    figures = clocks_figures(settings, quiet=True)
    assert figures["timed_out"] == 5
    assert (figures["lost"], figures["duplicated"], figures["other_commits"]) == (0, 0, 0)
    assert figures["timeout_requests"] >= 5 and not clocks_failed(figures)
    stages = figures["lateness_ms"]
    assert set(stages) == {"fired", "decided", "appended"}
    for late in stages.values():
        assert 0 <= late["min"] <= late["p50"] <= late["p99"] <= late["max"] < 10_000
    # The rules service stamps `at` before the append: a commit is stored after it.
    assert stages["decided"]["min"] <= stages["appended"]["max"]
    assert figures["keeper_bytes_per_game"] >= 0
    assert figures["keeper_cpu_seconds_per_1000_games"] >= 0
    assert figures["rules_cpu_seconds_per_1000_games"] > 0


def figures_with(**counts: int) -> dict[str, Any]:
    return {"lost": 0, "duplicated": 0, "other_commits": 0, **counts}


@pytest.mark.parametrize("fault", ["lost", "duplicated", "other_commits"])
def test_a_lost_or_duplicated_timeout_fails_the_bench(fault: str) -> None:
    assert not clocks_failed(figures_with())
    assert clocks_failed(figures_with(**{fault: 1}))
