"""Every registered game against the conformance suite (tests/conformance/checks.py).

Each (game, player count, option set) plays CONFORMANCE_GAMES seeded random games
to the end; a smaller number are replayed, JSON-round-tripped, leak-checked (views; moves that look
alike in worlds a seat cannot tell apart) and probed with refused commands at every step.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from tabletop.games import registry
from tests.tables import every_table

from . import checks

FINISH_GAMES = int(os.environ.get("CONFORMANCE_GAMES", "200"))
DEEP_GAMES = int(os.environ.get("CONFORMANCE_DEEP_GAMES", "4"))


CONFIGS = every_table()


def _share(game: Any, total: int) -> int:
    """Spread `total` games over a game's configurations (at least a few each)."""
    configs = sum(1 for p in CONFIGS if p.values[0] is game)
    return max(3, -(-total // configs))


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_random_games_finish(game: Any, players: int, options: dict[str, Any]) -> None:
    for seed in range(_share(game, FINISH_GAMES)):
        try:
            checks.check_finishes(game, players, seed, options)
        except Exception as exc:
            raise AssertionError(f"seed {seed}: {exc}") from exc


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_replay_round_trip_leaks_and_refusals(
    game: Any, players: int, options: dict[str, Any]
) -> None:
    for seed in range(1000, 1000 + DEEP_GAMES):
        run = checks.play(game, players, seed, options)
        checks.check_replay(game, run)
        checks.check_json_round_trip(game, run)
        checks.check_hidden_information(game, run)
        checks.check_refusals(game, run, seed)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_moves_tell_nothing_hidden(game: Any, players: int, options: dict[str, Any]) -> None:
    for seed in range(1000, 1000 + DEEP_GAMES):
        checks.check_moves_look_alike(game, checks.play(game, players, seed, options))


def test_registry_is_not_empty() -> None:
    assert registry(), "no game is registered"
