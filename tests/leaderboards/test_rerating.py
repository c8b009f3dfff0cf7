"""Re-rating a season from its games equals what the live application built
game by game (ratings are a pure function of the log), and seasons split
where the quarters do."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.leaderboards.application import FinishedGame, Ratings
from tabletop.leaderboards.persistence import MEMORY_ENV
from tabletop.leaderboards.rating_rules import bots_only
from tabletop.leaderboards.rerating import rerate, season_board
from tabletop.leaderboards.seasons import season_of
from tabletop.messaging.matchmaking import SeatInfo, Seating

PLAYERS = ["ann", "bob", "cy", "dee", "eve"]
START = datetime(2026, 9, 20, tzinfo=UTC)  # the games run across the Q3/Q4 boundary


@st.composite
def histories(draw: st.DrawFn) -> list[FinishedGame]:
    games = []
    for i in range(draw(st.integers(1, 25))):
        seated = draw(st.lists(st.sampled_from(PLAYERS), min_size=2, max_size=4, unique=True))
        ranks = draw(st.lists(st.integers(0, 3), min_size=len(seated), max_size=len(seated)))
        at = START + timedelta(days=draw(st.integers(0, 30)) if i else 0)
        games.append(FinishedGame(f"g{i}", "toy", seated, ranks, at, position=10 * (i + 1)))
    # a redelivered game at a later position counts once, as live
    if draw(st.booleans()):
        games.append(FinishedGame(games[0].game_id, "toy", games[0].player_ids,
                                  games[0].ranks, games[0].finished_at, 10_000))  # fmt: skip
    return games


@settings(max_examples=40, deadline=None)
@given(histories())
def test_rerating_the_games_equals_the_live_ratings(games: list[FinishedGame]) -> None:
    live = Ratings(MEMORY_ENV)
    for game in games:
        live.apply(game)
    again = rerate(games)
    for (kind, player), standing in again.items():
        rating = live.rating(kind, player)
        assert (rating.mu, rating.sigma, rating.games) == (
            standing.skill.mu,
            standing.skill.sigma,
            standing.games,
        )
        assert rating.seasons == standing.seasons
    assert {p for _, p in again} == {p for g in games for p in g.player_ids}


@settings(max_examples=40, deadline=None)
@given(histories())
def test_a_season_board_is_where_players_stood_after_their_last_game_of_it(
    games: list[FinishedGame],
) -> None:
    live = Ratings(MEMORY_ENV)
    for game in games:
        live.apply(game)
    standings = rerate(games)
    for season in {season_of(g.finished_at) for g in games if g.finished_at}:
        board = season_board(standings, "toy", season)
        for player, ordinal, played in board:
            in_season = [e for e in live.history("toy", player)
                         if e.finished_at and season_of(e.finished_at) == season]  # fmt: skip
            assert played == len(in_season)
            last = in_season[-1]
            assert ordinal == last.mu - 3 * last.sigma


def test_seasons_are_calendar_quarters_in_utc() -> None:
    assert season_of(datetime(2026, 9, 30, 23, 59, tzinfo=UTC)) == "2026-07"
    assert season_of(datetime(2026, 10, 1, tzinfo=UTC)) == "2026-10"
    assert season_of(datetime(2027, 1, 1, 0, 30, tzinfo=UTC) - timedelta(hours=1)) == "2026-10"
    # a local time is placed by its UTC instant: 01:00 at UTC+3 is still last year
    east = datetime(2027, 1, 1, 1, 0, tzinfo=timezone(timedelta(hours=3)))
    assert season_of(east) == "2026-10"


def test_games_between_bots_only_are_never_rated() -> None:
    seating = Seating(game_id="m-1", game="toy",
                      seats=[SeatInfo(player_id="ann", bot="easy"),
                             SeatInfo(player_id="bot-hard-1", bot="hard")])  # fmt: skip
    assert bots_only(["ann", "bot-hard-1"], seating)
    assert bots_only(["bot-easy-1", "bot-easy-2"], None)  # the seating is gone: the ids tell
    seats = [SeatInfo(player_id="ann"), SeatInfo(player_id="bot-easy-1", bot="easy")]
    human = Seating(game_id="m-2", game="toy", seats=seats)
    assert not bots_only(["ann", "bot-easy-1"], human)
    assert not bots_only([], None)
