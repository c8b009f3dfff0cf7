"""`random_playout` draws its choices exactly as `random.Random.choice` would
(its loop inlines the draw): the same seed plays the same game as a loop
that calls `choice`, so stored playthroughs and benchmarks do not move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.games import game_ids, get_game
from tabletop.kernel import Command, Game, random_playout


def _with_choice(game: Game[Any], players: int, seed: int) -> list[Command]:
    """The playout loop as it was written with `rng.choice`."""
    rng = random.Random(seed)
    state = game.replay(game.setup(players, seed=rng.getrandbits(64)))
    played = []
    while acting := game.to_act(state):
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        commands = game.legal_commands(state, seat)
        command = commands[0] if len(commands) == 1 else rng.choice(commands)
        played.append(command)
        state = game.decide_and_fold(state, command, rng)[1]
    return played


@pytest.mark.parametrize("game_id", game_ids())
def test_a_playout_chooses_as_random_choice_does(game_id: str) -> None:
    game = get_game(game_id)
    _, steps = random_playout(game, game.min_players, 7)
    assert [step.command for step in steps] == _with_choice(game, game.min_players, 7)


def test_the_inlined_draw_is_choice_for_every_length() -> None:
    for n in range(2, 300):
        a, b = random.Random(n), random.Random(n)
        for _ in range(20):
            k = n.bit_length()
            r = b.getrandbits(k)
            while r >= n:
                r = b.getrandbits(k)
            assert a.choice(range(n)) == r
