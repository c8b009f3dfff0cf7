"""Turn flow, the end of a round, deck exhaustion, rounds and match scoring,
hidden information."""

from __future__ import annotations

import random

import pytest

from tabletop.games import get_game
from tabletop.games.schotten_totten import GAME
from tabletop.games.schotten_totten.commands import Claim, EndTurn, Pass, PlayCard
from tabletop.games.schotten_totten.events import CardDrawn, RoundEnded, RoundStarted
from tabletop.games.schotten_totten.state import CLAIM, OVER
from tabletop.kernel import IllegalCommand, replace

from ._helpers import PLAY, apply, c, claim, decide, position


def test_registered_and_set_up() -> None:
    assert get_game("schotten-totten") is GAME
    state = GAME.new(2, seed=3, first_player=1)
    assert len(state.hands[0]) == len(state.hands[1]) == 6
    assert len(state.deck) == 54 - 12 and not state.tactics_deck
    assert GAME.to_act(state) == [1]
    starters = {GAME.to_act(GAME.new(2, seed=s))[0] for s in range(20)}
    assert starters == {0, 1}  # random when not configured
    with pytest.raises(IllegalCommand) as exc:
        GAME.new(3, seed=1)
    assert exc.value.code == "invalid_options"


def test_a_turn_is_play_claim_draw() -> None:
    state = GAME.new(2, seed=1, first_player=0)
    card = state.hands[0][0]
    state = apply(state, PlayCard(seat=0, card=card, stone=4))
    assert state.sides[4][0] == (card,)
    assert GAME.legal_commands(state, 0) == [EndTurn(seat=0, deck="clan")]
    top = state.deck[0]
    events = decide(state, EndTurn(seat=0, deck="clan"))
    assert isinstance(events[0], CardDrawn) and events[0].card == top
    state = apply(state, EndTurn(seat=0, deck="clan"))
    assert top in state.hands[0] and len(state.hands[0]) == 6
    assert GAME.to_act(state) == [1]


def test_play_refusals() -> None:
    state = position(sides={0: ("r1 r2 r3", "")}, hands=("r4 r5", "o1"), phase=PLAY)
    with pytest.raises(IllegalCommand) as exc:
        decide(state, PlayCard(seat=0, card=c("r4"), stone=0))
    assert exc.value.code == "side_full"
    with pytest.raises(IllegalCommand) as exc:
        decide(state, PlayCard(seat=0, card=c("o1"), stone=1))
    assert exc.value.code == "card_not_in_hand"
    with pytest.raises(IllegalCommand) as exc:
        decide(state, Pass(seat=0))
    assert exc.value.code == "must_play"
    with pytest.raises(IllegalCommand) as exc:
        decide(state, EndTurn(seat=0, deck="clan"))
    assert exc.value.code == "wrong_phase"
    claimed = position(owner={1: 1}, sides={1: ("r6", "")}, hands=("r4", ""), phase=PLAY)
    with pytest.raises(IllegalCommand) as exc:
        decide(claimed, PlayCard(seat=0, card=c("r4"), stone=1))
    assert exc.value.code == "stone_claimed"
    assert all(cmd.stone != 1 for cmd in GAME.legal_commands(claimed, 0))


def test_draw_is_named_and_only_when_due() -> None:
    state = position(hands=("r4", "o1"), phase=PLAY)
    state = apply(state, PlayCard(seat=0, card=c("r4"), stone=0))
    with pytest.raises(IllegalCommand) as exc:
        decide(state, EndTurn(seat=0))
    assert exc.value.code == "draw_due"
    with pytest.raises(IllegalCommand) as exc:
        decide(state, EndTurn(seat=0, deck="tactics"))
    assert exc.value.code == "deck_empty"


def test_three_adjacent_stones_end_the_round_at_once() -> None:
    state = position(sides={2: ("r7 r8 r9", "g1")}, owner={0: 0, 1: 0, 5: 1})
    events = claim(state, 0, 2)
    end = events[1]
    assert isinstance(end, RoundEnded)
    assert (end.winner, end.reason, end.points, end.stones) == (
        0,
        "three adjacent stones",
        (5, 1),
        (3, 1),
    )
    final = GAME.fold(state, events)
    assert GAME.to_act(final) == [] and final.phase == OVER
    outcome = GAME.outcome(final)
    assert outcome.ranks == (0, 1) and outcome.scores == (5.0, 1.0)


def test_five_stones_end_the_round_at_once() -> None:
    state = position(sides={8: ("r7 r8 r9", "g1")}, owner={0: 0, 2: 0, 4: 0, 6: 0, 1: 1, 3: 1})
    end = claim(state, 0, 8)[1]
    assert (end.winner, end.reason, end.points) == (0, "five stones", (5, 2))


def test_four_scattered_stones_do_not_end_the_round() -> None:
    state = position(sides={6: ("r7 r8 r9", "g1")}, owner={0: 0, 2: 0, 4: 0})
    assert len(claim(state, 0, 6)) == 1


def test_deck_exhaustion_play_on_with_the_hand_then_pass() -> None:
    state = position(hands=("r4 r5", "o1"), deck="", phase=PLAY)
    state = apply(state, PlayCard(seat=0, card=c("r4"), stone=0))
    assert GAME.legal_commands(state, 0) == [EndTurn(seat=0)]  # nothing to draw
    state = apply(state, EndTurn(seat=0))
    assert state.hands[0] == (c("r5"),)
    # A player with no card to play passes (no draw), then may still claim.
    state = position(hands=("", "o1"), deck="", phase=PLAY, sides={0: ("r7 r8 r9", "")})
    assert GAME.legal_commands(state, 0) == [Pass(seat=0)]
    state = apply(state, Pass(seat=0))
    assert Claim(seat=0, stone=0) in GAME.legal_commands(state, 0)
    assert EndTurn(seat=0) in GAME.legal_commands(state, 0)


def test_rounds_score_and_the_loser_starts_the_next() -> None:
    state = position(sides={2: ("r7 r8 r9", "g1")}, owner={0: 0, 1: 0, 5: 1}, rounds=2, round=1)
    events = claim(state, 0, 2)
    assert [type(e) for e in events[1:]] == [RoundEnded, RoundStarted]
    assert events[2].starter == 1 and events[2].round == 2
    state = GAME.fold(state, events)
    assert state.scores == (5, 1) and GAME.outcome(state) is None
    assert GAME.to_act(state) == [1] and state.owner == (-1,) * 9
    # Seat 1 wins round 2 with 3 adjacent stones while seat 0 holds 1 stone.
    state = replace(
        state,
        sides=tuple(
            ((), ()) if s != 8 else ((c("r1"),), (c("o7"), c("o8"), c("o9"))) for s in range(9)
        ),
        owner=(0, -1, -1, -1, -1, -1, 1, 1, -1),
        out=(1 << c("r1")) | (1 << c("o7")) | (1 << c("o8")) | (1 << c("o9")),
        phase=CLAIM,
        turn=1,
        played=True,
    )
    state = GAME.fold(state, decide(state, Claim(seat=1, stone=8)))
    assert state.scores == (6, 6) and state.rounds_won == (1, 1)
    outcome = GAME.outcome(state)
    assert outcome.ranks == (0, 0) and outcome.scores == (6.0, 6.0)


def test_random_games_finish_quickly() -> None:
    rng = random.Random(0)
    for seed in range(10):
        state = GAME.new(2, seed=seed, rounds=2)
        for _ in range(2000):
            if not GAME.to_act(state):
                break
            seat = GAME.to_act(state)[0]
            state = apply(state, rng.choice(GAME.legal_commands(state, seat)))
        assert GAME.outcome(state) is not None


# ------------------------------------------------------------- hidden information
def test_draws_are_redacted_for_the_opponent_and_spectators() -> None:
    state = GAME.new(2, seed=2, first_player=0)
    setup = GAME.setup(2, seed=2, first_player=0)
    started = setup[1]
    mine = GAME.redact(started, 0)
    assert mine.hands[0] == state.hands[0] and mine.hands[1] is None and mine.deck is None
    assert GAME.redact(started, None).hands == (None, None)
    state = apply(state, PlayCard(seat=0, card=state.hands[0][0], stone=0))
    [drawn, _] = decide(state, EndTurn(seat=0, deck="clan"))
    assert GAME.redact(drawn, 0).card == drawn.card
    assert GAME.redact(drawn, 1).card is None and GAME.redact(drawn, None).card is None
    view = GAME.view(state, 1)
    assert view["hand"] == list(state.hands[1]) and view["hand_sizes"] == [5, 6]
    assert "deck" not in view and view["deck_size"] == len(state.deck)
    assert GAME.view(state, None)["hand"] is None


def test_sample_world_depends_only_on_the_view() -> None:
    state = GAME.new(2, seed=4, first_player=0)
    world = GAME.sample_world(state, 0, seed=1)
    assert world.hands[0] == state.hands[0]
    assert world.hands[1] != state.hands[1] or world.deck != state.deck
    assert GAME.view(world, 0) == GAME.view(state, 0)
    assert GAME.sample_world(world, 0, seed=7) == GAME.sample_world(state, 0, seed=7)
    assert sorted(world.hands[1] + world.deck) == sorted(state.hands[1] + state.deck)
