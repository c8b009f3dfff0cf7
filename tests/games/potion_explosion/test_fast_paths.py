"""The speed-ups change nothing: the builder's fold of a decision, the folds that
rebuild records from their leading fields and the shared events give exactly
what a plain fold of freshly validated events gives."""

from __future__ import annotations

import random
from collections.abc import Iterable

from tabletop.games.potion_explosion import GAME
from tabletop.games.potion_explosion import events as ev
from tabletop.games.potion_explosion.data import TILES
from tabletop.games.potion_explosion.evolve import evolve
from tabletop.games.potion_explosion.state import State
from tabletop.kernel import Event, random_playout


def _plain_fold(state: State, events: Iterable[Event]) -> State:
    """Each event re-validated from its JSON (a new object) and folded by `evolve`."""
    for event in events:
        state = evolve(state, GAME.parse_event(event.model_dump_json()))
    return state


def test_every_step_matches_a_plain_fold() -> None:
    for players, seed in ((2, 5), (3, 6), (4, 7)):
        _, steps = random_playout(GAME, players, seed=seed)
        for step in steps:
            assert step.after == _plain_fold(step.before, step.events), step.command


def test_a_decision_of_several_events_folds_as_a_plain_fold() -> None:
    state = GAME.new(2, seed=11)
    rng = random.Random(1)
    while True:
        seat = GAME.to_act(state)[0]
        command = GAME.legal_commands(state, seat)[0]
        events, after = GAME.decide_and_fold(state, command, rng)
        if len(events) > 1:
            break
        state = after
    assert after == _plain_fold(state, events)
    # Any events fold for themselves: equal copies, fewer events.
    copies = [GAME.parse_event(e.model_dump()) for e in events]
    assert GAME.fold(state, copies) == after
    assert GAME.fold(state, events[:1]) == _plain_fold(state, events[:1])
    assert GAME.fold(state, events[:1]) != after


def test_shared_events_equal_validated_ones() -> None:
    made = ev.shared(ev.Placed, seat=1, colour="blue", slot=0)
    assert made == ev.Placed(seat=1, colour="blue", slot=0)
    assert ev.shared(ev.Placed, seat=1, colour="blue", slot=0) is made
    assert ev.shared(ev.Placed, seat=1, colour="blue", slot=1) != made


def test_a_burner_keeps_its_unfilled_holes_right() -> None:
    """`Burner.unfilled` is kept by the folds beside `filled`: it stays the tile's
    holes minus the holes filled, whatever filled them (Prismatic Joy included)."""
    for players, seed in ((2, 8), (4, 9)):
        _, steps = random_playout(GAME, players, seed=seed, excluded=("wisdom", "blind_love"))
        for step in steps:
            for player in step.after.players:
                for b in player.burners:
                    if b is not None:
                        holes = TILES[b.tile].holes
                        assert b.unfilled == tuple(
                            h - f for h, f in zip(holes, b.filled, strict=True)
                        )
