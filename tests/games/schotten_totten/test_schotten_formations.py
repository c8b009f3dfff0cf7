"""Formations: each against each, the tie-breaks, elite troops, 4-card
formations under Mud fight, sums under Blind-man's bluff, and the
best-possible-completion search against brute force."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest

from tabletop.games.schotten_totten import SchottenCode
from tabletop.games.schotten_totten.cards import ELITE_VALUES, colour, is_clan, value
from tabletop.games.schotten_totten.formations import (
    best_possible,
    can_beat,
    formation_name,
    side_key,
)
from tabletop.kernel import IllegalCommand

from ._helpers import PLAY, claim, cs, position

# Two examples of each formation, strongest formation first; within a
# formation the first example has the higher sum. Each is weaker in sum than
# every example of the formation below it, so only the formation decides.
FORMATIONS = {
    "colour-run": ("r4 r5 r6", "g1 g2 g3"),
    "kind": ("o8 y8 g8", "r2 o2 y2"),
    "colour": ("b1 b5 b9", "o1 o3 o6"),
    "run": ("r7 b8 p9", "y1 g2 b3"),
    "sum": ("g9 y9 o7", "p1 b1 r5"),
}
ORDER = list(FORMATIONS)


@pytest.mark.parametrize("name", ORDER)
def test_formation_is_recognised(name: str) -> None:
    for example in FORMATIONS[name]:
        assert formation_name(side_key(cs(example), False)) == name


@pytest.mark.parametrize(("stronger", "weaker"), list(combinations(ORDER, 2)))
def test_every_formation_beats_every_weaker_one(stronger: str, weaker: str) -> None:
    strong, weak = FORMATIONS[stronger][1], FORMATIONS[weaker][0]  # weak sum vs strong sum
    assert sum(value(x) for x in cs(strong)) <= sum(value(x) for x in cs(weak)) or (
        stronger == "colour-run"
    )
    # Seat 1 completed first, and still loses the stone to the better formation.
    state = position(sides={4: (strong, weak)}, first={4: 1})
    assert claim(state, 0, 4)[0].how == "claim"
    state = position(sides={4: (weak, strong)}, first={4: 0})
    with pytest.raises(IllegalCommand) as refused:
        claim(state, 0, 4)
    assert refused.value.code == "weaker_formation"


@pytest.mark.parametrize("name", ORDER)
def test_same_formation_higher_sum_wins(name: str) -> None:
    high, low = FORMATIONS[name]
    state = position(sides={0: (low, high)}, first={0: 0})
    with pytest.raises(IllegalCommand):
        claim(state, 0, 0)
    assert claim(state, 1, 0)[0].seat == 1


def test_same_formation_and_sum_goes_to_who_completed_first() -> None:
    state = position(sides={2: ("r1 o2 y3", "g1 b2 p3")}, first={2: 1})
    with pytest.raises(IllegalCommand) as refused:
        claim(state, 0, 2)
    assert refused.value.code == "weaker_formation"
    assert "completed their side first" in refused.value.message
    assert claim(state, 1, 2)[0].how == "claim"


def test_completion_order_comes_from_play() -> None:
    from tabletop.games.schotten_totten.commands import EndTurn, PlayCard

    from ._helpers import apply

    # Seat 1 completes its run first; seat 0 completes the same sum later.
    state = position(
        sides={0: ("r1 o2", "g1 b2")},
        hands=("y3 r9", "p3 o9"),
        deck="r8 o8 y8 g8",
        phase=PLAY,
        turn=1,
    )
    state = apply(state, PlayCard(seat=1, card=cs("p3")[0], stone=0))
    state = apply(state, EndTurn(seat=1, deck="clan"))
    state = apply(state, PlayCard(seat=0, card=cs("y3")[0], stone=0))
    assert state.first_done[0] == 1
    with pytest.raises(IllegalCommand):
        claim(state, 0, 0)


def test_claim_comes_after_playing() -> None:
    state = position(sides={0: ("r7 r8 r9", "")}, phase=PLAY)
    with pytest.raises(IllegalCommand) as refused:
        claim(state, 0, 0)
    assert refused.value.code == SchottenCode.WRONG_PHASE


def test_runs_do_not_wrap_and_need_consecutive_values() -> None:
    assert formation_name(side_key(cs("r9 o1 y2"), False)) == "sum"
    assert formation_name(side_key(cs("r1 o2 y4"), False)) == "sum"
    assert formation_name(side_key(cs("r3 o1 y2"), False)) == "run"  # any order


# ---------------------------------------------------------------- mud and fog
def test_four_card_formations_under_mud_fight() -> None:
    cases = {
        "colour-run": "b2 b3 b4 b5",
        "kind": "r6 o6 y6 g6",
        "colour": "p1 p4 p7 p9",
        "run": "r6 o7 y8 g9",
        "sum": "r9 o9 y8 g1",
    }
    keys = {name: side_key(cs(cards), False) for name, cards in cases.items()}
    for name, key in keys.items():
        assert formation_name(key) == name
    assert keys["colour-run"] > keys["kind"] > keys["colour"] > keys["run"] > keys["sum"]
    # A 3-card colour run is not a formation of 4: the side is incomplete.
    state = position(sides={3: ("b2 b3 b4", "r6 o6 y6 g6")}, modes={3: 2}, first={3: 1})
    with pytest.raises(IllegalCommand) as refused:
        claim(state, 0, 3)
    assert refused.value.code == "side_incomplete"
    state = position(sides={3: ("b2 b3 b4 b5", "r6 o6 y6 g6")}, modes={3: 2}, first={3: 1})
    assert claim(state, 0, 3)[0].how == "claim"


def test_blind_mans_bluff_counts_only_the_sum() -> None:
    assert side_key(cs("r1 r2 r3"), True) < side_key(cs("o9 y8 g2"), True)
    state = position(sides={5: ("r1 r2 r3", "o9 y8 g2")}, modes={5: 1}, first={5: 0})
    with pytest.raises(IllegalCommand):
        claim(state, 0, 5)
    assert claim(state, 1, 5)[0].seat == 1
    # Both combat modes on one stone: 4 cards, sum only.
    state = position(sides={5: ("r1 r2 r3 r4", "o9 y8 g2 b1")}, modes={5: 3}, first={5: 0})
    assert claim(state, 1, 5)[0].seat == 1


# ---------------------------------------------------------------- elite troops
def test_elite_troops_take_their_best_reading() -> None:
    assert formation_name(side_key(cs("r8 r9 joker"), False)) == "colour-run"
    assert side_key(cs("r8 r9 joker"), False) % 100 == 24  # the joker is the red 7
    assert formation_name(side_key(cs("g6 g8 spy"), False)) == "colour-run"
    assert formation_name(side_key(cs("o7 y7 spy"), False)) == "kind"
    assert formation_name(side_key(cs("b1 b2 shield-bearer"), False)) == "colour-run"
    assert side_key(cs("b1 b2 shield-bearer"), False) % 100 == 6
    assert formation_name(side_key(cs("p5 p9 shield-bearer"), False)) == "colour"
    assert side_key(cs("p5 p9 shield-bearer"), False) % 100 == 17
    assert side_key(cs("r8 joker spy"), False) == 400 + 24
    assert side_key(cs("joker spy shield-bearer"), False) == 200 + 9 + 7 + 3
    assert side_key(cs("joker spy shield-bearer"), True) == 9 + 7 + 3


# ------------------------------------------------------- completion vs brute force
def _brute(side: tuple[int, ...], need: int, pool: list[int], wild: tuple[int, ...]) -> int:
    best = -1
    for extra in combinations(pool + list(wild), need - len(side)):
        cards = (*side, *extra)
        fixed = [x for x in cards if is_clan(x)]
        wilds = [x for x in cards if not is_clan(x)]
        for vals in product(*(ELITE_VALUES[w] for w in wilds)):
            for cols in product(range(6), repeat=len(wilds)):
                vs = [value(x) for x in fixed] + list(vals)
                cols_all = [colour(x) for x in fixed] + list(cols)
                n = len(vs)
                total = sum(vs)
                same_colour = len(set(cols_all)) == 1
                run = len(set(vs)) == n and max(vs) - min(vs) == n - 1
                if same_colour and run:
                    rank = 4
                elif len(set(vs)) == 1:
                    rank = 3
                elif same_colour:
                    rank = 2
                elif run:
                    rank = 1
                else:
                    rank = 0
                best = max(best, rank * 100 + total)
    return best


def test_best_possible_matches_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(120):
        cards = list(range(54))
        rng.shuffle(cards)
        need = rng.choice((3, 3, 4))
        side = tuple(sorted(cards[: rng.randrange(0, need)]))
        pool = cards[10 : 10 + rng.randrange(0, 9)]
        wild = tuple(w for w in (54, 56, 57) if rng.random() < 0.25)
        mask = sum(1 << x for x in pool)
        expected = _brute(side, need, pool, wild)
        assert best_possible(side, need, mask, wild, False) == expected, (side, pool, wild)
        for key in (expected - 1, expected, expected + 1):
            assert can_beat(side, need, mask, wild, False, key) == (expected > key)
