"""The kernel's shared checks and entry points, on the toy game."""

from __future__ import annotations

import random
from typing import Literal

import pytest

from tabletop.games import game_ids, get_game
from tabletop.kernel import Code, Command, IllegalCommand, UnknownGame, random_playout
from tests.toy_game import Play, ToyGame

GAME = ToyGame()


class Foreign(Command):
    type: Literal["foreign"] = "foreign"


def refused(state, cmd) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as info:
        GAME.decide(state, cmd, random.Random(0))
    return info.value


def test_new_is_start_folded_and_deterministic_per_seed() -> None:
    assert GAME.new(2, seed=5) == GAME.new(2, seed=5)
    assert GAME.new(2, seed=5) == GAME.replay(GAME.setup(2, seed=5))
    assert any(GAME.new(2, seed=s) != GAME.new(2, seed=5) for s in range(6, 10))


def test_player_count_and_unknown_options_are_invalid_options() -> None:
    with pytest.raises(IllegalCommand) as info:
        GAME.new(4)
    assert info.value.code == Code.INVALID_OPTIONS
    assert "2-3 players" in info.value.message
    with pytest.raises(IllegalCommand) as info:
        GAME.new(2, colour="red")
    assert info.value.code == Code.INVALID_OPTIONS
    assert "colour" in info.value.message


def test_shared_checks_refuse_with_stable_codes() -> None:
    state = GAME.new(2, seed=1)
    card = state.hands[0][0]
    assert refused(state, Foreign(seat=0)).code == Code.UNKNOWN_COMMAND
    assert refused(state, Play(seat=2, card=card)).code == Code.WRONG_SEAT
    assert refused(state, Play(seat=1, card=state.hands[1][0])).code == Code.NOT_YOUR_TURN
    assert refused(state, Play(seat=0, card=99)).code == Code.ILLEGAL_MOVE


def test_game_over_refuses_everything() -> None:
    _, steps = random_playout(GAME, 2, seed=3)
    final = list(steps)[-1].after
    assert GAME.outcome(final) is not None
    assert refused(final, Play(seat=0, card=1)).code == Code.GAME_OVER


def test_apply_takes_wire_dicts() -> None:
    state = GAME.new(2, seed=1)
    card = state.hands[0][0]
    after = GAME.apply(state, {"type": "play", "seat": 0, "card": card}, seed=2)
    assert card in after.played[0]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"type": "dance", "seat": 0}, Code.UNKNOWN_COMMAND),
        ({"seat": 0, "card": 1}, Code.UNKNOWN_COMMAND),
        ({"type": "play", "seat": 0}, Code.MALFORMED_COMMAND),
        ({"type": "play", "seat": -1, "card": 1}, Code.MALFORMED_COMMAND),
        ({"type": "play", "seat": 0, "card": "x"}, Code.MALFORMED_COMMAND),
        ({"type": "play", "seat": 0, "card": 1, "extra": 1}, Code.MALFORMED_COMMAND),
        ('{"type": "play", ', Code.MALFORMED_COMMAND),
    ],
)
def test_parse_command_errors(data, code) -> None:
    with pytest.raises(IllegalCommand) as info:
        GAME.parse_command(data)
    assert info.value.code == code
    assert info.value.message


def test_commands_are_frozen() -> None:
    cmd = Play(seat=0, card=1)
    with pytest.raises(ValueError):
        cmd.card = 2  # type: ignore[misc]


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGame) as info:
        get_game("chess")
    assert info.value.code == Code.UNKNOWN_GAME
    for game_id in game_ids():
        assert game_id in info.value.message
