"""The games' bot heuristics (`evaluation.py` in each game package) value
what the bots must weigh: here, the tactic cards a Schotten Totten hand holds."""

from __future__ import annotations

from tabletop.games import get_game
from tabletop.games.schotten_totten.cards import JOKER_A, JOKER_B, TRAITOR, clan_card
from tabletop.games.schotten_totten.evaluation import shares

GAME = get_game("schotten-totten")


def _with_hand(variant: str, hand: tuple[int, ...], joker_used: bool = False):
    state = GAME.new(2, seed=1, variant=variant)
    other = state.hands[1]
    return state._replace(hands=(tuple(sorted(hand)), other), joker_used=(joker_used, False))


def test_a_held_tactic_card_is_worth_something_in_the_tactics_variant() -> None:
    clan = tuple(clan_card(c, 5) for c in range(6))
    plain = shares(_with_hand("tactics", (*clan, clan_card(0, 1))))[0]
    traitor = shares(_with_hand("tactics", (*clan, TRAITOR)))[0]
    assert traitor > plain
    # Base game: the hand is not counted (no tactic cards to hold).
    assert shares(_with_hand("base", clan))[0] == shares(_with_hand("base", clan[::-1]))[0]


def test_a_second_joker_is_dead_once_one_was_played() -> None:
    clan = tuple(clan_card(c, 5) for c in range(6))
    fresh = shares(_with_hand("tactics", (*clan, JOKER_A)))[0]
    dead = shares(_with_hand("tactics", (*clan, JOKER_B), joker_used=True))[0]
    plain = shares(_with_hand("tactics", (*clan, clan_card(0, 1))))[0]
    assert fresh > plain > dead
