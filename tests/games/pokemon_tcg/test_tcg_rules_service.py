"""Pokémon TCG through the platform: the real rules service (a subprocess over
real NATS) starts a game with the default options — what matchmaking sends, no
deck given — and accepts the moves the bots choose (`plan_move`, the bots
worker's own choice) until the game is well under way; the log replays to the
same state and its hash chain holds."""

from __future__ import annotations

import pytest
from nats.aio.client import Client

from tabletop.bots.worker import plan_move
from tabletop.eventlog import EventLog, Topology, verify_chain
from tabletop.games import get_game
from tabletop.messaging import RulesClient, StartGame, SubmitCommand
from tests.support.rules_process import RulesProcess

pytestmark = pytest.mark.integration

GAME = get_game("pokemon-tcg")
MOVES = 40


async def test_a_game_starts_with_default_options_and_takes_bot_moves(
    nc: Client, rules_service: RulesProcess, rules_client: RulesClient
) -> None:
    log = EventLog(nc.jetstream(), Topology(namespace=rules_service.namespace))
    started = await rules_client.start_game(StartGame(game="pokemon-tcg", players=2, seed=5))
    game_id = started.game_id
    bots = {0: "greedy", 1: "random"}
    for _ in range(MOVES):
        commits, _ = await log.load(game_id)
        state = GAME.replay(e for c in commits for e in c.events)
        if GAME.outcome(state) is not None:
            break
        move = plan_move(GAME, state, game_id, commits[-1].seq, bots)
        assert move is not None
        accepted = await rules_client.submit(  # raises Refusal unless accepted
            SubmitCommand(
                game_id=game_id,
                command_id=move.command_id,
                command=move.command.model_dump(mode="json"),
                expected_seq=commits[-1].seq,
            )
        )
        assert accepted.seq == commits[-1].seq + 1
    commits, _ = await log.load(game_id)
    assert verify_chain(game_id, commits).ok
    state = GAME.replay(e for c in commits for e in c.events)
    assert len(commits) == MOVES + 1 or GAME.outcome(state) is not None
    assert state.turn >= 2  # setup is over: the players are taking turns
