"""random, greedy and ismcts return legal commands, touch the real state only
through the seat's own window, and are reproducible from their seed."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tabletop.games import registry
from tabletop.kernel import Game, random_playout
from tabletop.policies import Budget, Policy, SearchSettings, make_policy
from tabletop.policies.policy import command_key

from .guarded import GuardedGame, Sealed

POLICIES = ("random", "greedy", "ismcts:30")


def _positions(game: Game[Any], players: int, seed: int, every: int) -> list[Any]:
    """States along a random game where someone must act."""
    setup, steps = random_playout(game, players, seed, **game.option_sets[-1])
    states = [game.replay(setup)]
    states += [step.after for n, step in enumerate(steps) if n % every == every - 1]
    return [s for s in states if game.to_act(s)]


def _games() -> list[Any]:
    return [pytest.param(game, id=game.id) for game in registry().values()]


@pytest.mark.parametrize("game", _games())
@pytest.mark.parametrize("spec", POLICIES)
def test_policies_choose_legal_commands_through_the_seats_window(game: Game[Any], spec: str):
    policy = make_policy(spec)
    assert isinstance(policy, Policy)
    for n, state in enumerate(_positions(game, game.max_players, seed=5, every=37)[:6]):
        seat = game.to_act(state)[0]
        guarded = GuardedGame(game, seat)
        command = policy.choose(guarded, Sealed(state), seat, seed=n)  # type: ignore[arg-type]
        legal = {command_key(c) for c in game.legal_commands(state, seat)}
        assert command_key(command) in legal
        game.apply(state, command, seed=n)  # really legal: decide accepts it
        if spec != "random" and len(legal) > 1:
            assert guarded.opened[1] == "sample_world", "search must begin by sampling"


@pytest.mark.parametrize("spec", ["greedy", "ismcts:40"])
def test_policies_are_reproducible_from_their_seed(spec: str) -> None:
    game = registry()["splendor"]
    state = _positions(game, 3, seed=2, every=11)[3]
    seat = game.to_act(state)[0]
    policy = make_policy(spec)
    first = [policy.choose(game, state, seat, seed) for seed in range(3)]
    assert [policy.choose(game, state, seat, seed) for seed in range(3)] == first


def test_ismcts_takes_a_forced_move_without_searching() -> None:
    game = registry()["schotten-totten"]
    rng = random.Random(0)
    for state in _positions(game, 2, seed=9, every=1):
        seat = game.to_act(state)[0]
        legal = game.legal_commands(state, seat)
        if len(legal) == 1:
            assert (
                make_policy("ismcts:100000").choose(game, state, seat, rng.randrange(9)) == legal[0]
            )
            return
    pytest.fail("no forced move found")


def test_search_settings_depend_on_the_seats() -> None:
    settings = SearchSettings(Budget(iterations=1))
    assert (settings.for_seats(2).expand, settings.for_seats(2).widen) == (1, 0.0)
    assert (settings.for_seats(4).expand, settings.for_seats(4).widen) == (3, 1.0)
    pinned = SearchSettings(Budget(iterations=1), expand=2, widen=0.0).for_seats(4)
    assert (pinned.expand, pinned.widen) == (2, 0.0)


def test_budgets_and_specs() -> None:
    assert Budget.parse("500") == Budget(iterations=500)
    assert Budget.parse("1s") == Budget(seconds=1.0)
    assert Budget.parse("200ms") == Budget(seconds=0.2)
    assert make_policy("ismcts:200ms").name == "ismcts:200ms"
    assert make_policy("ismcts:500").name == "ismcts:500"
    assert make_policy("ismcts:50:c=0.5:depth=2").name == "ismcts:50:c=0.5:depth=2"
    for bad in ("ismcts:fast", "greedy:3", "minimax", "ismcts:5:c", "ismcts:5:rollout=x"):
        with pytest.raises(ValueError):
            make_policy(bad)


def test_a_time_budget_counts_cpu_time_not_waiting() -> None:
    budget = Budget(seconds=0.02)
    deadline = budget.deadline()
    time.sleep(0.05)  # a loaded machine: the thread waits, its budget does not run down
    assert not budget.spent(0, deadline)
    while not budget.spent(0, deadline):
        pass  # computing does
