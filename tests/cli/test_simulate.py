"""`tabletop simulate` and `tabletop games` through the real CLI entry point."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import tabletop.games
from tabletop.cli.main import app
from tests.toy_game import ToyGame

runner = CliRunner()


class BrokenToyGame(ToyGame):
    """Lists a command its own decide refuses on some seeds: an engine error."""

    id = "toy-broken"

    def legal_commands(self, state, seat):
        commands = super().legal_commands(state, seat)
        if commands and sum(state.hands[seat]) % 5 == 0:
            return [*commands, commands[0].model_copy(update={"card": 99})]
        return commands


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    games = {g.id: g for g in (ToyGame(), BrokenToyGame())}
    monkeypatch.setattr(tabletop.games, "registry", lambda: games)


def test_games_lists_registered_games() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "toy-broken" in result.output and "2-3" in result.output


def test_simulate_json_summary() -> None:
    result = runner.invoke(app, ["simulate", "toy", "-p", "3", "-n", "30", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["finished"] == 30 and data["errors"] == 0
    assert sum(data["wins_per_seat"]) - data["shared_wins"] >= 30 - data["shared_wins"]
    assert len(data["wins_per_seat"]) == 3
    # 12 cards, one per command: every game has exactly 12 commands.
    assert data["mean_commands"] == 12


def test_simulate_table() -> None:
    result = runner.invoke(app, ["simulate", "toy", "-n", "5"])
    assert result.exit_code == 0
    assert "win rate" in result.output and "errors 0" in result.output


def test_engine_errors_give_a_non_zero_exit() -> None:
    result = runner.invoke(app, ["simulate", "toy-broken", "-n", "40", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["errors"] > 0
    assert "IllegalCommand" in data["error_messages"][0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "unknown game"),
        (["simulate", "toy", "-p", "7"], "2-3 players"),
        (["simulate", "toy", "-o", "colour"], "KEY=VALUE"),
        (["simulate", "toy", "-o", "colour=red"], "colour"),
    ],
)
def test_bad_arguments_are_explained(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
