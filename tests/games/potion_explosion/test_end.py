"""Skill tokens (the rulebook's A, B, C example), the game clock, the end of
the game (the rulebook's four-player example), scoring and the tie-break."""

from __future__ import annotations

from tabletop.games.potion_explosion import GAME
from tabletop.games.potion_explosion import commands as cm
from tabletop.games.potion_explosion.scoring import score
from tabletop.games.potion_explosion.state import OVER, PLAY, TIEBREAK, Player, State
from tabletop.games.potion_explosion.turns import skill_awards
from tabletop.kernel import replace

from .helpers import act, hand, playing, seat, table, tile

FULL = ("RBKYRBKYR",) * 5


def test_rulebook_skill_token_example() -> None:
    """Sujin: the 3rd Lavamancing Filter (A), the 3rd Blind Love (B), the 5th
    different type (C); a 6th Lavamancing Filter and a second set of five
    different types earn nothing more."""
    p = Player()
    lava, love = "lavamancing_filter", "blind_love"
    assert skill_awards(replace(p, completed=(tile(lava), tile(lava, 1)))) == []
    # A: the third Lavamancing Filter.
    three = replace(p, completed=(tile(lava), tile(lava, 1), tile(lava, 2)))
    assert skill_awards(three) == [lava]
    # B: the third Blind Love (A already received).
    done_a = replace(three, mastered=(7,), skills=1)
    b = replace(done_a, completed=(*done_a.completed, tile(love), tile(love, 1), tile(love, 2)))
    assert skill_awards(b) == [love]
    # C: the fifth different type.
    done_b = replace(b, mastered=(2, 7), skills=2)
    kinds = ("wisdom", "prismatic_joy", "abyssal_draft")
    c = replace(done_b, completed=(*done_b.completed, *(tile(k) for k in kinds)))
    assert skill_awards(c) == ["variety"]
    done_c = replace(c, variety=True, skills=3)
    # Nothing more: 6 Lavamancing Filters, a second set of five types.
    more = (tile(lava, 3), tile(lava, 4), tile(lava, 5), tile("sands_of_time"))
    more += (tile("wisdom", 1), tile("prismatic_joy", 1), tile("abyssal_draft", 1))
    assert skill_awards(replace(done_c, completed=(*done_c.completed, *more))) == []


def test_one_potion_can_count_for_both_tokens() -> None:
    wisdoms = tuple(tile("wisdom", i) for i in range(3))
    others = tuple(tile(k) for k in ("blind_love", "prismatic_joy", "abyssal_draft"))
    p = replace(Player(), completed=wisdoms + others)
    assert skill_awards(p) == ["wisdom"]  # 4 types so far
    p = replace(p, mastered=(0,), skills=1, completed=(*p.completed, tile("sands_of_time")))
    assert skill_awards(p) == ["variety"]  # the wisdoms count again among the five


def _award_turn(s: State, seat_: int) -> State:
    """Seat `seat_` ends a turn having just completed its third Wisdom."""
    w = [tile("wisdom", i) for i in range(3)]
    s = seat(s, seat_, completed=tuple(w))
    s = hand(table(s, tracks=FULL), "", taken=True)
    return act(s, cm.EndTurn)


def _quiet_turn(s: State) -> State:
    s = hand(table(s, tracks=FULL), "", taken=True)
    return act(s, cm.EndTurn)


def test_rulebook_end_of_game_example() -> None:
    """Four players; 5 clock tokens are gone. Sujin (seat 1) takes the last:
    the end is triggered. Sungbae (2) earns nothing; Gyuram (3) makes a third
    potion of a type and takes a token from the general supply; the game ends
    after Gyuram's turn, everyone having played as many turns."""
    s = playing(4)
    assert s.clock == 6 and s.supply == 9
    s = replace(s, clock=1)
    s = _quiet_turn(s)  # Sanghee (seat 0)
    assert s.current == 1
    s = _award_turn(s, 1)  # Sujin takes the last clock token
    assert s.clock == 0 and s.ending == "clock" and s.players[1].skills == 1
    assert s.current == 2 and s.phase == PLAY  # the round goes on
    s = _quiet_turn(s)  # Sungbae
    assert s.current == 3 and s.phase == PLAY
    s = _award_turn(s, 3)  # Gyuram: from the general supply
    assert s.players[3].skills == 1 and s.supply == 8 and s.clock == 0
    # Game over: Sujin and Gyuram tie on points, so they take tie-break marbles.
    assert s.phase == TIEBREAK and s.tiebreak == (1, 3) and GAME.to_act(s) == [1]


def test_last_potion_tile_triggers_the_end() -> None:
    s = playing(2)
    last = s.stacks[0][0]
    s = replace(s, stacks=((last,), (), (), (), ()))
    s = seat(s, 0, burners=(None, (s.players[0].burners[1].tile, "")))
    s = hand(table(s, tracks=FULL), "", taken=True)
    s = act(act(s, cm.EndTurn), cm.ChooseStack, stack=0)
    assert s.ending == "stacks" and s.current == 1 and s.phase == PLAY
    s = _quiet_turn(s)  # no potion left to refill: burners stay short
    assert s.phase in (OVER, TIEBREAK)


def test_score_counts_potions_tokens_and_little_help() -> None:
    p = replace(Player(), completed=(0, 10), drunk=(True, False), skills=2, helps=3)
    assert score(p) == 5 + 6 + 8 - 6  # a Wisdom starter, a 5-hole Magnetic Attraction


def test_tie_break_most_marbles_wins() -> None:
    s = playing(2)
    s = replace(s, current=1, ending="clock")
    s = _quiet_turn(s)
    assert s.phase == TIEBREAK and s.tiebreak == (0, 1)
    assert GAME.to_act(s) == [0]
    assert all(isinstance(c, cm.Take) for c in GAME.legal_commands(s, 0))
    s = table(s, tracks=("BRRRK", "YKY", "", "", ""), reservoir=(0, 0, 0, 0))
    s = act(s, cm.Take, track=1, pos=1)  # 3 marbles
    assert GAME.to_act(s) == [1] and GAME.outcome(s) is None
    s = act(s, cm.Take, track=0, pos=2)  # 3 marbles: still tied
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.ranks == (0, 0)
    assert s.tiebreak_marbles == (3, 3)


def test_tie_break_decides() -> None:
    s = replace(playing(2), current=1, ending="clock")
    s = _quiet_turn(s)
    s = table(s, tracks=("BRRRK", "YKY", "", "", ""), reservoir=(0, 0, 0, 0))
    s = act(act(s, cm.Take, track=0, pos=0), cm.Take, track=1, pos=1)  # 1 marble, 3 marbles
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.ranks == (1, 0) and outcome.reason == "clock"
    assert outcome.scores[0] == outcome.scores[1]


def test_clear_winner_needs_no_tie_break() -> None:
    s = replace(playing(2), current=1, ending="clock")
    s = seat(s, 0, completed=(0,))
    s = _quiet_turn(s)
    outcome = GAME.outcome(s)
    assert s.phase == OVER and outcome is not None and outcome.ranks == (0, 1)
