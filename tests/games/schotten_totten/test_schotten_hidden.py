"""Hidden information in random tactics games, where the Recruiter makes
players know cards inside the decks (and sometimes in the other hand)."""

from __future__ import annotations

import pytest

from tabletop.games.schotten_totten import GAME
from tabletop.kernel import random_playout


def _check_knowledge(seeds: range) -> int:
    checked = 0
    for seed in seeds:
        _, steps = random_playout(GAME, 2, seed, variant="tactics")
        for step in steps:
            state = step.before
            if state.known == (0, 0):
                continue
            for seat in (0, 1):
                world = GAME.sample_world(state, seat, seed)
                assert GAME.view(world, seat) == GAME.view(state, seat)
                assert GAME.sample_world(world, seat, 1) == GAME.sample_world(state, seat, 1)
                if GAME.to_act(state) == [seat]:
                    # A bot's options are the same in every world it samples.
                    assert GAME.legal_commands(world, seat) == GAME.legal_commands(state, seat)
                checked += 1
    return checked


def test_known_cards_survive_sampling() -> None:
    assert _check_knowledge(range(8)) > 0


@pytest.mark.slow
def test_known_cards_survive_sampling_many_games(full_size: bool) -> None:
    """112 games under --full-size (`make test-slow`), 24 in `make test`."""
    assert _check_knowledge(range(8, 120 if full_size else 32)) > 0
