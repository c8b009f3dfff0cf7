"""Rating updates and the exactly-once rules of the ratings application,
on eventsourcing's in-memory recorder (fast; the service uses PostgreSQL)."""

from __future__ import annotations

import pytest

from tabletop.leaderboards.application import FinishedGame, Ratings
from tabletop.leaderboards.persistence import MEMORY_ENV, eventsourcing_env
from tabletop.leaderboards.skill import Skill, rate


def test_winner_gains_loser_loses_and_ties_move_together() -> None:
    win, lose = rate([Skill(), Skill()], [0, 1])
    assert win.mu > 25 > lose.mu
    assert win.sigma < Skill().sigma
    a, b, c = rate([Skill(), Skill(), Skill()], [0, 0, 1])
    assert a == b and a.mu > c.mu
    upset = rate([Skill(mu=20), Skill(mu=30)], [0, 1])
    expected = rate([Skill(mu=30), Skill(mu=20)], [0, 1])
    assert upset[0].mu - 20 > expected[0].mu - 30  # beating a stronger player is worth more


def test_rated_games_have_two_to_four_players() -> None:
    with pytest.raises(ValueError):
        rate([Skill()], [0])
    with pytest.raises(ValueError):
        rate([Skill()] * 5, [0, 1, 2, 3, 4])
    with pytest.raises(ValueError):
        rate([Skill()] * 2, [0])


def game(game_id: str, position: int, players: list[str], ranks: list[int]) -> FinishedGame:
    return FinishedGame(game_id, "toy", players, ranks, None, position)


def test_a_game_fed_twice_is_rated_once() -> None:
    app = Ratings(MEMORY_ENV)
    assert app.apply(game("g1", 10, ["ann", "bob"], [0, 1])) is not None
    ann = app.rating("toy", "ann")
    assert app.apply(game("g1", 10, ["ann", "bob"], [0, 1])) is None  # same position
    assert app.apply(game("g1", 12, ["ann", "bob"], [0, 1])) is None  # same game, new position
    assert app.rating("toy", "ann").mu == ann.mu
    assert [e.game_id for e in app.history("toy", "ann")] == ["g1"]
    assert app.apply(game("g2", 20, ["bob", "ann", "cy"], [0, 1, 1])) is not None
    history = app.history("toy", "ann")
    assert [e.game_id for e in history] == ["g1", "g2"]
    assert history[1].mu_before == history[0].mu
    assert app.rating("toy", "cy").games == 1


def test_ratings_are_per_game_type() -> None:
    app = Ratings(MEMORY_ENV)
    app.apply(game("g1", 1, ["ann", "bob"], [0, 1]))
    assert app.rating("other", "ann").games == 0


def test_database_url_becomes_eventsourcing_settings() -> None:
    env = eventsourcing_env("postgresql://u:p%40ss@db.example:6543/tt", "lb")
    assert env["POSTGRES_HOST"] == "db.example"
    assert env["POSTGRES_PORT"] == "6543"
    assert env["POSTGRES_PASSWORD"] == "p@ss"
    assert env["POSTGRES_DBNAME"] == "tt"
    assert env["POSTGRES_SCHEMA"] == "lb"
    with pytest.raises(ValueError):
        eventsourcing_env("mysql://x/y", "lb")
