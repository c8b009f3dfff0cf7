"""`tabletop tournament` through the real CLI entry point, on a tiny run."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.games import get_game
from tabletop.policies.tournament import step_cap

runner = CliRunner()


def test_tournament_prints_json_standings() -> None:
    args = ["tournament", "splendor", "--players", "2", "--policies", "random,greedy,ismcts:5"]
    result = runner.invoke(app, [*args, "--games", "2", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["policies"] == ["random", "greedy", "ismcts:5"]
    assert report["games_played"] == 3 * 2
    assert len(report["lineups"]) == 3
    for entrant in report["entrants"]:
        assert entrant["games"] == 4
        low, high = entrant["ci95"]
        assert 0 <= low <= entrant["win_rate"] <= high <= 1
        assert {"mu", "sigma", "ordinal"} <= set(entrant["rating"])
    assert sum(e["wins"] for e in report["entrants"]) == 6


def test_tournament_refuses_unknown_policies_and_games() -> None:
    assert (
        runner.invoke(app, ["tournament", "splendor", "--policies", "minimax,random"]).exit_code
        == 2
    )
    assert runner.invoke(app, ["tournament", "chess"]).exit_code == 2
    too_few = ["tournament", "splendor", "-p", "3", "--policies", "random,greedy"]
    assert runner.invoke(app, too_few).exit_code == 2


def test_games_past_the_step_cap_are_draws_and_counted() -> None:
    args = ["tournament", "splendor", "--policies", "random,greedy", "--games", "2", "--seed", "1"]
    result = runner.invoke(app, [*args, "--max-steps", "6", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["max_steps"], report["games_capped"]) == (6, 2)
    for result in report["lineups"][0]["results"]:
        assert (result["capped"], result["wins"]) == (2, 1.0)  # two draws: half a win each


def test_the_default_step_cap_follows_the_game_length() -> None:
    short, long = (
        step_cap(get_game(game), players, {}, seed=0)
        for game, players in (("splendor", 2), ("potion-explosion", 4))
    )
    assert 300 < short < 1_000 < 3_000 < long


def test_a_run_logged_to_a_file_says_each_game_on_stderr_beside_the_json() -> None:
    args = ["tournament", "splendor", "--policies", "random,greedy", "--games", "2", "--seed", "3"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games_played"] == 2
    lines = result.stderr.splitlines()
    assert [line.split(":")[0] for line in lines] == ["game 1/2", "game 2/2"]
    assert all("steps" in line for line in lines)


def test_a_table_piped_to_a_file_keeps_every_column_whole() -> None:
    long_name = "ismcts:20:prior=3:expand=2:widen=1.5"
    args = ["tournament", "splendor", "--policies", f"{long_name},random", "--games", "2"]
    result = runner.invoke(app, [*args, "--seed", "5"])
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if long_name in line)
    assert "…" not in row and row.count("%") == 3  # win rate and both interval ends
