"""The bots' choice of move: only bot seats that must act, a command id per
(game, seq, seat), and the same move when a commit comes back."""

from __future__ import annotations

import pytest

from tabletop.bots.policy import UnboundedSpec
from tabletop.bots.worker import plan_move
from tabletop.games import get_game

GAME = get_game("schotten-totten")


def test_a_bot_moves_only_when_its_seat_must_act() -> None:
    state = GAME.new(players=2, seed=3)
    acting = GAME.to_act(state)[0]
    assert plan_move(GAME, state, "g1", 1, {1 - acting: "random"}) is None
    move = plan_move(GAME, state, "g1", 1, {acting: "random"})
    assert move is not None and move.seat == acting
    assert move.command in GAME.legal_commands(state, acting)
    assert move.command_id == f"bot-g1-1-{acting}"


def test_a_redelivered_commit_gives_the_same_move() -> None:
    state = GAME.new(players=2, seed=4)
    bots = {0: "random", 1: "random"}
    assert plan_move(GAME, state, "g2", 7, bots) == plan_move(GAME, state, "g2", 7, bots)


@pytest.mark.parametrize("spec", ["ismcts:99999999s", "ismcts:2s", "ismcts:500", "ismcts", "x"])
def test_a_spec_without_a_bounded_cost_is_never_run(spec: str) -> None:
    state = GAME.new(players=2, seed=5)
    seat = GAME.to_act(state)[0]
    with pytest.raises(UnboundedSpec):
        plan_move(GAME, state, "g3", 1, {seat: spec})
    move = plan_move(GAME, state, "g3", 1, {seat: "greedy"})
    assert move is not None and move.command in GAME.legal_commands(state, seat)


def test_a_searching_bot_reports_its_iterations() -> None:
    state = GAME.new(players=2, seed=6)
    seat = GAME.to_act(state)[0]
    assert len(GAME.legal_commands(state, seat)) > 1
    searched = plan_move(GAME, state, "g4", 1, {seat: "ismcts:20ms"})
    assert searched is not None and searched.iterations > 0
    greedy = plan_move(GAME, state, "g4", 1, {seat: "greedy"})
    assert greedy is not None and greedy.iterations == 0
