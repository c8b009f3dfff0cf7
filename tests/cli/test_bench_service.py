"""The service benchmark runs end to end and returns every figure."""

from __future__ import annotations

import pytest

from tabletop.cli.bench_service import CONCURRENCY, decides_without_chance, service_figures
from tabletop.games import get_game

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_service_figures_are_complete(nats_url: str) -> None:
    figures = service_figures(seconds=0.5, quiet=True, nats_url=nats_url, cold_lengths=(10, 70))
    for concurrency in CONCURRENCY:
        row = figures["throughput"][str(concurrency)]
        assert row["raw"]["appends_per_second"] > 0
        rules = row["after"]
        assert rules["commands"] > 0 and rules["refused"] == 0
        assert rules["p99_ms"] >= rules["p50_ms"] > 0
        # Each side's CPU per command: the client's own is always known.
        assert (
            rules["client_cpu_ms_per_command"] > 0 and row["raw"]["client_cpu_ms_per_command"] > 0
        )
    assert figures["half_load"]["commands"] > 0 and figures["two_processes"]["commands"] > 0
    assert figures["two_apart"]["commands"] > 0 and figures["two_apart"]["refused"] == 0
    # Each process's part of the CPU per command (the scaling evidence).
    for two in (figures["two_processes"], figures["two_apart"]):
        each = two["cpu_ms_per_command_each"]
        assert len(each) == 2 and abs(sum(each) - two["cpu_ms_per_command"]) < 0.01
    # Game affinity (ADR 27): two processes sharing games read a head from the
    # log for a game's first command at most, not for every other one.
    pinned, unpinned = figures["two_processes"], figures["two_unpinned"]
    assert unpinned["commands"] > 0 and unpinned["refused"] == 0
    assert pinned["head_reads_per_command"] < unpinned["head_reads_per_command"]
    assert [row["commits"] for row in figures["cold"]] == [10, 70]
    for row in figures["cold"]:
        assert row["full_replay_ms"] > 0 and row["cold_head_ms"] > 0
        assert row["cold_command_ms_after"] > 0
    # A verdict on each of #17's goals, and the cores one process's row kept busy.
    assert len(figures["goals"]) == 6 and all(isinstance(g["met"], bool) for g in figures["goals"])
    assert figures["cores"]["machine"] >= 1


def test_a_game_without_chance_past_its_setup_is_followed_without_reads() -> None:
    assert decides_without_chance(get_game("schotten-totten"))
    assert not decides_without_chance(get_game("potion-explosion"))
