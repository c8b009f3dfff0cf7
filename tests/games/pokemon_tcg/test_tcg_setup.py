"""Setup: a recorded random draw picks who chooses to go first; shuffle and
draw 7; a hand without a Basic Pokémon is revealed and redrawn (mulligan);
Active face down and up to 5 benched, then 6 prizes and the reveal; the
opponent of a player who mulliganed more may draw up to the difference and
bench Basic Pokémon drawn so."""

from __future__ import annotations

import random

import pytest

from tabletop.games.pokemon_tcg import GAME
from tabletop.games.pokemon_tcg.cards import card
from tabletop.games.pokemon_tcg.commands import Choose, ChooseFirst, FinishSetup, SetActive
from tabletop.games.pokemon_tcg.events import ActiveSet, FirstChooserDrawn, HandDealt
from tabletop.games.pokemon_tcg.state import BETWEEN, CHOOSE_FIRST, MAIN, SETUP, State
from tabletop.kernel import IllegalCommand

ONE_BASIC = "1 Ralts SVI 84\n59 Psychic Energy"


def _basics(s: State, seat: int) -> list[int]:
    return [i for i in s.sides[seat].hand if card(s.cards[i]).is_basic_pokemon]


def _place_all(s: State) -> State:
    for seat in (0, 1):
        s = GAME.apply(s, SetActive(seat=seat, card=_basics(s, seat)[0]))
        s = GAME.apply(s, FinishSetup(seat=seat))
    return s


def test_the_winner_of_the_draw_chooses_who_goes_first() -> None:
    events = GAME.setup(2, seed=5)
    assert isinstance(events[1], FirstChooserDrawn)
    s = GAME.replay(events)
    chooser = events[1].seat
    assert s.phase == CHOOSE_FIRST and GAME.to_act(s) == [chooser]
    s = GAME.apply(s, ChooseFirst(seat=chooser, go_first=False))
    assert s.first == 1 - chooser and s.phase == SETUP


def test_deal_seven_and_place_face_down_at_the_same_time() -> None:
    s = GAME.new(2, seed=3, first_chooser=0)
    s = GAME.apply(s, ChooseFirst(seat=0, go_first=True), seed=3)
    for seat in (0, 1):
        side = s.sides[seat]
        assert len(side.hand) == 7 and len(side.deck) == 53 and _basics(s, seat)
    assert GAME.to_act(s) == [0, 1]
    basic = _basics(s, 0)[0]
    s = GAME.apply(s, SetActive(seat=0, card=basic))
    # Face down: the opponent sees that a Pokémon is placed, not which.
    theirs = GAME.view(s, 1)["sides"][0]
    assert theirs["active"] is None and theirs["face_down"] is True
    assert GAME.view(s, 0)["sides"][0]["active"]["card"] == basic
    redacted = GAME.redact(ActiveSet(seat=0, card=basic), 1)
    assert redacted.card is None


def test_the_reveal_sets_six_prizes_and_the_first_player_draws() -> None:
    s = GAME.new(2, seed=3, first_chooser=0)
    s = _place_all(GAME.apply(s, ChooseFirst(seat=0, go_first=True), seed=3))
    assert all(len(side.prizes) == 6 for side in s.sides)
    assert s.phase == MAIN and s.turn == 1 and s.current == 0
    assert len(s.sides[0].hand) == 7 and len(s.sides[0].deck) == 46  # 6 prizes, 1 draw
    assert len(s.sides[1].deck) == 47


def test_setup_refusals() -> None:
    s = GAME.new(2, seed=3, first_chooser=0)
    s = GAME.apply(s, ChooseFirst(seat=0, go_first=True), seed=3)
    with pytest.raises(IllegalCommand, match="place your Active Pokémon first"):
        GAME.apply(s, FinishSetup(seat=0))
    other = next(i for i in s.sides[0].hand if not card(s.cards[i]).is_basic_pokemon)
    with pytest.raises(IllegalCommand, match="is not a Basic Pokémon"):
        GAME.apply(s, SetActive(seat=0, card=other))


def _mulligan_game() -> State:
    """A game where seat 0 (one Basic in 60 cards) mulliganed and seat 1 did not."""
    for seed in range(100):
        s = GAME.new(2, seed=seed, first_chooser=0, decks=(ONE_BASIC, "lightning"))
        s = GAME.apply(s, ChooseFirst(seat=0, go_first=True), seed=seed)
        if s.sides[0].mulligans >= 1 and s.sides[1].mulligans == 0:
            return s
    raise AssertionError("no seed gave a mulligan")


def test_when_both_mulliganed_only_the_difference_is_drawn() -> None:
    for seed in range(100):
        s = GAME.new(2, seed=seed, first_chooser=0, decks=(ONE_BASIC, ONE_BASIC))
        s = GAME.apply(s, ChooseFirst(seat=0, go_first=True), seed=seed)
        a, b = s.sides[0].mulligans, s.sides[1].mulligans
        if a >= 1 and b >= 1 and a != b:
            break
    else:
        raise AssertionError("no seed gave two different mulligan counts")
    s = _place_all(s)
    more = 0 if a > b else 1
    assert s.extra_draws[more] == 0 and s.extra_draws[1 - more] == abs(a - b)
    assert s.prompt is not None and s.prompt.seat == 1 - more
    assert s.prompt.options == tuple(range(abs(a - b) + 1))


def test_mulligans_are_revealed_and_the_opponent_may_draw_that_many() -> None:
    s = _mulligan_game()
    mulligans = s.sides[0].mulligans
    s = _place_all(s)
    assert s.extra_draws == (0, mulligans) and s.phase == BETWEEN
    prompt = s.prompt
    assert prompt is not None and prompt.seat == 1 and prompt.kind == "extra_draws"
    assert prompt.options == tuple(range(mulligans + 1))  # "may draw": 0 is a choice
    hand = len(s.sides[1].hand)
    s = GAME.apply(s, Choose(seat=1, option=mulligans))
    assert len(s.sides[1].hand) == hand + mulligans
    if s.prompt is not None:  # Basics drawn: which to bench (none is fine)
        assert s.prompt.kind == "bench_drawn_basics" and s.prompt.need == 0
        s = GAME.apply(s, Choose(seat=1, option=s.prompt.options[0]))
        if s.prompt is not None:
            s = GAME.apply(s, Choose(seat=1, option=None))
    assert s.phase == MAIN and s.turn == 1


def test_revealed_mulligan_hands_hold_no_basic() -> None:
    for seed in range(20):
        events = GAME.setup(2, seed=seed, first_chooser=0, decks=(ONE_BASIC, ONE_BASIC))
        s = GAME.replay(events)
        dealt = GAME.decide(s, ChooseFirst(seat=0, go_first=True), random.Random(seed))
        for event in dealt:
            if isinstance(event, HandDealt):
                for hand in event.mulligans:
                    assert len(hand) == 7
                    assert not any(card(s.cards[i]).is_basic_pokemon for i in hand)
                # Revealed hands stay public; the final hand and deck order do not.
                public = GAME.redact(event, 1 - event.seat)
                assert public.mulligans == event.mulligans and public.hand is None
