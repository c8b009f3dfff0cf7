"""A turn: Little Help, placing marbles, the pool, completing potions (at most
two a turn), ending the turn and refilling the burners."""

from __future__ import annotations

from tabletop.games.potion_explosion import GAME
from tabletop.games.potion_explosion import commands as cm
from tabletop.games.potion_explosion.state import PLAY, REFILL, State
from tabletop.kernel import replace

from .helpers import SANDS_5, SANDS_7, act, hand, marbles, playing, refusal, seat, table

FULL = ("RRRRRRRRR",) * 5


def test_little_help_takes_one_marble_without_explosion() -> None:
    s = table(playing(2), tracks=("BRRRK", *FULL[1:]), reservoir=(0, 0, 0, 0))
    s = act(s, cm.LittleHelp, track=0, pos=2)
    assert s.tracks[0] == (1, 0, 0, 2)  # the two reds met and did not explode
    assert s.turn.hand == marbles("R")
    assert s.players[0].helps == 1 and s.turn.helped
    assert refusal(s, cm.LittleHelp, track=0, pos=0) == "help_used"
    # Before or after the regular take, which still explodes.
    s = act(table(s, tracks=("BRRRK", *FULL[1:])), cm.Take, track=0, pos=2)
    assert s.turn.hand == marbles("RRRR")


def test_rulebook_pool_example() -> None:
    """Sanghee: 4 red and 3 black in hand, 2 blue in the pool. 4 red and 1 blue
    go onto potions, the 3 black into the pool; the spare blue goes back."""
    s = playing(2)  # burners: R4 B1 Y2 and R1 B2 Y2, no black hole
    s = seat(s, 0, burners=((SANDS_7, "YY"), (SANDS_5, "BBYY")), pool="BB")
    s = hand(s, "RRRR KKK", taken=True)
    s = act(act(s, cm.Unstash, colour="blue"), cm.Unstash, colour="blue")
    for slot in (0, 0, 0, 1):
        s = act(s, cm.Place, colour="red", slot=slot)
    assert s.players[0].completed == (SANDS_5,)  # the 4th red completed it
    s = act(s, cm.Place, colour="blue", slot=0)
    for _ in range(3):
        s = act(s, cm.Stash, colour="black")
    assert s.players[0].pool == marbles("KKK")
    assert refusal(s, cm.Stash, colour="blue") == "from_pool"
    assert s.turn.hand == marbles("B")
    dispenser = sum(s.reservoir) + sum(map(len, s.tracks))
    s = act(s, cm.EndTurn)
    assert s.phase == REFILL and s.turn.hand == (0, 0, 0, 0)
    assert sum(s.reservoir) + sum(map(len, s.tracks)) == dispenser + 1


def test_marbles_must_fill_matching_holes_first() -> None:
    s = seat(playing(2), 0, burners=((SANDS_7, ""), (SANDS_5, "")))
    s = hand(s, "R K", taken=True)
    assert refusal(s, cm.Stash, colour="red") == "must_place"
    assert refusal(s, cm.EndTurn) == "must_place"
    assert refusal(s, cm.Place, colour="black", slot=0) == "no_hole"
    assert refusal(s, cm.Place, colour="blue", slot=0) == "not_in_hand"
    s = act(s, cm.Place, colour="red", slot=1)  # you choose the potion
    assert s.players[0].burners[1].filled == marbles("R")
    s = act(s, cm.Stash, colour="black")
    assert s.players[0].pool == marbles("K")
    assert act(s, cm.EndTurn).current == 1  # burners full: the next seat plays


def test_pool_holds_three_marbles() -> None:
    s = seat(playing(2), 0, burners=((SANDS_7, ""), None), pool="KK")
    s = hand(s, "KK", taken=True)
    s = act(s, cm.Stash, colour="black")
    assert refusal(s, cm.Stash, colour="black") == "pool_full"
    assert cm.Stash(seat=0, colour="black") not in GAME.legal_commands(s, 0)
    # The extra black returns to the dispenser at the end of the turn.
    before = sum(s.reservoir) + sum(map(len, s.tracks))
    s = act(s, cm.EndTurn)
    assert sum(s.reservoir) + sum(map(len, s.tracks)) == before + 1


def dispenser(s: State) -> int:
    return sum(s.reservoir) + sum(map(len, s.tracks))


def test_unplaceable_marbles_go_into_the_pool_first() -> None:
    """Rulebook: "획득한 구슬들 중에 물약 타일에 놓을 수 없는 구슬이 있다면, 덱 보드 위
    제조 공간의 플라스크에 놓습니다" (marbles that fit no potion go into the flask, the
    pool), and at the end of the turn "제조 공간의 플라스크가 다 차고도 아직 손에 남은
    구슬이 있다면 분배기에 모두 넣습니다" (only if the pool is full and marbles remain
    in hand do they all go back into the dispenser)."""
    s = seat(playing(2), 0, burners=(None, None))  # no potion: no marble fits one
    s = hand(s, "K", taken=True)
    assert refusal(s, cm.EndTurn) == "must_stash"
    assert cm.EndTurn(seat=0) not in GAME.legal_commands(s, 0)
    s = act(s, cm.Stash, colour="black")
    before = dispenser(s)
    s = act(s, cm.EndTurn)
    assert s.players[0].pool == marbles("K") and dispenser(s) == before


def test_only_what_the_full_pool_cannot_hold_goes_back() -> None:
    s = seat(playing(2), 0, burners=(None, None), pool="R")
    s = hand(s, "KKYB", taken=True)
    s = act(s, cm.Stash, colour="yellow")
    assert refusal(s, cm.EndTurn) == "must_stash"  # room for one more
    s = act(s, cm.Stash, colour="black")  # which ones to keep is the player's choice
    assert cm.EndTurn(seat=0) in GAME.legal_commands(s, 0)
    before = dispenser(s)
    s = act(s, cm.EndTurn)
    assert s.players[0].pool == marbles("RYK")
    assert dispenser(s) == before + 2  # a black and the blue


def test_pool_marbles_taken_back_and_unused_return_to_the_pool() -> None:
    """A marble taken from the pool is back in hand; while the pool has room it
    goes into it again at the end of the turn, not into the dispenser."""
    s = seat(playing(2), 0, burners=(None, None), pool="BB")
    s = hand(s, "Y", taken=True)
    s = act(act(s, cm.Unstash, colour="blue"), cm.Unstash, colour="blue")
    s = act(s, cm.Stash, colour="yellow")
    assert refusal(s, cm.Stash, colour="blue") == "from_pool"  # the loop stays bounded
    before = dispenser(s)
    s = act(s, cm.EndTurn)
    assert s.players[0].pool == marbles("BBY") and dispenser(s) == before


def test_pool_and_hand_cannot_loop() -> None:
    s = seat(playing(2), 0, burners=((SANDS_7, ""), (SANDS_5, "")), pool="K")
    s = hand(s, "", taken=True)
    s = act(s, cm.Unstash, colour="black")
    assert refusal(s, cm.Stash, colour="black") == "from_pool"
    assert [c for c in GAME.legal_commands(s, 0) if isinstance(c, cm.Stash | cm.Unstash)] == []


def test_end_turn_needs_the_regular_take() -> None:
    s = playing(2)
    assert refusal(s, cm.EndTurn) == "take_required"
    assert cm.EndTurn(seat=0) not in GAME.legal_commands(s, 0)


def test_at_most_two_potions_per_turn_then_refill_one_at_a_time() -> None:
    s = playing(2)
    s = seat(s, 0, burners=((SANDS_7, "RRRRYY"), (SANDS_5, "BBYY")))  # each lacks one marble
    s = hand(s, "B R K", taken=True)
    s = act(s, cm.Place, colour="blue", slot=0)
    s = act(s, cm.Place, colour="red", slot=1)
    assert s.players[0].completed == (SANDS_7, SANDS_5) and s.turn.completed == 2
    assert s.players[0].burners == (None, None)
    assert refusal(s, cm.Place, colour="black", slot=0) == "no_potion"
    # The guard itself: a third completion in one turn is refused.
    s3 = seat(s, 0, burners=((SANDS_7, "RRRRYY"), None))  # one blue from complete
    s3 = hand(s3, "B", taken=True, completed=2)
    assert refusal(s3, cm.Place, colour="blue", slot=0) == "potion_limit"
    # The potions' marbles went back to the dispenser.
    s = act(s, cm.Stash, colour="black")
    s = act(s, cm.EndTurn)
    assert s.phase == REFILL and GAME.to_act(s) == [0]
    legal = GAME.legal_commands(s, 0)
    assert legal and all(isinstance(c, cm.ChooseStack) for c in legal)
    # Nothing goes onto the new potions this turn: only stacks may be chosen.
    assert refusal(s, cm.Unstash, colour="black") == "wrong_phase"
    assert refusal(s, cm.Place, colour="black", slot=0) == "wrong_phase"
    top = s.stacks[2][0]
    s = act(s, cm.ChooseStack, stack=2)
    assert s.players[0].burners[0].tile == top and s.phase == REFILL
    s = act(s, cm.ChooseStack, stack=2)
    assert s.players[0].burners[1] is not None
    assert s.phase == PLAY and s.current == 1


def test_empty_stack_is_refused() -> None:
    s = seat(playing(2), 0, burners=(None, (SANDS_5, "")))
    s = replace(s, stacks=((), *s.stacks[1:]))
    s = act(hand(s, "", taken=True), cm.EndTurn)
    assert refusal(s, cm.ChooseStack, stack=0) == "empty_stack"
    assert refusal(s, cm.ChooseStack, stack=9) == "no_stack"


def test_drafting_is_a_snake() -> None:
    s = GAME.new(3, seed=4)
    order = []
    while s.phase != PLAY:
        seat_ = GAME.to_act(s)[0]
        order.append(seat_)
        assert refusal(s, cm.Draft, tile=999) == "not_offered"
        s = GAME.apply(s, GAME.legal_commands(s, seat_)[-1], seed=0)
    assert order == [0, 1, 2, 2, 1, 0]
    assert all(None not in p.burners for p in s.players)
    assert s.current == 0 and s.round == 1
