"""The games' bot heuristics (`evaluation.py` in each game package) value
what the bots must weigh: here, the tactic cards a Schotten Totten hand holds."""

from __future__ import annotations

from tabletop.games import get_game
from tabletop.games.schotten_totten.cards import TACTIC_CARDS, clan_card
from tabletop.games.schotten_totten.evaluation import shares

GAME = get_game("schotten-totten")


def _with_hand(variant: str, hand: tuple[int, ...]):
    state = GAME.new(2, seed=1, variant=variant)
    return state._replace(hands=(tuple(sorted(hand)), state.hands[1]))


def test_tactic_cards_held_are_worth_something_until_they_clog_the_hand() -> None:
    clan = (*(clan_card(c, 5) for c in range(6)), clan_card(0, 6))
    worth = [
        shares(_with_hand("tactics", (*clan[: 7 - n], *TACTIC_CARDS[:n])))[0] for n in range(5)
    ]
    assert worth[0] < worth[1] < worth[2]  # a card or two in reserve
    assert worth[2] > worth[3] > worth[4]  # more crowd out the clan cards
    # Base game: the hand is not counted (no tactic cards to hold).
    assert shares(_with_hand("base", clan[:6]))[0] == shares(_with_hand("base", clan[1:]))[0]


def test_only_the_public_count_of_tactic_cards_matters() -> None:
    """Which tactic cards the opponent holds is hidden (search samples them):
    the evaluation must not depend on it."""
    clan = tuple(clan_card(c, 5) for c in range(5))
    values = {shares(_with_hand("tactics", (*clan, *pair)))[0] for pair in ((54, 63), (58, 59))}
    assert len(values) == 1
