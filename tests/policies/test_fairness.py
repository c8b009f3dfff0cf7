"""Fair bots, proven: `sample_world(state, seat, seed)` depends only on what
`seat` may know. Two states with the same view for `seat` (the real one and a
world re-dealt from it) must give identical samples for the same seed, for
every registered game, option set and player count, at any point of a game.
Bots only ever search sampled worlds, so they cannot use what they may not see.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.kernel import Game, random_playout
from tests.tables import every_table


def _state_after(game: Game[Any], players: int, options: dict[str, Any], seed: int, steps: int):
    setup, playout = random_playout(game, players, seed, **options)
    state = game.replay(setup)
    for n, step in enumerate(playout):
        if n >= steps:
            break
        state = step.after
    return state


seeds = st.integers(min_value=0, max_value=2**63 - 1)


@pytest.mark.parametrize(("game", "players", "options"), every_table())
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_seed=st.integers(0, 10_000), steps=st.integers(0, 400), data=st.data())
def test_sample_world_depends_only_on_the_seats_view(
    game: Game[Any],
    players: int,
    options: dict[str, Any],
    game_seed: int,
    steps: int,
    data: st.DataObject,
) -> None:
    state = _state_after(game, players, options, game_seed, steps)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    twin_seed, seed = data.draw(seeds, label="twin seed"), data.draw(seeds, label="seed")
    twin = game.sample_world(state, seat, twin_seed)  # what the seat sees, the rest re-dealt
    assert game.view(twin, seat) == game.view(state, seat)
    assert game.sample_world(twin, seat, seed) == game.sample_world(state, seat, seed)
