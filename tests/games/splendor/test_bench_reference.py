"""`tabletop bench` sets the Splendor rows beside the reference engine's
quoted figures (games per second), in the table and in `--json`."""

from __future__ import annotations

import json

from tabletop.cli.bench import GameRate, random_game_rate, render_rates
from tabletop.games import get_game


def test_splendor_rows_carry_the_reference_and_the_ratio(capsys) -> None:
    rates = [
        random_game_rate(get_game("splendor"), 2, seconds=0.0),  # the minimum, 3 games
        random_game_rate(get_game("splendor"), 4, seconds=0.0),
        random_game_rate(get_game("splendor-pokemon"), 2, seconds=0.0),
    ]
    two, four, pokemon = (json.loads(json.dumps(r.as_dict())) for r in rates)
    assert two["reference_games_per_second"] == 500.0
    assert four["reference_games_per_second"] == 280.0
    assert two["cpu_vs_reference"] == round(rates[0].cpu_games_per_second / 500.0, 2)
    assert pokemon["reference_games_per_second"] is None and pokemon["cpu_vs_reference"] is None
    render_rates(rates)
    out = capsys.readouterr().out
    assert "vs ref" in out and "500" in out and "280" in out


def test_the_ratio_is_games_per_cpu_second_over_the_reference() -> None:
    rate = GameRate("splendor", 2, "-", games=600, commands=50_000, seconds=2.0, cpu_seconds=1.0)
    assert rate.vs_reference == 600.0 / 500.0
    assert GameRate("toy", 2, "-", 1, 1, 1.0, 1.0).vs_reference is None


def test_the_bench_command_measures_only_the_games_named() -> None:
    from typer.testing import CliRunner

    from tabletop.cli.main import app

    runner = CliRunner()
    args = ["bench", "--no-service", "--seconds", "0", "--json"]
    result = runner.invoke(app, [*args, "--game", "splendor"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["in_process"]
    assert [(r["game"], r["players"]) for r in rows] == [("splendor", 2), ("splendor", 4)]
    assert all(r["cpu_vs_reference"] > 0 for r in rows)
    refused = runner.invoke(app, [*args, "--game", "chess"])
    assert refused.exit_code == 2
    assert "chess" in refused.output
