"""Conservation properties over many random Splendor Pokémon games."""

from __future__ import annotations

import pytest

from tabletop.games import get_game

from ..splendor.gems_checks import random_games

GAME = get_game("splendor-pokemon")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conservation_in_random_games(players: int) -> None:
    assert random_games(GAME, players, games=100, seed=players) > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conservation_in_thousands_of_random_games(players: int, full_size: bool) -> None:
    """1000 games under --full-size (`make test-slow`), 150 in `make test`."""
    assert random_games(GAME, players, games=1000 if full_size else 150, seed=100 + players) > 0
