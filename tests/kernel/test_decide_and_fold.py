"""`Game.decide_and_fold`: a command's events and the state they fold into,
folded once. The state it hands back must be `fold(state, events)` for every
game, whether the game returns its `EventBuilder` (folded as it recorded) or
a plain list (folded by the kernel)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.games import game_ids, get_game
from tabletop.kernel import Command, Event, EventBuilder, Game, random_playout
from tests.toy_game import Play, ToyGame, ToyState


def _fresh_fold(game: Game[Any], state: Any, events: tuple[Event, ...]) -> Any:
    """`events` re-parsed from their wire form (new objects) and folded one by
    one through `evolve`: nothing the decision kept can answer for them."""
    for event in events:
        state = game.evolve(state, game.parse_event(event.model_dump(mode="json")))
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_the_folded_state_is_the_fold_of_the_events_in_random_games(game_id: str) -> None:
    game = get_game(game_id)
    for players in sorted({game.min_players, game.max_players}):
        for options in game.option_sets:
            for seed in (0, 1):
                _, steps = random_playout(game, players, seed, **options)
                for i, step in enumerate(steps):
                    assert step.after == _fresh_fold(game, step.before, step.events), (
                        f"{game_id} {players}p {options} seed {seed} step {i}: {step.command}"
                    )


@pytest.mark.parametrize("game_id", game_ids())
def test_decide_and_fold_decides_what_decide_decides(game_id: str) -> None:
    game = get_game(game_id)
    _, steps = random_playout(game, game.min_players, 3)
    for i, step in enumerate(steps):
        if i % 7:
            continue  # a sample keeps the slower games quick
        events, after = game.decide_and_fold(step.before, step.command, random.Random(i))
        assert events == game.decide(step.before, step.command, random.Random(i))
        assert after == game.fold(step.before, events)
        assert game.apply(step.before, step.command, seed=i) == after


class _Counting(ToyGame):
    """The toy game deciding on an EventBuilder, counting every `evolve`."""

    id = "toy-counting"

    def __init__(self) -> None:
        self.folds = 0

    def decide_move(
        self, state: ToyState, command: Command, rng: random.Random
    ) -> EventBuilder[ToyState]:
        b = EventBuilder(state, rng, self.evolve)
        b.extend(super().decide_move(state, command, rng))
        return b

    def evolve(self, state: ToyState | None, event: Event) -> ToyState:
        self.folds += 1
        return super().evolve(state, event)


def test_a_builder_game_folds_each_event_once() -> None:
    game = _Counting()
    state = game.new(2, seed=4)
    command = game.legal_commands(state, game.to_act(state)[0])[0]
    assert isinstance(command, Play)
    game.folds = 0
    events, after = game.decide_and_fold(state, command, random.Random(0))
    assert len(events) == 2 and game.folds == 2  # played, drew: each folded once
    assert after == ToyGame().fold(state, events)
    game.folds = 0
    assert game.apply(state, command) == after and game.folds == 2


def test_a_list_game_is_folded_by_the_kernel() -> None:
    game = ToyGame()
    state = game.new(3, seed=2)
    command = game.legal_commands(state, game.to_act(state)[0])[-1]
    events, after = game.decide_and_fold(state, command, random.Random(0))
    assert events and after == game.fold(state, events) != state
