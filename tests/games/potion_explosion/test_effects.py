"""Every potion effect, its refusals, and that effect marbles never explode."""

from __future__ import annotations

from tabletop.games.potion_explosion import GAME
from tabletop.games.potion_explosion import commands as cm
from tabletop.games.potion_explosion.state import State

from .helpers import (
    SANDS_5,
    SANDS_7,
    act,
    hand,
    letters,
    marbles,
    marbles_by_colour,
    playing,
    refusal,
    seat,
    table,
    tile,
    tile_with,
)

FULL = ("YYYYYYYYY",) * 5


def drinking(kind: str, *tracks: str, players: int = 2, extra: tuple[int, ...] = ()) -> State:
    """Seat 0 owns an undrunk potion of `kind` (potion 0), tracks as given;
    the reservoir is empty so tracks show exactly what the effect did."""
    s = table(playing(players), tracks=(*tracks, *FULL[len(tracks) :]), reservoir=(0, 0, 0, 0))
    s = seat(s, 0, completed=(tile(kind), *extra))
    s = hand(s, "", taken=True)
    return act(s, cm.Drink, potion=0)


def collected(s: State) -> tuple[int, int, int, int]:
    assert s.turn.pending is None
    return s.turn.hand


def test_drinking_rules() -> None:
    s = table(playing(2), tracks=FULL)
    s = seat(s, 0, completed=(tile("wisdom"), tile("wisdom", 1)), drunk=(True, False))
    assert refusal(s, cm.Drink, potion=0) == "already_drunk"
    assert refusal(s, cm.Drink, potion=5) == "unknown_potion"
    assert refusal(s, cm.Collect, marbles=((0, 0),)) == "no_effect_pending"
    s = act(s, cm.Drink, potion=1)
    assert s.players[0].drunk == (True, True)
    assert refusal(s, cm.Take, track=0, pos=0) == "effect_pending"
    assert refusal(s, cm.Drink, potion=0) == "effect_pending"
    assert refusal(s, cm.Steal, opponent=1) == "wrong_effect"
    # A drunk potion still scores.
    assert s.players[0].completed == (tile("wisdom"), tile("wisdom", 1))


def test_wisdom_takes_one_marble_without_explosion() -> None:
    s = drinking("wisdom", "BRRRK")
    legal = GAME.legal_commands(s, 0)
    assert all(isinstance(c, cm.Collect) and len(c.marbles) == 1 for c in legal)
    assert refusal(s, cm.Collect, marbles=((0, 1), (0, 2))) == "wrong_count"
    assert refusal(s, cm.Collect, marbles=((1, 8),)) == "out_of_reach"
    s = act(s, cm.Collect, marbles=((0, 2),))
    assert collected(s) == marbles("R")
    assert letters(s.tracks[0]) == "BRRK"  # the reds met: no explosion


def test_magnetic_attraction_takes_two_adjacent_different_colours() -> None:
    s = drinking("magnetic_attraction", "KRBKB")
    assert refusal(s, cm.Collect, marbles=((0, 0),)) == "wrong_count"
    assert refusal(s, cm.Collect, marbles=((0, 0), (0, 2))) == "not_adjacent"
    assert refusal(s, cm.Collect, marbles=((0, 0), (1, 0))) == "not_adjacent"
    assert refusal(s, cm.Collect, marbles=((1, 0), (1, 1))) == "same_colour"
    s = act(s, cm.Collect, marbles=((0, 2), (0, 1)))  # any order
    assert collected(s) == marbles("RB")
    assert letters(s.tracks[0]) == "KKB"  # the blacks met: no explosion


def test_magnetic_attraction_needs_a_mixed_pair() -> None:
    s = table(playing(2), tracks=FULL)
    s = hand(seat(s, 0, completed=(tile("magnetic_attraction"),)), "", taken=True)
    assert refusal(s, cm.Drink, potion=0) == "effect_impossible"
    assert [c for c in GAME.legal_commands(s, 0) if isinstance(c, cm.Drink)] == []


def test_blind_love_takes_an_opponents_whole_pool() -> None:
    s = table(playing(3), tracks=FULL)
    s = hand(seat(s, 0, completed=(tile("blind_love"),)), "", taken=True)
    assert refusal(s, cm.Drink, potion=0) == "effect_impossible"  # every pool is empty
    s = seat(s, 1, pool="KKY")
    s = act(s, cm.Drink, potion=0)
    assert GAME.legal_commands(s, 0) == [cm.Steal(seat=0, opponent=1)]
    assert refusal(s, cm.Steal, opponent=0) == "bad_opponent"
    assert refusal(s, cm.Steal, opponent=2) == "empty_pool"
    s = act(s, cm.Steal, opponent=1)
    assert collected(s) == marbles("KKY")
    assert s.players[1].pool == (0, 0, 0, 0)


def test_prismatic_joy_places_pool_marbles_as_any_colour() -> None:
    s = table(playing(2), tracks=FULL)
    s = seat(s, 0, completed=(tile("prismatic_joy"),), burners=((SANDS_7, ""), (SANDS_5, "R")))
    s = hand(s, "", taken=True)
    assert refusal(s, cm.Drink, potion=0) == "effect_impossible"  # empty pool
    s = act(seat(s, 0, pool="KKB"), cm.Drink, potion=0)
    assert refusal(s, cm.FinishEffect) == "nothing_done"
    assert refusal(s, cm.Transmute, colour="yellow", slot=0, hole="red") == "not_in_pool"
    assert refusal(s, cm.Transmute, colour="black", slot=0, hole="black") == "no_hole"
    assert refusal(s, cm.Transmute, colour="black", slot=1, hole="red") == "no_hole"
    s = act(s, cm.Transmute, colour="black", slot=0, hole="red")
    s = act(s, cm.Transmute, colour="black", slot=1, hole="yellow")
    assert s.turn.pending is not None and s.turn.pending.done == 2
    s = act(s, cm.Transmute, colour="blue", slot=0, hole="yellow")
    assert s.turn.pending is None  # three marbles: the effect is over
    assert s.players[0].pool == (0, 0, 0, 0)
    assert s.players[0].burners[0].filled == marbles("RY")
    assert s.players[0].burners[1].filled == marbles("RY")
    # ... and each marble is still the colour it was (black, black, blue).
    assert s.players[0].burners[0].marbles == marbles("KB")
    assert s.players[0].burners[1].marbles == marbles("RK")


def test_prismatic_joy_marbles_keep_their_colour_back_to_the_dispenser() -> None:
    """Rulebook: Prismatic Joy puts pool marbles "색상에 관계 없이 제조 중인 물약에"
    (onto a potion being brewed, whatever their colour), and a completed potion's
    "물약 위에 있던 모든 구슬을 분배기에 집어 넣습니다" (all the marbles that were on
    it go back into the dispenser): a black marble in a red hole goes back black."""
    s = table(playing(2), tracks=FULL, reservoir=(0, 0, 0, 0))  # full tracks: no refill
    sands = tile_with("sands_of_time", "R BB YY")
    s = seat(s, 0, completed=(tile("prismatic_joy"),), burners=((sands, "BBYY"), None))
    s = act(hand(seat(s, 0, pool="K"), "", taken=True), cm.Drink, potion=0)
    before = marbles_by_colour(s)
    s = act(s, cm.Transmute, colour="black", slot=0, hole="red")  # the last hole: completed
    assert s.players[0].completed[-1] == sands
    assert s.reservoir == marbles("BBYY K")  # no red: the black went back black
    assert marbles_by_colour(s) == before


def test_prismatic_joy_can_stop_early() -> None:
    s = table(playing(2), tracks=FULL)
    s = seat(s, 0, completed=(tile("prismatic_joy"),), burners=((SANDS_7, ""), None), pool="KK")
    s = act(hand(s, "", taken=True), cm.Drink, potion=0)
    s = act(act(s, cm.Transmute, colour="black", slot=0, hole="blue"), cm.FinishEffect)
    assert s.turn.pending is None and s.players[0].pool == marbles("K")


def test_abyssal_draft_takes_bottoms_of_different_colours() -> None:
    s = drinking("abyssal_draft", "RKK", "BY", "RY", "KB", "YY")
    assert refusal(s, cm.Collect, marbles=((0, 0), (2, 0))) == "repeated"  # both red
    assert refusal(s, cm.Collect, marbles=((0, 1),)) == "not_bottom"
    assert refusal(s, cm.Collect, marbles=((0, 0), (0, 0))) == "repeated"
    assert refusal(s, cm.Collect, marbles=()) == "wrong_count"
    legal = GAME.legal_commands(s, 0)
    assert cm.Collect(seat=0, marbles=((0, 0), (1, 0), (3, 0), (4, 0))) in legal
    s = act(s, cm.Collect, marbles=((4, 0), (0, 0), (1, 0), (3, 0)))
    assert collected(s) == marbles("RBKY")
    assert [letters(t) for t in s.tracks] == ["KK", "Y", "RY", "B", "Y"]  # no explosion


def test_sands_of_time_reuses_a_drunk_potion() -> None:
    s = table(playing(2), tracks=("BRRRK", *FULL[1:]), reservoir=(0, 0, 0, 0))
    s = seat(s, 0, completed=(tile("sands_of_time"), tile("wisdom"), tile("sands_of_time", 1)))
    s = hand(s, "", taken=True)
    assert refusal(s, cm.Drink, potion=0) == "effect_impossible"  # nothing drunk yet
    s = act(s, cm.Drink, potion=1)
    s = act(s, cm.Collect, marbles=((0, 4),))
    s = act(s, cm.Drink, potion=2)  # the second Sands of Time
    assert refusal(s, cm.Reuse, potion=2) == "cannot_reuse"
    assert GAME.legal_commands(s, 0) == [cm.Reuse(seat=0, potion=1)]
    s = act(s, cm.Reuse, potion=1)
    s = act(s, cm.Collect, marbles=((0, 2),))
    assert collected(s) == marbles("KR")
    assert letters(s.tracks[0]) == "BRR"  # no explosion
    assert refusal(s, cm.Drink, potion=1) == "already_drunk"


def test_sands_of_time_refuses_an_undrunk_potion() -> None:
    s = table(playing(2), tracks=FULL)
    kinds = (tile("sands_of_time"), tile("wisdom"), tile("wisdom", 1))
    s = seat(s, 0, completed=kinds, drunk=(False, True, False))
    s = act(hand(s, "", taken=True), cm.Drink, potion=0)
    assert refusal(s, cm.Reuse, potion=2) == "not_drunk"
    assert refusal(s, cm.Reuse, potion=7) == "unknown_potion"


def test_uttermost_stickiness_takes_a_same_coloured_run() -> None:
    s = drinking("uttermost_stickiness", "KRRRK", "BY")
    assert refusal(s, cm.Collect, marbles=((0, 1),)) == "wrong_count"
    assert refusal(s, cm.Collect, marbles=((0, 0), (0, 1))) == "mixed_colours"
    assert refusal(s, cm.Collect, marbles=((0, 1), (0, 3))) == "not_adjacent"
    sticky = [c for c in GAME.legal_commands(s, 0) if c.marbles[0][0] == 0]
    assert len(sticky) == 3  # RR (twice) and RRR
    s = act(s, cm.Collect, marbles=((0, 1), (0, 2), (0, 3)))
    assert collected(s) == marbles("RRR")
    assert letters(s.tracks[0]) == "KK"  # the blacks met: no explosion


def test_lavamancing_filter_returns_up_to_five_of_one_colour() -> None:
    s = drinking("lavamancing_filter", "RKRRKRBRR", "RRR")
    s = act(s, cm.Discard, track=0, pos=1)  # a black: the reds meet, no explosion
    assert letters(s.tracks[0]) == "RRRKRBRR" and s.reservoir == marbles("K")
    assert refusal(s, cm.Discard, track=1, pos=0) == "wrong_track"
    assert refusal(s, cm.Discard, track=0, pos=0) == "wrong_colour"
    s = act(s, cm.Discard, track=0, pos=3)
    assert letters(s.tracks[0]) == "RRRRBRR"
    assert s.turn.pending is None  # no black left in that track: done
    s = drinking("lavamancing_filter", "RRRRRRBRR")
    for _ in range(4):
        s = act(s, cm.Discard, track=0, pos=0)
        assert s.turn.pending is not None
    s = act(s, cm.Discard, track=0, pos=0)  # the fifth
    assert s.turn.pending is None
    assert s.reservoir == (0, 0, 0, 0)  # refilled into the tracks at the end
    assert sum(map(len, s.tracks)) == 9 + 4 * 9


def test_lavamancing_filter_can_stop_early() -> None:
    s = drinking("lavamancing_filter", "RRB")
    s = act(s, cm.Discard, track=0, pos=0)
    s = act(s, cm.FinishEffect)
    assert s.turn.pending is None and s.turn.hand == (0, 0, 0, 0)
