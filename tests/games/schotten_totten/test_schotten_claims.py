"""Claims: complete sides, early claims proved or refused, and the refusals."""

from __future__ import annotations

import pytest

from tabletop.games.schotten_totten import GAME
from tabletop.games.schotten_totten.commands import Claim
from tabletop.kernel import IllegalCommand

from ._helpers import claim, position


def refused(state, seat: int, stone: int) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as exc:
        claim(state, seat, stone)
    return exc.value


def test_early_claim_with_an_unbeatable_formation() -> None:
    # 7-8-9 in one colour: at best the opponent ties it, and ties go to the
    # side completed first (the claimer's).
    state = position(sides={0: ("r7 r8 r9", "g8 g9")})
    [event] = claim(state, 0, 0)
    assert (event.how, event.seat, event.stone) == ("early", 0, 0)
    assert Claim(seat=0, stone=0) in GAME.legal_commands(state, 0)


def test_early_claim_refused_while_the_opponent_could_still_win() -> None:
    state = position(sides={1: ("r1 o5 y9", "g2 g3")})
    err = refused(state, 0, 1)
    assert err.code == "claim_not_proven"
    assert "colour-run" in err.message
    assert Claim(seat=0, stone=1) not in GAME.legal_commands(state, 0)


def test_early_claim_refused_when_only_a_card_in_the_claimers_hand_would_beat_it() -> None:
    # Three 8s against red 5-6: only a red 4 or red 7 (a colour run) beats the
    # 8s. The red 4 is on the table; the red 7 is in the claimer's own hand,
    # which still counts as possible.
    sides = {2: ("o8 y8 g8", "r5 r6"), 6: ("r4", "")}
    state = position(sides=sides, hands=("r7 b1", "p1"))
    assert refused(state, 0, 2).code == "claim_not_proven"
    # Once the red 7 is on the table too, the claim is proved.
    state = position(sides={**sides, 7: ("r7", "")}, hands=("b1", "p1"))
    assert claim(state, 0, 2)[0].how == "early"


def test_early_claim_when_the_opponent_cannot_complete_at_all() -> None:
    # The weakest formation still wins if too few cards remain to complete
    # the other side: the opponent needs two more, only one is off the table.
    every = [f"{col}{v}" for col in "roygbp" for v in range(1, 10)]
    rest = [x for x in every if x not in {"r1", "o1", "y2", "p9", "b9", "g9"}]
    sides = {
        s: (" ".join(rest[6 * s - 6 : 6 * s - 3]), " ".join(rest[6 * s - 3 : 6 * s]))
        for s in range(1, 9)
    }
    sides[0] = ("r1 o1 y2", "p9")
    gone = "joker joker2 spy shield-bearer"  # no elite troop left to help either
    state = position(sides=sides, hands=("b9", ""), discard=f"g9 {gone}", deck="", tactics=True)
    assert claim(state, 0, 0)[0].how == "early"
    # With one more card unplayed, the opponent could still make 27 points.
    state = position(sides=sides, hands=("b9 g9", ""), discard=gone, deck="", tactics=True)
    assert refused(state, 0, 0).code == "claim_not_proven"


def test_claim_needs_your_side_complete() -> None:
    state = position(sides={0: ("r7 r8", "")})
    assert refused(state, 0, 0).code == "side_incomplete"


def test_claimed_stone_cannot_be_claimed_again() -> None:
    state = position(sides={0: ("r7 r8 r9", "g1 g2 g3")}, owner={0: 0})
    assert refused(state, 0, 0).code == "stone_claimed"
    assert refused(state, 1, 0).code == "stone_claimed"


def test_claim_names_the_stronger_side() -> None:
    state = position(sides={4: ("r1 o2 y3", "g7 g8 g9")}, first={4: 0})
    err = refused(state, 0, 4)
    assert err.code == "weaker_formation"
    assert "colour-run" in err.message and "run" in err.message


def test_early_claim_counts_elite_troops_not_on_the_table() -> None:
    # Three 8s against red 5-6 with red 4 and 7 on the table: a joker
    # (standing for either) still beats them...
    sides = {2: ("o8 y8 g8", "r5 r6"), 6: ("r4 r7", "")}
    state = position(sides=sides, tactics=True)
    err = refused(state, 0, 2)
    assert err.code == "claim_not_proven"
    # Without its joker (used already), the spy - a 7 of any colour - still does...
    state = position(sides=sides, tactics=True, joker_used=(False, True))
    assert refused(state, 0, 2).code == "claim_not_proven"
    # ...and once the spy is discarded too, the claim is proved.
    state = position(sides=sides, tactics=True, joker_used=(False, True), discard="spy")
    assert claim(state, 0, 2)[0].how == "early"


def test_early_claim_under_blind_mans_bluff_compares_sums() -> None:
    state = position(sides={3: ("r9 o9 y8", "g9 b9")}, modes={3: 1})
    # 26 against 18 + at most 9 = 27: not proved.
    assert refused(state, 0, 3).code == "claim_not_proven"
    state = position(sides={3: ("r9 o9 y8", "g9 b9"), 5: ("p9 y9", "")}, modes={3: 1})
    # Every 9 is on the table: 18 + 8 = 26 ties, and the claimer was first.
    assert claim(state, 0, 3)[0].how == "early"


def test_early_claim_under_mud_fight_needs_four_cards() -> None:
    state = position(sides={1: ("r6 r7 r8", "g1")}, modes={1: 2})
    assert refused(state, 0, 1).code == "side_incomplete"
    # Red 6-9 (30) against green 1: a green run 1-4 sums to 10 only, so
    # nothing with the green 1 can beat it.
    state = position(sides={1: ("r6 r7 r8 r9", "g1")}, modes={1: 2})
    assert claim(state, 0, 1)[0].how == "early"
    # Red 5-8 (26) against blue 9: blue 6-9 (30) would beat it.
    state = position(sides={1: ("r5 r6 r7 r8", "b9")}, modes={1: 2})
    assert refused(state, 0, 1).code == "claim_not_proven"
