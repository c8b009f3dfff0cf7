"""`tabletop bench-matchmaking` runs tiny and reports both strategies on the
same arrivals."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tabletop.cli.bench_matchmaking import arrivals, matchmaking_figures
from tabletop.cli.main import app


def test_both_strategies_seat_every_ticket_of_the_same_arrivals() -> None:
    figures = matchmaking_figures(tickets=300, per_second=4.0, seed=3)
    fcfs, rating = figures["strategies"]["fcfs"], figures["strategies"]["rating"]
    assert fcfs["seated"] == rating["seated"] == 300
    for f in (fcfs, rating):
        assert 0 <= f["wait_p50_s"] <= f["wait_p95_s"]
        assert 0.0 <= f["backfilled_share"] <= 1.0
        assert f["tick_cpu_max_ms"] >= f["tick_cpu_mean_ms"] >= 0.0
    # The point of it: tables of closer ratings, and bots nearer the humans.
    assert rating["spread_mean"] < fcfs["spread_mean"]
    assert rating["bot_gap_mean"] < fcfs["bot_gap_mean"]


def test_arrivals_are_seeded_and_in_time_order() -> None:
    first, again = arrivals(50, 2.0, seed=7), arrivals(50, 2.0, seed=7)
    assert first == again
    times = [a.seeker.since for a in first]
    assert times == sorted(times) and len({a.seeker.ticket_id for a in first}) == 50


def test_the_command_takes_the_ticket_count() -> None:
    result = CliRunner().invoke(app, ["bench-matchmaking", "--tickets", "40", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["tickets"] == 40
    assert set(figures["strategies"]) == {"fcfs", "rating"}
    assert figures["strategies"]["rating"]["seated"] == 40
