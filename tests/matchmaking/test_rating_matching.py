"""Rating-aware matching (tabletop.policies.matching): property tests of the
pure planning step, plus a few worked examples."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.policies.matching import (
    BOT_LEVEL_RATINGS,
    Plan,
    Seeker,
    Window,
    bot_level_for,
    plan_tables,
)

NOW = 1000.0
WINDOW = Window(base=2.0, widen_per_second=0.5, widest=12.0, bot_wait=30.0)


@st.composite
def pools(draw: st.DrawFn, max_size: int = 14) -> list[Seeker]:
    n = draw(st.integers(0, max_size))
    return [
        Seeker(
            ticket_id=f"t{i}",
            rating=draw(st.floats(0, 50, allow_nan=False)),
            games=draw(st.integers(0, 30)),
            since=NOW - draw(st.floats(0, 60, allow_nan=False)),
        )
        for i in range(n)
    ]


def check_plan(plan: Plan, pool: list[Seeker], players: int) -> None:
    ids = [s.ticket_id for t in plan.tables for s in t.seekers]
    assert len(ids) == len(set(ids)), "a ticket sits at two tables"
    assert set(ids) <= {s.ticket_id for s in pool}
    for table in plan.tables:
        assert len(table.seekers) + table.bots == players
        assert WINDOW.fits_all(table.seekers, NOW), "a table outside someone's window"
        assert (table.bots > 0) == (table.bot_level is not None)
        if table.bots:
            assert any(NOW - s.since >= WINDOW.bot_wait for s in table.seekers)


@settings(max_examples=150, deadline=None)
@given(pools(), st.integers(2, 4))
def test_tables_are_disjoint_full_and_within_every_window(pool: list[Seeker], players: int) -> None:
    check_plan(plan_tables(pool, players, NOW, WINDOW), pool, players)


@settings(max_examples=150, deadline=None)
@given(pools(), st.integers(2, 4))
def test_whoever_waited_for_the_bots_is_seated(pool: list[Seeker], players: int) -> None:
    seated = plan_tables(pool, players, NOW, WINDOW).seated()
    assert all(s.ticket_id in seated for s in pool if NOW - s.since >= WINDOW.bot_wait)


@settings(max_examples=150, deadline=None)
@given(pools())
def test_pairing_leaves_no_two_fitting_players_unpaired(pool: list[Seeker]) -> None:
    plan = plan_tables(pool, 2, NOW, WINDOW)
    left = [s for s in pool if s.ticket_id not in plan.seated()]
    assert not any(WINDOW.fits(a, b, NOW) for i, a in enumerate(left) for b in left[i + 1 :])


@settings(max_examples=150, deadline=None)
@given(pools(), st.integers(2, 4), st.randoms(use_true_random=False))
def test_the_plan_does_not_depend_on_the_pool_order(
    pool: list[Seeker], players: int, rnd: random.Random
) -> None:
    shuffled = list(pool)
    rnd.shuffle(shuffled)
    assert plan_tables(pool, players, NOW, WINDOW) == plan_tables(shuffled, players, NOW, WINDOW)


@given(st.floats(0, 50), st.floats(0, 600), st.floats(0, 600), st.integers(0, 30))
def test_the_window_widens_with_waiting_and_is_wider_for_provisional_players(
    rating: float, a: float, b: float, games: int
) -> None:
    early, late = sorted((a, b))
    seeker = Seeker("t", rating, games, since=0.0)
    assert WINDOW.of(seeker, early) <= WINDOW.of(seeker, late)
    settled = Seeker("t", rating, WINDOW.provisional_games + games, since=0.0)
    fresh = Seeker("t", rating, 0, since=0.0)
    assert WINDOW.of(fresh, late) > WINDOW.of(settled, late)
    assert WINDOW.of(settled, late) <= WINDOW.widest


@given(st.floats(-100, 100, allow_nan=False))
def test_the_bot_level_is_the_nearest_one(rating: float) -> None:
    level = bot_level_for(rating)
    gap = abs(BOT_LEVEL_RATINGS[level] - rating)
    assert all(gap <= abs(r - rating) for r in BOT_LEVEL_RATINGS.values())


def seeker(tid: str, rating: float, waited: float = 0.0, games: int = 20) -> Seeker:
    return Seeker(tid, rating, games, since=NOW - waited)


def test_the_whole_pool_is_paired_at_once_not_greedily() -> None:
    # Greedy in arrival order pairs a with b (closest to a) and strands c and d;
    # the matching pairs a-c and b-d, both within their windows.
    pool = [seeker("a", 20.0), seeker("b", 21.0), seeker("c", 18.5), seeker("d", 22.5)]
    plan = plan_tables(pool, 2, NOW, WINDOW)
    assert len(plan.tables) == 2
    assert {frozenset(s.ticket_id for s in t.seekers) for t in plan.tables} == {
        frozenset({"a", "c"}),
        frozenset({"b", "d"}),
    }


def test_far_apart_players_wait_until_their_windows_meet() -> None:
    pool = [seeker("a", 10.0), seeker("b", 17.0)]
    assert plan_tables(pool, 2, NOW, WINDOW).tables == []
    waited = [seeker("a", 10.0, waited=12), seeker("b", 17.0, waited=12)]
    assert len(plan_tables(waited, 2, NOW, WINDOW).tables) == 1


def test_a_provisional_player_is_matched_wider() -> None:
    pool = [seeker("new", 10.0, games=0), seeker("old", 13.0, games=0)]
    assert len(plan_tables(pool, 2, NOW, WINDOW).tables) == 1
    settled = [seeker("new", 10.0), seeker("old", 13.0)]
    assert plan_tables(settled, 2, NOW, WINDOW).tables == []


def test_four_players_are_grouped_by_rating() -> None:
    ratings = [10, 30, 11, 31, 12, 29, 13, 32]
    pool = [seeker(f"p{i}", float(r), waited=4) for i, r in enumerate(ratings)]
    plan = plan_tables(pool, 4, NOW, WINDOW)
    assert sorted(sorted(s.rating for s in t.seekers) for t in plan.tables) == [
        [10, 11, 12, 13],
        [29, 30, 31, 32],
    ]


def test_the_backfill_bots_play_near_the_waiting_players_rating() -> None:
    strong = plan_tables([seeker("s", 34.0, waited=40)], 2, NOW, WINDOW).tables
    weak = plan_tables([seeker("w", 14.0, waited=40)], 3, NOW, WINDOW).tables
    assert [(t.bots, t.bot_level) for t in strong] == [(1, "expert")]
    assert [(t.bots, t.bot_level) for t in weak] == [(2, "easy")]
