"""The dispenser: the rulebook's explosion example step by step, the
middle-of-three case, refills, the out-of-reach 9th marble."""

from __future__ import annotations

import random

from tabletop.games.potion_explosion import commands as cm
from tabletop.games.potion_explosion import events as ev
from tabletop.games.potion_explosion.dispenser import draw_refill, explode, remove

from .helpers import act, events, hand, letters, marbles, playing, refusal, row, table


def _chain(track: str, pos: int) -> list[str]:
    """Each step of a take's chain: the track after every removal."""
    t = (row(track),)
    steps = []
    for p, k in explode(t[0], pos):
        t, _ = remove(t, ((0, p, k),))
        steps.append(letters(t[0]))
    return steps


def test_rulebook_example_step_by_step() -> None:
    # Bottom to top: the red taken sits between yellows; blacks frame the
    # yellows; two blues that already touch come down last.
    track = "RKYRYYKBB"
    assert explode(row(track), 3) == [(3, 1), (2, 3), (1, 2)]
    assert _chain(track, 3) == [
        "RKYYYKBB",  # the red is taken: the yellows close the gap...
        "RKKBB",  # ...three yellows collide and explode
        "RBB",  # then two blacks collide and explode
    ]  # the two blues came down together: they were touching, so no explosion


def test_rulebook_example_through_the_game() -> None:
    s = playing(2)
    s = table(s, tracks=("RKYRYYKBB", "BBBBBBBBB", "BBBBBBBBB", "BBBBBBBBB", "BBBBBBBBB"))
    s = table(s, reservoir="KKKKKK")
    evs = events(s, cm.Take, track=0, pos=3)
    assert evs[0] == ev.Dispensed(seat=0, source="take", removals=((0, 3, 1), (0, 2, 3), (0, 1, 2)))
    after = act(s, cm.Take, track=0, pos=3)
    assert after.turn.hand == marbles("R YYY KK")
    assert letters(after.tracks[0]) == "RBBKKKKKK"  # refilled at the top, no explosion
    assert after.reservoir == (0, 0, 0, 0)
    assert after.turn.taken


def test_taking_the_middle_of_three_explodes_the_other_two() -> None:
    assert explode(row("BRRRK"), 2) == [(2, 1), (1, 2)]
    assert _chain("BRRRK", 2) == ["BRRK", "BK"]


def test_no_collision_no_explosion() -> None:
    assert explode(row("RRR"), 0) == [(0, 1)]  # nothing below the gap
    assert explode(row("KRRR"), 3) == [(3, 1)]  # nothing above: nothing slides
    assert explode(row("YYKB"), 2) == [(2, 1)]  # touching yellows never explode alone


def test_chain_can_empty_a_track() -> None:
    assert _chain("YRY", 1) == ["YY", ""]
    assert _chain("KYRYK", 2) == ["KYYK", "KK", ""]


def test_refill_keeps_tracks_even_and_never_explodes() -> None:
    tracks = tuple(row(t) for t in ("RRRRRRRRR", "RRR", "RRRRRRRRR", "RRRRR", "RRRRRRRRR"))
    added = draw_refill(tracks, marbles("RRRR"), random.Random(1))
    assert [t for t, _ in added] == [1, 1, 1, 3]
    assert all(c == 0 for _, c in added)  # red on red: refills do not explode


def test_refill_stops_when_the_reservoir_is_empty() -> None:
    tracks = tuple(row(t) for t in ("", "", "R", "", ""))
    assert draw_refill(tracks, (0, 1, 0, 1), random.Random(0)) != ()
    assert len(draw_refill(tracks, (0, 1, 0, 1), random.Random(0))) == 2


def test_refills_draw_each_marble_as_randrange_would() -> None:
    """`draw_refill` draws with `getrandbits` itself; the seeded games, and so
    every stored playthrough and benchmark, rely on it drawing what
    `rng.randrange(total)` would."""
    for seed in range(40):
        tracks = tuple(row("R" * ((seed + t) % 10)) for t in range(5))
        reservoir = (seed % 5, 7, seed % 3, 20 - seed % 20)
        lengths, left = [len(t) for t in tracks], list(reservoir)
        expected = []
        rng = random.Random(seed)
        while sum(left) and min(lengths) < 9:
            track = lengths.index(min(lengths))
            r, colour = rng.randrange(sum(left)), 0
            while r >= left[colour]:
                r -= left[colour]
                colour += 1
            left[colour] -= 1
            lengths[track] += 1
            expected.append((track, colour))
        assert draw_refill(tracks, reservoir, random.Random(seed)) == tuple(expected)


def test_an_empty_track_stays_empty_without_reservoir() -> None:
    s = playing(2)
    s = table(s, tracks=("YRY", "BK", "", "", ""), reservoir=(0, 0, 0, 0))
    after = act(s, cm.Take, track=0, pos=1)
    assert after.tracks[0] == ()
    assert after.turn.hand == marbles("R YY")


def test_the_ninth_marble_is_out_of_reach() -> None:
    s = playing(2)
    s = table(s, tracks=("RBKYRBKYR", "B", "", "", ""))
    assert refusal(s, cm.Take, track=0, pos=8) == "out_of_reach"
    assert refusal(s, cm.LittleHelp, track=0, pos=8) == "out_of_reach"
    assert refusal(s, cm.Take, track=1, pos=1) == "no_marble"
    assert refusal(s, cm.Take, track=7, pos=0) == "no_marble"
    assert act(s, cm.Take, track=1, pos=0).turn.hand == marbles("B")


def test_the_regular_take_is_once_per_turn() -> None:
    s = playing(2)
    s = hand(act(s, cm.Take, track=0, pos=0), "")
    assert refusal(s, cm.Take, track=0, pos=0) == "already_taken"
