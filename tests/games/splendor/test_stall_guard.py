"""The stall guard of both gem games (docs/games/splendor.md, "Platform rules"):
rounds that move no card and bring the tokens back to an earlier position end
the game by points on the third repeat; other games never notice it."""

from __future__ import annotations

import random

import pytest

from tabletop.games import get_game
from tabletop.games._gems import OVER, GemsGame, State
from tabletop.games._gems import stall as stall_rule
from tabletop.kernel import random_playout
from tabletop.policies.random_policy import RandomPolicy

GAMES = [get_game("splendor"), get_game("splendor-pokemon")]
FIRST_THREE = 3  # take_different of the first three colours, returned at once


def at_the_limit(game: GemsGame) -> State:
    """A 2-player game where both players hold 10 tokens (seat 1 with all the
    wild ones) and one token of each colour is left in the supply."""
    s = game.new(2, seed=7)
    p0, p1 = s.players
    players = (p0._replace(tokens=(2, 2, 2, 2, 2, 0)), p1._replace(tokens=(1, 1, 1, 1, 1, 5)))
    return s._replace(players=players, supply=(1, 1, 1, 1, 1, 0))


def take_and_return(game: GemsGame, s: State) -> State:
    """One turn of the loop: take the first three colours, give them back."""
    colors = game.rules.colors[:FIRST_THREE]
    s = game.apply(s, {"type": "take_different", "seat": s.seat, "colors": colors})
    return game.apply(s, {"type": "return_tokens", "seat": s.seat, "tokens": colors})


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_take_and_return_loop_ends_by_points_on_the_third_repeat(game: GemsGame) -> None:
    s = at_the_limit(game)
    start = (s.supply, *(p.tokens for p in s.players))
    rounds = 0
    while s.step != OVER:
        assert rounds < 10, "the loop did not end"
        s = take_and_return(game, take_and_return(game, s))
        rounds += 1
        assert (s.supply, *(p.tokens for p in s.players)) == start
    # The first round's end is recorded, the next three repeat it.
    assert rounds == 1 + stall_rule.STALL_REPEATS
    assert game.to_act(s) == []
    outcome = game.outcome(s)
    assert outcome is not None and outcome.reason == stall_rule.STALL_REASON
    assert game.view(s, 0)["outcome"]["reason"] == stall_rule.STALL_REASON
    assert outcome.ranks == (0, 0)  # nobody scored: tied, as the rulebook breaks ties


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_card_that_moves_clears_the_record(game: GemsGame) -> None:
    s = take_and_return(game, take_and_return(game, at_the_limit(game)))
    s = take_and_return(game, take_and_return(game, s))
    assert s.stall.repeats == 1
    reserve = next(c for c in game.legal_commands(s, s.seat) if c.type == "reserve_top")
    s = game.apply(s, reserve)  # a card moves (no wild token is left to take)
    s = take_and_return(game, s)
    assert s.stall.repeats == 0 and len(s.stall.seen) == 1  # a new record from here
    assert s.step != OVER


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_normal_games_are_unaffected(game: GemsGame, players: int, monkeypatch) -> None:
    """Seeded random games play the very same commands and events with the
    guard and with a guard that never fires."""
    for seed in range(4):
        _, steps = random_playout(game, players, seed)
        guarded = [(step.command, step.events, step.after) for step in steps]
        monkeypatch.setattr(stall_rule, "STALL_REPEATS", 10**9)
        _, steps = random_playout(game, players, seed)
        unguarded = [(step.command, step.events, step.after) for step in steps]
        monkeypatch.undo()
        assert [x[:2] for x in guarded] == [x[:2] for x in unguarded]
        outcome = game.outcome(guarded[-1][2])
        assert outcome is not None and outcome.reason != stall_rule.STALL_REASON


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("players", [2, 4])
def test_random_policy_games_always_end(game: GemsGame, players: int) -> None:
    policy = RandomPolicy()
    for seed in range(6):
        s = game.new(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(5000):
            acting = game.to_act(s)
            if not acting:
                break
            s = game.apply(s, policy.choose(game, s, acting[0], rng.getrandbits(32)))
        assert game.to_act(s) == [], f"seed {seed}: still running after 5000 commands"
        assert game.outcome(s) is not None
