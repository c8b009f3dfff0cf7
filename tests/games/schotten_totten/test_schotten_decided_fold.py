"""`decide` folds its events as it records them; `fold` of those same events
serves that state, and anything else is folded afresh."""

from __future__ import annotations

import random

from tabletop.games.schotten_totten import GAME
from tabletop.games.schotten_totten.evolve import evolve
from tabletop.kernel import random_playout


def _fold_each(state, events):
    for event in events:
        state = evolve(state, event)
    return state


def test_the_fold_of_decided_events_equals_folding_them_one_by_one() -> None:
    _, steps = random_playout(GAME, 2, seed=7, variant="tactics")
    for step in steps:
        assert step.after == _fold_each(step.before, step.events)


def test_other_events_or_another_state_are_folded_afresh() -> None:
    _, steps = random_playout(GAME, 2, seed=3)
    first, second = next(steps), next(steps)
    rng = random.Random(0)
    events = GAME.decide(second.before, second.command, rng)
    decided = GAME.fold(second.before, events)
    assert decided == _fold_each(second.before, events)
    # The same state with other events, and other events on another state.
    assert GAME.fold(second.before, ()) is second.before
    assert GAME.fold(first.before, first.events) == first.after
    assert GAME.fold(first.before, first.events) is not decided
