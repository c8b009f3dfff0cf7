"""`tabletop bench` prints Splendor's own figures; a ratio only beside a peer
engine measured in the same run (tests/cli/test_bench_peers.py), never
against fixed figures."""

from __future__ import annotations

import json

from tabletop.cli.bench import random_game_rate, render_rates
from tabletop.games import get_game


def test_splendor_rows_carry_no_ratio_without_a_peer(capsys) -> None:
    rates = [
        random_game_rate(get_game("splendor"), 2, seconds=0.0),  # the minimum, 3 games
        random_game_rate(get_game("splendor"), 4, seconds=0.0),
    ]
    two, four = (json.loads(json.dumps(r.as_dict())) for r in rates)
    assert two["games"] == four["games"] == 3 and two["cpu_games_per_second"] > 0
    assert "cpu_vs_peer" not in two and "reference_games_per_second" not in two
    render_rates(rates)
    out = capsys.readouterr().out
    assert "splendor" in out and "vs peer" not in out and "vs ref" not in out


def test_the_bench_command_measures_only_the_games_named() -> None:
    from typer.testing import CliRunner

    from tabletop.cli.main import app

    runner = CliRunner()
    args = ["bench", "--no-service", "--seconds", "0", "--json"]
    result = runner.invoke(app, [*args, "--game", "splendor"], env={"TABLETOP_PEER_SPLENDOR": ""})
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["in_process"]
    assert [(r["game"], r["players"]) for r in rows] == [("splendor", 2), ("splendor", 4)]
    assert all(r["cpu_games_per_second"] > 0 and "cpu_vs_peer" not in r for r in rows)
    refused = runner.invoke(app, [*args, "--game", "chess"])
    assert refused.exit_code == 2
    assert "chess" in refused.output
