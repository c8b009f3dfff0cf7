"""The conformance suite on the toy game: it passes on a sound game and
fails on games that leak hidden information (in views, or in the shape of what
a move causes) or sample unfairly."""

from __future__ import annotations

import pytest

from tests.conformance import checks
from tests.toy_game import LeakyToyGame, PeekingToyGame, SearchingToyGame, ToyGame


@pytest.mark.parametrize("players", [2, 3])
def test_sound_game_passes_every_check(players: int) -> None:
    game = ToyGame()
    for seed in range(20):
        checks.check_finishes(game, players, seed, {})
        run = checks.play(game, players, seed, {})
        checks.check_replay(game, run)
        checks.check_json_round_trip(game, run)
        checks.check_hidden_information(game, run, every=1)
        checks.check_moves_look_alike(game, run, every=1)
        checks.check_refusals(game, run, seed)


def test_leaky_view_is_caught() -> None:
    game = LeakyToyGame()
    run = checks.play(game, 2, 1, {})
    with pytest.raises(AssertionError, match="changed that seat's view"):
        checks.check_hidden_information(game, run, every=1)


def test_peeking_sampler_is_caught() -> None:
    game = PeekingToyGame()
    run = checks.play(game, 2, 1, {})
    with pytest.raises(AssertionError, match="reads hidden state"):
        checks.check_hidden_information(game, run, every=1)


def test_move_that_shows_whether_the_deck_holds_a_card_is_caught() -> None:
    game = SearchingToyGame()
    run = checks.play(game, 2, 1, {})
    checks.check_hidden_information(game, run, every=1)  # the views alone leak nothing
    with pytest.raises(AssertionError, match="tells what is hidden"):
        checks.check_moves_look_alike(game, run, every=1)
