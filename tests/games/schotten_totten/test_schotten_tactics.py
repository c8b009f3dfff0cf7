"""The tactics variant: set-up, drawing, the tactic limit, every tactic card
and its refusals."""

from __future__ import annotations

import pytest

from tabletop.games.schotten_totten import GAME
from tabletop.games.schotten_totten.cards import BLIND_MANS_BLUFF, MUD_FIGHT
from tabletop.games.schotten_totten.commands import (
    EndTurn,
    Pass,
    PlayBanshee,
    PlayCard,
    PlayRecruiter,
    PlayStrategist,
    PlayTraitor,
    ReturnCards,
)
from tabletop.games.schotten_totten.state import RECRUIT
from tabletop.kernel import IllegalCommand

from ._helpers import PLAY, apply, c, claim, cs, decide, position


def refused(state, command) -> str:
    with pytest.raises(IllegalCommand) as exc:
        decide(state, command)
    assert exc.value.message
    return exc.value.code


def tactic_position(**kwargs):
    kwargs.setdefault("phase", PLAY)
    return position(tactics=True, **kwargs)


def test_setup_has_hands_of_seven_and_a_tactics_deck() -> None:
    state = GAME.new(2, seed=1, variant="tactics")
    assert [len(h) for h in state.hands] == [7, 7]
    assert sorted(state.tactics_deck) == list(range(54, 64))
    assert len(state.deck) == 54 - 14


def test_draw_from_the_deck_of_your_choice() -> None:
    state = tactic_position(hands=("r1 r2", "o1"), deck="y1 y2", tactics_deck="spy traitor")
    state = apply(state, PlayCard(seat=0, card=c("r1"), stone=0))
    assert GAME.legal_commands(state, 0) == [
        EndTurn(seat=0, deck="clan"),
        EndTurn(seat=0, deck="tactics"),
    ]
    after = apply(state, EndTurn(seat=0, deck="tactics"))
    assert c("spy") in after.hands[0] and after.tactics_deck == (c("traitor"),)
    # Only the other deck once one is empty.
    state = tactic_position(hands=("r1 r2", "o1"), deck="", tactics_deck="spy")
    state = apply(state, PlayCard(seat=0, card=c("r1"), stone=0))
    assert GAME.legal_commands(state, 0) == [EndTurn(seat=0, deck="tactics")]
    assert refused(state, EndTurn(seat=0, deck="clan")) == "deck_empty"


def test_a_hand_of_tactic_cards_may_pass_or_play_one() -> None:
    state = tactic_position(hands=("spy banshee", "o1"), sides={3: ("", "o5")})
    legal = GAME.legal_commands(state, 0)
    assert Pass(seat=0) in legal
    assert PlayCard(seat=0, card=c("spy"), stone=0) in legal
    assert PlayBanshee(seat=0, card=c("o5")) in legal
    state = tactic_position(hands=("spy r1", "o1"))
    assert Pass(seat=0) not in GAME.legal_commands(state, 0)
    assert refused(state, Pass(seat=0)) == "must_play"


def test_at_most_one_tactic_card_ahead() -> None:
    state = tactic_position(hands=("spy r1", "o1"), tactics_played=(1, 0))
    assert refused(state, PlayCard(seat=0, card=c("spy"), stone=0)) == "tactic_limit"
    assert all(cmd.card != c("spy") for cmd in GAME.legal_commands(state, 0))
    state = tactic_position(hands=("spy r1", "o1"), tactics_played=(1, 1))
    after = apply(state, PlayCard(seat=0, card=c("spy"), stone=0))
    assert after.tactics_played == (2, 1)


def test_joker_is_wild_and_only_one_per_player() -> None:
    state = tactic_position(hands=("joker joker2 r1", "o1"), sides={0: ("r8 r9", "")}, deck="y1 y2")
    state = apply(state, PlayCard(seat=0, card=c("joker"), stone=0))
    assert state.joker_used == (True, False)
    assert claim(state, 0, 0)[0].how == "early"  # red 7-8-9: unbeatable
    state = apply(state, EndTurn(seat=0, deck="clan"))
    state = apply(state, PlayCard(seat=1, card=c("o1"), stone=1))
    state = apply(state, EndTurn(seat=1, deck="clan"))
    assert refused(state, PlayCard(seat=0, card=c("joker2"), stone=1)) == "second_joker"
    state = position(
        tactics=True,
        hands=("joker2 r1", "o1"),
        joker_used=(True, False),
        tactics_played=(1, 1),
        phase=PLAY,
    )
    assert refused(state, PlayCard(seat=0, card=c("joker2"), stone=1)) == "second_joker"
    assert all(getattr(cmd, "card", None) != c("joker2") for cmd in GAME.legal_commands(state, 0))


def test_spy_and_shield_bearer_play_like_troops() -> None:
    state = tactic_position(hands=("spy r1", "o1"), sides={2: ("g6 g8", "")})
    state = apply(state, PlayCard(seat=0, card=c("spy"), stone=2))
    assert state.sides[2][0] == cs("g6 g8 spy")
    full = tactic_position(hands=("shield-bearer r1", "o1"), sides={2: ("g6 g8 g7", "")})
    assert refused(full, PlayCard(seat=0, card=c("shield-bearer"), stone=2)) == "side_full"


def test_combat_modes_lie_on_unclaimed_stones() -> None:
    state = tactic_position(
        hands=("mud-fight blind-mans-bluff r1", "o1"),
        sides={4: ("r7 r8 r9", "o1 o2 o3")},
        tactics_played=(0, 1),
    )
    state = apply(state, PlayCard(seat=0, card=MUD_FIGHT, stone=4))
    assert state.modes[4] == 2 and state.first_done[4] == -1
    with pytest.raises(IllegalCommand) as exc:
        claim(state, 0, 4)
    assert exc.value.code == "side_incomplete"
    view = GAME.view(state, 1)
    assert view["stones"][4]["modes"] == ["mud-fight"] and view["stones"][4]["need"] == 4
    # Both modes on the same stone.
    state = tactic_position(hands=("blind-mans-bluff r1", "o1"), modes={4: 2})
    state = apply(state, PlayCard(seat=0, card=BLIND_MANS_BLUFF, stone=4))
    assert state.modes[4] == 3
    claimed = tactic_position(hands=("blind-mans-bluff r1", "o1"), owner={4: 1})
    assert refused(claimed, PlayCard(seat=0, card=BLIND_MANS_BLUFF, stone=4)) == "stone_claimed"


def test_ruses_have_their_own_commands() -> None:
    state = tactic_position(hands=("traitor r1", "o1"), sides={0: ("", "o5")})
    assert refused(state, PlayCard(seat=0, card=c("traitor"), stone=0)) == "use_ruse_command"


def test_recruiter_draws_three_keeps_one_and_returns_two_underneath() -> None:
    state = tactic_position(
        hands=("recruiter r1 r2 r3 r4 r5 r6", "o1"),
        deck="y1 y2 y3 y4",
        tactics_deck="spy traitor",
    )
    legal = GAME.legal_commands(state, 0)
    assert [cmd.clan for cmd in legal if isinstance(cmd, PlayRecruiter)] == [1, 2, 3]
    state = apply(state, PlayRecruiter(seat=0, clan=2))
    assert state.phase == RECRUIT and state.recruit == cs("y1 y2 spy")
    assert state.discard == (c("recruiter"),)
    # The opponent sees which decks, not which cards.
    assert GAME.view(state, 1)["recruit"] is None
    assert GAME.view(state, 1)["recruit_decks"] == ["clan", "clan", "tactics"]
    assert GAME.view(state, 0)["recruit"] == list(cs("y1 y2 spy"))
    assert len(GAME.legal_commands(state, 0)) == 6
    assert refused(state, ReturnCards(seat=0, cards=cs("y1"))) == "bad_return"
    state = apply(state, ReturnCards(seat=0, cards=cs("spy y1")))
    assert state.hands[0] == cs("r1 r2 r3 r4 r5 r6 y2")
    assert state.deck == cs("y3 y4 y1") and state.tactics_deck == cs("traitor spy")
    # The kept card was this turn's draw.
    assert GAME.legal_commands(state, 0) == [EndTurn(seat=0)]
    # The player knows where its returned cards are; the opponent only knows
    # that it knows.
    known = GAME.view(state, 0)["known"]
    assert {(k["where"], k["card"], k["position"]) for k in known} == {
        ("clan_deck", c("y1"), 2),
        ("tactics_deck", c("spy"), 1),
    }
    theirs = GAME.view(state, 1)["opponent_knows"]
    assert {(k["where"], k["card"], k["position"]) for k in theirs} == {
        ("clan_deck", None, 2),
        ("tactics_deck", None, 1),
    }
    world = GAME.sample_world(state, 0, seed=3)
    assert world.deck[2] == c("y1") and world.tactics_deck[1] == c("spy")
    assert GAME.view(world, 0) == GAME.view(state, 0)


def test_recruiter_needs_cards_in_the_decks() -> None:
    state = tactic_position(hands=("recruiter r1", "o1"), deck="", tactics_deck="")
    assert refused(state, PlayRecruiter(seat=0, clan=0)) == "decks_empty"
    state = tactic_position(hands=("recruiter r1", "o1"), deck="y1", tactics_deck="")
    assert refused(state, PlayRecruiter(seat=0, clan=3)) == "bad_recruit_split"
    state = apply(state, PlayRecruiter(seat=0, clan=1))
    assert GAME.legal_commands(state, 0) == [ReturnCards(seat=0, cards=())]


def test_strategist_moves_or_discards_your_own_card() -> None:
    sides = {0: ("r5 r6", "o1"), 1: ("g1 g2 g3", ""), 2: ("", "")}
    state = tactic_position(hands=("strategist r1", "o1"), sides=sides)
    moved = apply(state, PlayStrategist(seat=0, card=c("r6"), to_stone=2))
    assert moved.sides[0][0] == cs("r5") and moved.sides[2][0] == cs("r6")
    assert moved.discard == (c("strategist"),)
    dropped = apply(state, PlayStrategist(seat=0, card=c("r6"), to_stone=None))
    assert dropped.sides[0][0] == cs("r5") and dropped.discard == cs("r6 strategist")
    assert refused(state, PlayStrategist(seat=0, card=c("r6"), to_stone=1)) == "side_full"
    assert refused(state, PlayStrategist(seat=0, card=c("r6"), to_stone=0)) == "same_stone"
    assert refused(state, PlayStrategist(seat=0, card=c("o1"), to_stone=2)) == "not_your_card"
    claimed = tactic_position(hands=("strategist r1", "o1"), sides=sides, owner={2: 1})
    assert refused(claimed, PlayStrategist(seat=0, card=c("r6"), to_stone=2)) == "stone_claimed"


def test_banshee_discards_an_opponent_card() -> None:
    sides = {0: ("r5", "o1 spy"), 1: ("", "o9")}
    state = tactic_position(hands=("banshee r1", "o2"), sides=sides, owner={1: 1})
    legal = [cmd for cmd in GAME.legal_commands(state, 0) if isinstance(cmd, PlayBanshee)]
    assert legal == [PlayBanshee(seat=0, card=c("o1")), PlayBanshee(seat=0, card=c("spy"))]
    after = apply(state, PlayBanshee(seat=0, card=c("spy")))
    assert after.sides[0][1] == cs("o1") and after.discard == cs("spy banshee")
    assert refused(state, PlayBanshee(seat=0, card=c("r5"))) == "not_opponent_card"
    assert refused(state, PlayBanshee(seat=0, card=c("o9"))) == "stone_claimed"


def test_traitor_takes_an_opponent_clan_card() -> None:
    sides = {0: ("r5", "o7 spy"), 1: ("", "o9"), 2: ("g1 g2 g3", "")}
    state = tactic_position(hands=("traitor r1", "o2"), sides=sides, owner={1: 1})
    after = apply(state, PlayTraitor(seat=0, card=c("o7"), to_stone=3))
    assert after.sides[0][1] == cs("spy") and after.sides[3][0] == cs("o7")
    assert after.discard == (c("traitor"),) and after.tactics_played == (1, 0)
    same = apply(state, PlayTraitor(seat=0, card=c("o7"), to_stone=0))
    assert same.sides[0] == (cs("r5 o7"), cs("spy"))
    assert refused(state, PlayTraitor(seat=0, card=c("o9"), to_stone=3)) == "stone_claimed"
    assert refused(state, PlayTraitor(seat=0, card=c("o7"), to_stone=1)) == "stone_claimed"
    assert refused(state, PlayTraitor(seat=0, card=c("spy"), to_stone=3)) == "not_clan_card"
    assert refused(state, PlayTraitor(seat=0, card=c("o7"), to_stone=2)) == "side_full"
    assert refused(state, PlayTraitor(seat=0, card=c("r5"), to_stone=3)) == "not_opponent_card"


def test_ruse_that_empties_a_complete_side_resets_who_completed_first() -> None:
    sides = {0: ("r1 r2 r3", "o4 o5 o6")}
    state = tactic_position(hands=("banshee r9", "o2"), sides=sides, first={0: 1})
    state = apply(state, PlayBanshee(seat=0, card=c("o6")))
    assert state.first_done[0] == 0
