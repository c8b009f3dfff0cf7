"""Wilson intervals against known values; ratings move the right way."""

from __future__ import annotations

import pytest

from tabletop.policies import make_policy
from tabletop.policies.stats import Ratings, wilson
from tabletop.policies.tournament import labels_for, schedule


def test_wilson_interval_known_values() -> None:
    low, high = wilson(19, 20)
    assert low == pytest.approx(0.7639, abs=1e-4)
    assert high == pytest.approx(0.9911, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_ratings_reward_the_winner() -> None:
    ratings = Ratings(2)
    for _ in range(5):
        ratings.rate([0, 1], [0, 1])
    assert ratings[0].mu > ratings[1].mu


def test_schedule_rotates_seats_over_every_lineup() -> None:
    matches = schedule(entrants=3, players=2, games=4, seed=0)
    assert len(matches) == 3 * 4
    firsts = [m.seats[0] for m in matches if m.lineup == (0, 1)]
    assert firsts == [0, 1, 0, 1]
    four = schedule(entrants=4, players=4, games=4, seed=0)
    assert sorted(m.seats.index(0) for m in four) == [0, 1, 2, 3]
    with pytest.raises(ValueError):
        schedule(entrants=1, players=2, games=1, seed=0)


def test_repeated_policies_get_numbered_labels() -> None:
    policies = [make_policy(s) for s in ("ismcts:10", "greedy", "greedy", "greedy")]
    assert labels_for(policies) == ["ismcts:10", "greedy", "greedy#2", "greedy#3"]


def test_ratings_do_not_depend_on_the_order_the_games_finished_in() -> None:
    """Entrant 1 wins 13 of 20. Game by game, OpenSkill rates entrant 0
    higher when its 7 wins come last; a tournament's rating must not."""
    wins_first = [1] * 13 + [0] * 7  # the winner of each game, in order
    interleaved = [1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 1]
    assert sorted(interleaved) == sorted(wins_first)
    tables = []
    for order in (wins_first, wins_first[::-1], interleaved):
        ratings = Ratings(2)
        for winner in order:
            ratings.rate([0, 1], [0, 1] if winner == 0 else [1, 0])
        tables.append((ratings[0].mu, ratings[1].mu))
    for loser, winner in tables:
        assert winner > loser + 2
    assert tables[0] == tables[1] == tables[2]
