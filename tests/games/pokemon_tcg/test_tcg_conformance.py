"""The kernel's conformance suite on Pokémon TCG (it is not in the registry
yet, so tests/conformance does not reach it): random whole games between
prebuilt decks finish; replay, JSON round trips, hidden information (hands,
decks and prizes re-dealt by sample_world) and refusals hold at every step."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games._pokemon_tcg import GAME
from tests.conformance import checks

OPTIONS = [pytest.param(o, id="-".join(o.get("decks", ("default",)))) for o in GAME.option_sets]


@pytest.mark.parametrize("options", OPTIONS)
def test_random_games_finish(options: dict[str, Any]) -> None:
    for seed in range(4):
        checks.check_finishes(GAME, 2, seed, options)


@pytest.mark.parametrize("options", OPTIONS)
def test_replay_round_trip_leaks_and_refusals(options: dict[str, Any]) -> None:
    run = checks.play(GAME, 2, 1000, options)
    checks.check_replay(GAME, run)
    checks.check_json_round_trip(GAME, run)
    checks.check_hidden_information(GAME, run)
    checks.check_refusals(GAME, run, seed=1000)
